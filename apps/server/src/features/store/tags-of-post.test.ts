import { hashtagsOfPost } from '@tagscout/core/hashtags';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tagsOfPost } from './tags-of-post.js';

describe('tagsOfPost', () => {
  const rawTag = fc.oneof(
    fc.constantFrom(
      'Beach',
      '#beach',
      'beach',
      'ｔａｇ',
      'two words',
      '',
      '#',
      'Sun\u200B',
      '🍕',
      'pizza🍕',
      'café',
      'cafe\u0301',
    ),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
  );
  const post = fc.record(
    { hashtags: fc.array(rawTag, { maxLength: 8 }), caption: fc.string({ maxLength: 40 }) },
    { requiredKeys: [] },
  );

  it('gives exactly what the core rule hashtagsOfPost gives, asked once or again', () => {
    fc.assert(
      fc.property(post, (value) => {
        expect(tagsOfPost(value)).toEqual(hashtagsOfPost(value));
        expect(tagsOfPost(value)).toEqual(hashtagsOfPost(value));
      }),
      { numRuns: 2000 },
    );
  });
});
