import { describe, expect, it } from 'vitest';
import { emojiTags } from './emoji.js';
import { TOPICS } from './topics.js';
import { GENERIC_TAGS } from './words.js';

const TAG = /^[\p{L}\p{M}\p{N}_]+$/u;

describe('TOPICS', () => {
  it('covers forty-odd topics with real tags, lower-case and without spaces or #', () => {
    expect(TOPICS.length).toBeGreaterThanOrEqual(40);
    for (const topic of TOPICS) {
      const foreign = topic.foreign.split(';').flatMap((part) => part.split(':')[1]!.trim().split(' '));
      for (const tag of [...topic.core.split(' '), ...topic.stems.split(' '), ...foreign]) {
        expect(tag, topic.name).toMatch(TAG);
        expect(tag).toBe(tag.toLowerCase());
      }
      expect(topic.core.split(' ').length, topic.name).toBeGreaterThanOrEqual(10);
    }
  });

  it('names only topics that exist as related', () => {
    const names = new Set(TOPICS.map((t) => t.name));
    for (const topic of TOPICS)
      for (const name of topic.related.split(' ')) expect(names, topic.name).toContain(name);
  });

  it('leads with the tags the README points users to', () => {
    const leads = TOPICS.map((t) => t.core.split(' ')[0]);
    for (const tag of ['travel', 'food', 'fitness', 'photography', 'nature', 'beach', 'coffee']) {
      expect(leads).toContain(tag);
    }
    expect(GENERIC_TAGS.en.split(' ')[0]).toBe('love');
  });

  it('turns emoji into bare and named emoji tags', () => {
    expect(emojiTags(['🍕', '☀️'])).toEqual(['🍕', 'pizza🍕', '☀️', 'sun☀️']);
  });
});
