import type { SuggestionSource } from './suggest-hashtags.js';
import { TagIds } from './tag-ids.js';

/** Tag ids for every call's windows; at most this many names before the numbering starts again. */
export const suggestionTagIds = new TagIds(500_000);
const tagIds = suggestionTagIds;
/** Authors numbered apart from tags, so a call's counters by tag id stay dense. */
export const suggestionAuthorIds = new TagIds(500_000);
const authors = suggestionAuthorIds;

/**
 * What a source's posts give every call, in tag ids of the numbering's `generation`, in typed arrays
 * (a cached window keeps its digest: about 90 KB for 500 posts, where maps of names took 500 KB).
 */
export interface Digest {
  generation: number;
  authorGeneration: number;
  /** The window's tags in id order (the source's own tag left out) and how many posts carry each. */
  tags: Int32Array;
  subcounts: Int32Array;
  /** The post count of each of `tags` (NaN: unknown), when the source has them. */
  counts: Float64Array | undefined;
  /** Its distinct posts (by tag set): their tag ids in order, one post after another, and where each starts. */
  postTags: Int32Array;
  postStarts: Int32Array;
  /** A hash of each distinct post's tag ids, to find the same post in another window. */
  postHashes: Int32Array;
  /** Whether every post carries the source's own tag. */
  postsCarryOwnTag: boolean;
  /** The distinct authors of posts carrying `tags[i]`: authorIds[authorStarts[i] ..], in suggestionAuthorIds. */
  authorStarts: Int32Array;
  authorIds: Int32Array;
}

// Kept while the caller keeps the source (a cached window, or the bench's thousands of lists).
const digests = new WeakMap<SuggestionSource, Digest>();

export function digestOf(source: SuggestionSource): Digest {
  const kept = digests.get(source);
  if (kept?.generation === tagIds.generation && kept.authorGeneration === authors.generation) return kept;
  const digest = buildDigest(source);
  digests.set(source, digest);
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

/** A candidate's distinct authors over every window; an unauthored post is known by its tag set. */
export function countAuthorsOverWindows(digests: readonly Digest[], id: number): number {
  scratch.newStamp();
  const { marks, stamp } = scratch;
  let count = 0;
  for (const digest of digests) {
    const at = indexOfTag(digest, id);
    if (at < 0) continue;
    for (let index = digest.authorStarts[at]!; index < digest.authorStarts[at + 1]!; index++) {
      const author = digest.authorIds[index]!;
      if (marks[author] === stamp) continue;
      marks[author] = stamp;
      count++;
    }
  }
  return count;
}

/** Where `id` is in `digest.tags` (in id order), or -1. */
function indexOfTag(digest: Digest, id: number): number {
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

function buildDigest(source: SuggestionSource): Digest {
  const ownId = tagIds.idOf(source.hashtag);
  const posts = source.posts;
  // Each post's distinct tag ids in order, one post after another, and who wrote it.
  const allStarts = new Int32Array(posts.length + 1);
  const allTags = new Int32Array(posts.reduce((sum, post) => sum + post.length, 0));
  const postAuthors = new Int32Array(posts.length);
  const distinct = new DistinctPosts();
  let end = 0;
  let postsCarryOwnTag = true;
  posts.forEach((post, index) => {
    const start = end;
    for (const name of post) allTags[end++] = tagIds.idOf(name);
    end = start + sortedUnique(allTags.subarray(start, end));
    allStarts[index + 1] = end;
    const ids = allTags.subarray(start, end);
    if (!ids.includes(ownId)) postsCarryOwnTag = false;
    distinct.add(ids);
    // An unauthored post is its own author, known by its tag set (the same post in two windows is one).
    postAuthors[index] = authors.idOf(source.authors?.[index] ?? `#${ids.join(' ')}`);
  });
  const { tags, subcounts, authorStarts, authorIds } = tagsWithAuthors(
    ownId,
    allTags,
    allStarts,
    postAuthors,
  );
  return {
    generation: tagIds.generation,
    authorGeneration: authors.generation,
    tags,
    subcounts,
    counts: source.tags && countsOf(tags, source.tags),
    ...distinct.arrays(),
    postsCarryOwnTag,
    authorStarts,
    authorIds,
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
  postTags: Int32Array,
  postStarts: Int32Array,
  postAuthors: Int32Array,
) {
  const counter = scratch.counter();
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

/** Each tag's post count as the source read it (NaN: unknown). */
function countsOf(ids: Int32Array, tags: NonNullable<SuggestionSource['tags']>): Float64Array {
  // Filled in a loop: a typed array's from() with a mapping function took 35 times as long (issue 33).
  const counts = new Float64Array(ids.length);
  for (let index = 0; index < ids.length; index++) {
    const count = tags.get(tagIds.nameOf(ids[index]!))?.count;
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

  /** Counters by tag id, zero (the caller sets back to zero what it used). */
  counter(): Int32Array {
    if (this.counts.length < tagIds.size) this.counts = new Int32Array(Math.max(tagIds.size * 2, 1024));
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
