/** A tag's share of an item's posts. */
export interface TagPosts {
  /** How many of the posts carry the tag. */
  subcount: number;
  /** How many distinct authors wrote those posts. */
  authors: number;
}

interface Counter extends TagPosts {
  lastPost: number;
  lastAuthor: number;
}

/**
 * For each tag of the posts (`self` never counted), how many posts carry it (once per post) and how
 * many distinct authors wrote them. `authors[i]` wrote `posts[i]`; a post without an author is its own.
 * `keyOf` names a post's tag as it is counted (say, an id by its name; undefined leaves it out).
 *
 * The posts are read grouped by author, so a tag counts an author when the last author counted for
 * it was another: no set of authors per tag (those sets were most of a related list's counting).
 */
export function countTagPosts<T, K = T>(
  posts: readonly (readonly T[])[],
  options: { authors?: readonly (string | undefined)[]; self?: K; keyOf?: (tag: T) => K | undefined } = {},
): Map<K, TagPosts> {
  const { self, keyOf } = options;
  const { order, authorOf } = groupByAuthor(posts.length, options.authors);
  const counters = new Map<K, Counter>();
  for (const post of order) {
    const author = authorOf[post]!;
    for (const tag of posts[post]!) {
      const key = keyOf ? keyOf(tag) : (tag as unknown as K);
      if (key === undefined || key === self) continue;
      let counter = counters.get(key);
      if (!counter) {
        counter = { subcount: 0, authors: 0, lastPost: -1, lastAuthor: -1 };
        counters.set(key, counter);
      }
      if (counter.lastPost === post) continue;
      counter.lastPost = post;
      counter.subcount++;
      if (counter.lastAuthor !== author) {
        counter.lastAuthor = author;
        counter.authors++;
      }
    }
  }
  return counters;
}

/** The posts' indices grouped by author (in order within a group), and each post's author number. */
function groupByAuthor(
  postCount: number,
  authors: readonly (string | undefined)[] | undefined,
): { order: Int32Array; authorOf: Int32Array } {
  const authorOf = new Int32Array(postCount);
  const numbers = new Map<string, number>();
  let next = 0;
  for (let post = 0; post < postCount; post++) {
    const author = authors?.[post];
    if (author === undefined) {
      authorOf[post] = next++;
      continue;
    }
    let number = numbers.get(author);
    if (number === undefined) {
      number = next++;
      numbers.set(author, number);
    }
    authorOf[post] = number;
  }
  // A counting sort by author number.
  const starts = new Int32Array(next + 1);
  for (let post = 0; post < postCount; post++) {
    const slot = authorOf[post]! + 1;
    starts[slot] = starts[slot]! + 1;
  }
  for (let author = 0; author < next; author++) starts[author + 1] = starts[author + 1]! + starts[author]!;
  const order = new Int32Array(postCount);
  for (let post = 0; post < postCount; post++) {
    const author = authorOf[post]!;
    order[starts[author]!] = post;
    starts[author] = starts[author]! + 1;
  }
  return { order, authorOf };
}
