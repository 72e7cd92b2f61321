import type { SuggestionSource } from './suggest-hashtags.js';
import { TagIds } from './tag-ids.js';

/** Tag ids for every call's windows; at most this many names before the numbering starts again. */
export const suggestionTagIds = new TagIds(500_000);
const tagIds = suggestionTagIds;

/**
 * What a source's posts give every call, in tag ids of the numbering's `generation`, in typed arrays
 * (a cached window keeps its digest: about 90 KB for 500 posts, where maps of names took 500 KB).
 */
export interface Digest {
  generation: number;
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
  /** The distinct authors of posts carrying `tags[i]`: authorNames[authorIds[authorStarts[i] ..]]. */
  authorStarts: Int32Array;
  authorIds: Int32Array;
  authorNames: string[];
}

// Kept while the caller keeps the source (a cached window, or the bench's thousands of lists).
const digests = new WeakMap<SuggestionSource, Digest>();

export function digestOf(source: SuggestionSource): Digest {
  const kept = digests.get(source);
  if (kept?.generation === tagIds.generation) return kept;
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
  let only: { digest: Digest; at: number } | undefined;
  let union: Set<string> | undefined;
  for (const digest of digests) {
    const at = indexOfTag(digest, id);
    if (at < 0) continue;
    if (only === undefined) {
      only = { digest, at };
      continue;
    }
    union ??= new Set(authorsAt(only.digest, only.at));
    for (const author of authorsAt(digest, at)) union.add(author);
  }
  if (union) return union.size;
  return only ? only.digest.authorStarts[only.at + 1]! - only.digest.authorStarts[only.at]! : 0;
}

function* authorsAt(digest: Digest, at: number): Iterable<string> {
  for (let index = digest.authorStarts[at]!; index < digest.authorStarts[at + 1]!; index++) {
    yield digest.authorNames[digest.authorIds[index]!]!;
  }
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
  const subcounts = new Map<number, number>();
  const tagAuthors = new Map<number, Set<number>>();
  const authorIndex = new Map<string, number>();
  const authorNames: string[] = [];
  const posts = new DistinctPosts();
  let postsCarryOwnTag = true;
  source.posts.forEach((post, index) => {
    const ids = Int32Array.from(new Set(post), (name) => tagIds.idOf(name)).sort();
    if (!ids.includes(ownId)) postsCarryOwnTag = false;
    posts.add(ids);
    // An unauthored post is its own author, known by its tag set (the same post in two windows is one).
    const author = source.authors?.[index] ?? `#${ids.join(' ')}`;
    let authorId = authorIndex.get(author);
    if (authorId === undefined) {
      authorId = authorNames.push(author) - 1;
      authorIndex.set(author, authorId);
    }
    for (const id of ids) {
      if (id === ownId) continue;
      subcounts.set(id, (subcounts.get(id) ?? 0) + 1);
      const authors = tagAuthors.get(id);
      if (authors) authors.add(authorId);
      else tagAuthors.set(id, new Set([authorId]));
    }
  });

  const tags = Int32Array.from(subcounts.keys()).sort();
  const authorStarts = new Int32Array(tags.length + 1);
  const authorIds: number[] = [];
  tags.forEach((id, index) => {
    for (const author of tagAuthors.get(id)!) authorIds.push(author);
    authorStarts[index + 1] = authorIds.length;
  });
  return {
    generation: tagIds.generation,
    tags,
    subcounts: Int32Array.from(tags, (id) => subcounts.get(id)!),
    counts: source.tags && Float64Array.from(tags, (id) => countIn(source.tags!, tagIds.nameOf(id))),
    ...posts.arrays(),
    postsCarryOwnTag,
    authorStarts,
    authorIds: Int32Array.from(authorIds),
    authorNames,
  };
}

function countIn(tags: NonNullable<SuggestionSource['tags']>, name: string): number {
  const count = tags.get(name)?.count;
  return count === undefined || count < 0 ? Number.NaN : count;
}

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
