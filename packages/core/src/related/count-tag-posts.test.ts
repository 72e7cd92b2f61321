import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTagPosts } from './count-tag-posts.js';

/** The rule written the plain way: a set of posts and a set of authors per tag. */
function countBySets(
  posts: readonly (readonly string[])[],
  authors: readonly (string | undefined)[],
  self?: string,
) {
  const byTag = new Map<string, { posts: Set<number>; authors: Set<string> }>();
  posts.forEach((post, index) => {
    for (const tag of post) {
      if (tag === self) continue;
      const sets = byTag.get(tag) ?? { posts: new Set(), authors: new Set() };
      byTag.set(tag, sets);
      sets.posts.add(index);
      sets.authors.add(authors[index] === undefined ? `post ${index}` : `author ${authors[index]}`);
    }
  });
  return new Map(
    [...byTag].map(([tag, sets]) => [tag, { subcount: sets.posts.size, authors: sets.authors.size }]),
  );
}

const plain = (counted: Map<string, { subcount: number; authors: number }>) =>
  Object.fromEntries([...counted].map(([tag, { subcount, authors }]) => [tag, { subcount, authors }]));

describe('countTagPosts', () => {
  it('counts each tag once per post and each author once per tag', () => {
    const counted = countTagPosts([['beach', 'sun', 'beach'], ['beach', 'sea'], ['beach', 'sun'], ['sun']], {
      authors: ['ana', 'bo', 'ana', undefined],
    });
    expect(plain(counted)).toEqual({
      beach: { subcount: 3, authors: 2 },
      sun: { subcount: 3, authors: 2 },
      sea: { subcount: 1, authors: 1 },
    });
  });

  it('counts the posts each tag appears in, none for no posts', () => {
    const counted = countTagPosts([
      ['a', 'b'],
      ['a', 'c'],
      ['a', 'b', 'd'],
    ]);
    expect(Object.fromEntries([...counted].map(([tag, { subcount }]) => [tag, subcount]))).toEqual({
      a: 3,
      b: 2,
      c: 1,
      d: 1,
    });
    expect(countTagPosts([]).size).toBe(0);
  });

  it('never counts the item itself', () => {
    const counted = countTagPosts(
      [
        ['travel', 'beach'],
        ['travel', 'sun'],
      ],
      { self: 'travel' },
    );
    expect(counted.has('travel')).toBe(false);
    expect(plain(counted)).toEqual({ beach: { subcount: 1, authors: 1 }, sun: { subcount: 1, authors: 1 } });
  });

  it('counts by the key a tag is given', () => {
    const names = new Map([
      [1, 'travel'],
      [2, 'beach'],
    ]);
    const counted = countTagPosts(
      [
        [1, 2, 3],
        [1, 2],
      ],
      { self: 'travel', keyOf: (id: number) => names.get(id) },
    );
    expect(plain(counted)).toEqual({ beach: { subcount: 2, authors: 2 } });
  });

  it('agrees with sets of posts and authors per tag, whatever the posts', () => {
    const tag = fc.constantFrom('a', 'b', 'c', 'd', 'e');
    const post = fc.record({
      tags: fc.array(tag, { maxLength: 6 }),
      author: fc.option(fc.constantFrom('x', 'y', 'z'), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(post, { maxLength: 30 }), fc.option(tag, { nil: undefined }), (drawn, self) => {
        const posts = drawn.map((each) => each.tags);
        const authors = drawn.map((each) => each.author);
        expect(plain(countTagPosts(posts, { authors, self }))).toEqual(
          plain(countBySets(posts, authors, self)),
        );
      }),
    );
  });
});
