import type { SuggestionSource } from './suggest-hashtags.js';
import { TagIds } from './tag-ids.js';

/** Tag ids for every call's windows; at most this many names before the numbering starts again. */
export const suggestionTagIds = new TagIds(500_000);
const tagIds = suggestionTagIds;
/** Authors numbered apart from tags, so a call's counters by tag id stay dense. */
export const suggestionAuthorIds = new TagIds(500_000);
const authors = suggestionAuthorIds;

/**
 * What one window's posts give every call, in typed arrays by tag id (the server's cached window is
 * its digest, not its posts: 112 KB for 500 posts with its names, where posts of names took 320 KB;
 * decision 039). The ids
 * are those of the numbering the posts came in: suggestionTagIds for windows of names, or the
 * caller's own (a store's tag ids), which never starts again.
 */
export interface Digest {
  /** The window's own tag (-1: not among the ids). */
  ownId: number;
  /** The window's tags in id order (the own tag left out) and how many posts carry each. */
  tags: Int32Array;
  subcounts: Int32Array;
  /** The post count of each of `tags` (NaN: unknown), when the window has them. */
  counts: Float64Array | undefined;
  /** Its distinct posts (by tag set): their tag ids in order, one post after another, and where each starts. */
  postTags: Int32Array;
  postStarts: Int32Array;
  /** A hash of each distinct post's tag ids, to find the same post in another window. */
  postHashes: Int32Array;
  /** Whether every post carries the own tag. */
  postsCarryOwnTag: boolean;
  /** The distinct authors of posts carrying `tags[i]`: authorIds[authorStarts[i] ..], indexes into `authors`. */
  authorStarts: Int32Array;
  authorIds: Int32Array;
  /** The window's distinct authors (an unauthored post is its own, known by its tag set). */
  authors: readonly string[];
}

/** One window's posts in some numbering of tags, to digest. */
export interface NumberedWindow {
  ownId: number;
  /** Each post's tag ids. */
  posts: readonly ArrayLike<number>[];
  /** Who wrote each post (`authors[i]` wrote `posts[i]`); when absent, each distinct post is its own author. */
  authors?: readonly string[] | undefined;
  /** A tag's post count (undefined or negative: unknown); when absent, the digest has no counts. */
  countOf?: ((id: number) => number | undefined) | undefined;
}

// Digests of windows of names (the quality bench's, the tests'), kept while the caller keeps the
// source, for the numbering's generation they were made in.
const digests = new WeakMap<SuggestionSource, { digest: Digest; generation: number }>();

/** The digest of a window of names, in suggestionTagIds. */
export function digestOf(source: SuggestionSource): Digest {
  const kept = digests.get(source);
  if (kept?.generation === tagIds.generation) return kept.digest;
  const counts = source.tags;
  const digest = digestWindow({
    ownId: tagIds.idOf(source.hashtag),
    posts: source.posts.map((post) => post.map((name) => tagIds.idOf(name))),
    authors: source.authors,
    countOf: counts && ((id) => counts.get(tagIds.nameOf(id))?.count),
  });
  digests.set(source, { digest, generation: tagIds.generation });
  return digest;
}

/** Whether two distinct posts of digests of one call carry the same tags. */
export function samePost(a: Digest, aPost: number, b: Digest, bPost: number): boolean {
  const aStart = a.postStarts[aPost]!;
  const length = a.postStarts[aPost + 1]! - aStart;
  const bStart = b.postStarts[bPost]!;
  if (b.postStarts[bPost + 1]! - bStart !== length) return false;
  for (let index = 0; index < length; index++) {
    if (a.postTags[aStart + index] !== b.postTags[bStart + index]) return false;
  }
  return true;
}

// Each digest's authors in suggestionAuthorIds, numbered again once that numbering starts again.
const authorNumbers = new WeakMap<Digest, { numbers: Int32Array; generation: number }>();

/**
 * Each digest's authors in suggestionAuthorIds, for one call: after
 * suggestionAuthorIds.startAgainIfFull, before countAuthorsOverWindows.
 */
export function authorNumbersOf(digests: readonly Digest[]): Int32Array[] {
  return digests.map((digest) => {
    const kept = authorNumbers.get(digest);
    if (kept?.generation === authors.generation) return kept.numbers;
    const numbers = new Int32Array(digest.authors.length);
    for (let index = 0; index < numbers.length; index++)
      numbers[index] = authors.idOf(digest.authors[index]!);
    authorNumbers.set(digest, { numbers, generation: authors.generation });
    return numbers;
  });
}

/** A candidate's distinct authors over every window of one call (`numbers`: authorNumbersOf them). */
export function countAuthorsOverWindows(
  digests: readonly Digest[],
  numbers: readonly Int32Array[],
  id: number,
): number {
  scratch.newStamp();
  const { marks, stamp } = scratch;
  let count = 0;
  digests.forEach((digest, digestIndex) => {
    const at = indexOfTag(digest, id);
    if (at < 0) return;
    const numbered = numbers[digestIndex]!;
    for (let index = digest.authorStarts[at]!; index < digest.authorStarts[at + 1]!; index++) {
      const author = numbered[digest.authorIds[index]!]!;
      if (marks[author] === stamp) continue;
      marks[author] = stamp;
      count++;
    }
  });
  return count;
}

/** Where `id` is in `digest.tags` (in id order), or -1. */
export function indexOfTag(digest: Digest, id: number): number {
  let low = 0;
  let high = digest.tags.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = digest.tags[middle]!;
    if (at === id) return middle;
    if (at < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** The largest tag id of a digest (its own included), or -1. */
export function largestIdOf(digest: Digest): number {
  return Math.max(digest.ownId, digest.tags.length > 0 ? digest.tags[digest.tags.length - 1]! : -1);
}

/** Digests one window's posts. */
export function digestWindow(window: NumberedWindow): Digest {
  const { ownId, posts } = window;
  // Each post's distinct tag ids in order, one post after another, and who wrote it.
  const allStarts = new Int32Array(posts.length + 1);
  let total = 0;
  let largest = ownId;
  for (const post of posts) {
    total += post.length;
    for (let index = 0; index < post.length; index++) largest = Math.max(largest, post[index]!);
  }
  const allTags = new Int32Array(total);
  const postAuthors = new Int32Array(posts.length);
  const authorIndex = new Map<string, number>();
  const distinct = new DistinctPosts();
  let end = 0;
  let postsCarryOwnTag = true;
  posts.forEach((post, index) => {
    const start = end;
    for (let at = 0; at < post.length; at++) allTags[end++] = post[at]!;
    end = start + sortedUnique(allTags.subarray(start, end));
    allStarts[index + 1] = end;
    const ids = allTags.subarray(start, end);
    if (!ids.includes(ownId)) postsCarryOwnTag = false;
    distinct.add(ids);
    // An unauthored post is its own author, known by its tag set (the same post in two windows is one).
    const author = window.authors?.[index] ?? `#${ids.join(' ')}`;
    let number = authorIndex.get(author);
    if (number === undefined) {
      number = authorIndex.size;
      authorIndex.set(author, number);
    }
    postAuthors[index] = number;
  });
  const { tags, subcounts, authorStarts, authorIds } = tagsWithAuthors(
    ownId,
    largest + 1,
    allTags,
    allStarts,
    postAuthors,
  );
  return {
    ownId,
    tags,
    subcounts,
    counts: window.countOf && countsOf(tags, window.countOf),
    ...distinct.arrays(),
    postsCarryOwnTag,
    authorStarts,
    authorIds,
    authors: [...authorIndex.keys()],
  };
}

/** Sorts `ids` and moves each id's first copy to the front; returns how many distinct. */
function sortedUnique(ids: Int32Array): number {
  ids.sort();
  let kept = 0;
  for (let index = 0; index < ids.length; index++) {
    if (kept === 0 || ids[index] !== ids[kept - 1]) ids[kept++] = ids[index]!;
  }
  return kept;
}

/**
 * Every tag of the posts but `ownId`, in id order, with how many posts carry it and their distinct
 * authors (counted in scratch arrays by id: a window holds about 6,000 tags of 500 posts).
 */
function tagsWithAuthors(
  ownId: number,
  size: number,
  postTags: Int32Array,
  postStarts: Int32Array,
  postAuthors: Int32Array,
) {
  const counter = scratch.counter(size);
  const touched: number[] = [];
  for (let index = 0; index < postStarts[postStarts.length - 1]!; index++) {
    const id = postTags[index]!;
    if (id === ownId) continue;
    if (counter[id] === 0) touched.push(id);
    counter[id]!++;
  }
  const tags = Int32Array.from(touched).sort();
  const subcounts = new Int32Array(tags.length);
  for (let index = 0; index < tags.length; index++) subcounts[index] = counter[tags[index]!]!;
  // Each tag's slots for the authors of its posts, then each tag's authors once.
  let slot = 0;
  for (const id of tags) {
    const posts = counter[id]!;
    counter[id] = slot;
    slot += posts;
  }
  const slots = new Int32Array(slot);
  for (let post = 0; post + 1 < postStarts.length; post++) {
    for (let index = postStarts[post]!; index < postStarts[post + 1]!; index++) {
      const id = postTags[index]!;
      if (id !== ownId) slots[counter[id]!++] = postAuthors[post]!;
    }
  }
  const authorStarts = new Int32Array(tags.length + 1);
  let kept = 0;
  let from = 0;
  tags.forEach((id, index) => {
    const range = slots.subarray(from, from + subcounts[index]!);
    const distinct = range.length === 1 ? 1 : sortedUnique(range);
    slots.copyWithin(kept, from, from + distinct);
    kept += distinct;
    from += range.length;
    authorStarts[index + 1] = kept;
    counter[id] = 0;
  });
  return { tags, subcounts, authorStarts, authorIds: slots.slice(0, kept) };
}

/** Each tag's post count (NaN: unknown). */
function countsOf(ids: Int32Array, countOf: (id: number) => number | undefined): Float64Array {
  // Filled in a loop: a typed array's from() with a mapping function took 35 times as long (issue 33).
  const counts = new Float64Array(ids.length);
  for (let index = 0; index < ids.length; index++) {
    const count = countOf(ids[index]!);
    counts[index] = count === undefined || count < 0 ? Number.NaN : count;
  }
  return counts;
}

/**
 * Arrays by id for building digests and counting authors, zero between uses (calls run one at a
 * time: nothing here awaits); the marks need no clearing: each count takes a new stamp.
 */
class DigestScratch {
  private counts = new Int32Array(0);
  marks = new Int32Array(0);
  stamp = 0;

  /** Counters for tag ids below `size`, zero (the caller sets back to zero what it used). */
  counter(size: number): Int32Array {
    if (this.counts.length < size) this.counts = new Int32Array(Math.max(size * 2, 1024));
    return this.counts;
  }

  /** Takes a new stamp: an author is counted once `marks[author] === stamp`. */
  newStamp(): void {
    if (this.marks.length < authors.size || this.stamp === 0x7fffffff) {
      this.marks = new Int32Array(Math.max(authors.size * 2, 1024));
      this.stamp = 0;
    }
    this.stamp++;
  }
}

const scratch = new DigestScratch();

/** A window's posts, each tag set once, with a hash of each. */
class DistinctPosts {
  private readonly tags: number[] = [];
  private readonly starts: number[] = [0];
  private readonly hashes: number[] = [];
  private readonly seen = new SeenTagSets<Int32Array>(
    (a, b) => a.length === b.length && a.every((id, index) => b[index] === id),
  );

  add(ids: Int32Array): void {
    const hash = hashOf(ids);
    if (!this.seen.addNew(hash, ids)) return;
    this.hashes.push(hash);
    for (const id of ids) this.tags.push(id);
    this.starts.push(this.tags.length);
  }

  arrays() {
    return {
      postTags: Int32Array.from(this.tags),
      postStarts: Int32Array.from(this.starts),
      postHashes: Int32Array.from(this.hashes),
    };
  }
}

/** Tag sets kept by a hash of their ids, each told apart id by id from those with the same hash. */
export class SeenTagSets<T> {
  private readonly byHash = new Map<number, T[]>();

  constructor(private readonly same: (a: T, b: T) => boolean) {}

  /** False when the same tag set was added before. */
  addNew(hash: number, item: T): boolean {
    const bucket = this.byHash.get(hash);
    if (bucket?.some((seen) => this.same(seen, item))) return false;
    if (bucket) bucket.push(item);
    else this.byHash.set(hash, [item]);
    return true;
  }
}

/** FNV-1a over the ids. */
function hashOf(ids: Int32Array): number {
  let hash = 0x811c9dc5;
  for (const id of ids) hash = Math.imul(hash ^ id, 0x01000193);
  return hash | 0;
}
