import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeRelatedTags } from './compute-related-tags.js';

describe('computeRelatedTags', () => {
  it('counts, thresholds and ranks the tags of an item', () => {
    const posts = [
      ['travel', 'beach', 'sun'],
      ['travel', 'beach', 'surf'],
      ['travel', 'beach', 'sun'],
      ['travel', 'city'],
    ];
    const counts: Record<string, number> = { beach: 300_000, sun: 0 };
    const related = computeRelatedTags({
      kind: 'hashtag',
      self: 'travel',
      posts,
      countOf: (tag) => counts[tag],
    });
    expect(related).toEqual([
      { hashtag: 'beach', subcount: 3, authors: 3, relevance: 25 },
      { hashtag: 'sun', subcount: 2, authors: 2, relevance: 0 },
    ]);
  });

  it('needs a tag in posts of two people: one author’s tags are never related (decision 025)', () => {
    const posts = [
      ['travel', 'spam', 'beach'],
      ['travel', 'spam', 'beach'],
      ['travel', 'spam'],
      ['travel', 'beach'],
    ];
    const related = computeRelatedTags({
      kind: 'hashtag',
      self: 'travel',
      posts,
      authors: ['bot', 'bot', 'bot', 'ana'],
      countOf: () => 0,
    });
    expect(related).toEqual([{ hashtag: 'beach', subcount: 3, authors: 2, relevance: 100 }]);
  });

  it('keeps single co-occurrences for a profile', () => {
    const related = computeRelatedTags({ kind: 'profile', posts: [['a', 'b']], countOf: () => 0 });
    expect(related.map((tag) => tag.hashtag)).toEqual(['a', 'b']);
  });

  it('passes ranking and limit through', () => {
    const posts = [
      ['a', 'b'],
      ['a', 'b'],
      ['a', 'c'],
    ];
    const counts: Record<string, number> = { a: 10, b: 1_000_000 };
    const related = computeRelatedTags({
      kind: 'profile',
      posts,
      countOf: (tag) => counts[tag],
      ranking: 'popularity',
      limit: 2,
    });
    expect(related.map((tag) => tag.hashtag)).toEqual(['b', 'a']);
  });

  it('never relates an item to itself', () => {
    const tag = fc.constantFrom('a', 'b', 'c', 'd');
    fc.assert(
      fc.property(tag, fc.array(fc.uniqueArray(tag)), (self, posts) => {
        const related = computeRelatedTags({ kind: 'profile', self, posts, countOf: () => 0 });
        expect(related.some((entry) => entry.hashtag === self)).toBe(false);
      }),
    );
  });
});
