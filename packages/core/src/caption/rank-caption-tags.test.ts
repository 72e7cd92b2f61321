import { describe, expect, it } from 'vitest';
import { authorBit, withAuthorBit } from './author-sketch.js';
import { type CaptionWordStats, rankCaptionTags } from './rank-caption-tags.js';

/** A sketch of `people` distinct authors. */
function sketchOf(...people: string[]): number {
  return people.reduce((sketch, person) => withAuthorBit(sketch, authorBit(person)), 0);
}

const many = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

const beach: CaptionWordStats = {
  word: 'beach',
  posts: 100,
  authors: sketchOf(...many('p', 10), 'loud'),
  tags: [
    { hashtag: 'beach', posts: 20, authors: sketchOf(...many('p', 10)) },
    { hashtag: 'sea', posts: 6, authors: sketchOf('p1', 'p2', 'p3') },
    // One loud author: 80 posts of the word with its own tag.
    { hashtag: 'beachdeals', posts: 80, authors: sketchOf('loud') },
  ],
};

describe('rankCaptionTags', () => {
  it('lets the plain vote follow posts, so one loud author owns the word', () => {
    expect(rankCaptionTags({ words: [beach], measure: 'vote' }).map((s) => s.hashtag)).toEqual([
      'beachdeals',
      'beach',
      'sea',
    ]);
  });

  it('counts people: 3 posts a person, and 2 people behind a pair before it votes', () => {
    const ranked = rankCaptionTags({ words: [beach], tuning: { prior: 0, names: 0 } });
    expect(ranked.map((s) => s.hashtag)).toEqual(['beach', 'sea']);
    expect(ranked[0]!.posts).toBe(20);
    // About ten people (the sketch's estimate).
    expect(Math.abs(ranked[0]!.authors - 10)).toBeLessThanOrEqual(2);
  });

  it('adds the tags popular among captions, by people, and the tags the text names', () => {
    const popular: CaptionWordStats = {
      word: '',
      posts: 1000,
      authors: sketchOf(...many('q', 60)),
      tags: [
        { hashtag: 'love', posts: 300, authors: sketchOf(...many('q', 60)) },
        { hashtag: 'spam', posts: 900, authors: sketchOf('loud') },
      ],
    };
    const ranked = rankCaptionTags({
      words: [beach],
      popular,
      named: ['fathersday'],
      exclude: new Set(['sea']),
    });
    const names = ranked.map((s) => s.hashtag);
    expect(names).toEqual(expect.arrayContaining(['beach', 'love', 'fathersday']));
    expect(names).not.toContain('spam');
    expect(names).not.toContain('sea');
    // Popularity and names say nothing of the words' posts.
    expect(ranked.find((s) => s.hashtag === 'love')).toMatchObject({ posts: 0, authors: 0 });
  });
});
