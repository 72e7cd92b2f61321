import { hashtagsOfPost } from '@tagscout/core/hashtags';
import { NETWORKS } from '@tagscout/core/networks';
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
      'K-Pop',
      'travel.',
      'foo_',
    ),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
  );
  const post = fc.record(
    { hashtags: fc.array(rawTag, { maxLength: 8 }), caption: fc.string({ maxLength: 40 }) },
    { requiredKeys: [] },
  );

  it('gives exactly what the core rule hashtagsOfPost gives, asked once or again, on every network', () => {
    const network = fc.constantFrom(undefined, ...NETWORKS);
    fc.assert(
      fc.property(post, network, network, (value, first, second) => {
        expect(tagsOfPost(value, first)).toEqual(hashtagsOfPost(value, first));
        expect(tagsOfPost(value, second)).toEqual(hashtagsOfPost(value, second));
      }),
      { numRuns: 2000 },
    );
  });
});
