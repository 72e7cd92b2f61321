import { countSubcounts } from './count-subcounts.js';
import type { SuggestionSource } from './suggest-hashtags.js';
import { TagIds } from './tag-ids.js';

/** Tag ids for every call's windows; at most this many names before the numbering starts again. */
export const suggestionTagIds = new TagIds(500_000);
const tagIds = suggestionTagIds;

/** A candidate's distinct authors over every window; an unauthored post is known by its tag set. */
export function countAuthorsOverWindows(digests: readonly Digest[], id: number): number {
  let first: Authors | undefined;
  let union: Set<string> | undefined;
  for (const digest of digests) {
    const authors = digest.authors.get(id);
    if (authors === undefined) continue;
    if (first === undefined) {
      first = authors;
      continue;
    }
    union ??= new Set(authorsOf(first));
    for (const author of authorsOf(authors)) union.add(author);
  }
  if (union) return union.size;
  return first === undefined ? 0 : typeof first === 'string' ? 1 : first.size;
}

/** One author, or several distinct ones. */
type Authors = string | Set<string>;

function authorsOf(authors: Authors): Iterable<string> {
  return typeof authors === 'string' ? [authors] : authors;
}

/** What a source's posts give every call, in tag ids of the numbering's `generation`. */
export interface Digest {
  generation: number;
  /** The window's tags and how many of its posts carry each (the source's own tag left out). */
  tags: Int32Array;
  subcounts: Int32Array;
  /** Its distinct posts (by tag set): their tags one after another, where each post's start, its key. */
  postTags: Int32Array;
  postStarts: Int32Array;
  postKeys: string[];
  /** Whether every post carries the source's own tag. */
  postsCarryOwnTag: boolean;
  /** The post count of each of `tags` (NaN: unknown), when the source has them. */
  counts: Float64Array | undefined;
  /** Each tag's distinct authors in this window. */
  authors: Map<number, Authors>;
}

// Kept while the caller keeps the source (the bench asks thousands of lists of the same windows).
const digests = new WeakMap<SuggestionSource, Digest>();

export function digestOf(source: SuggestionSource): Digest {
  const kept = digests.get(source);
  if (kept?.generation === tagIds.generation) return kept;
  const subcounts = countSubcounts(source.posts, source.hashtag);
  const tags = new Int32Array(subcounts.size);
  const tagSubcounts = new Int32Array(subcounts.size);
  const counts = source.tags && new Float64Array(subcounts.size);
  let index = 0;
  for (const [name, subcount] of subcounts) {
    tags[index] = tagIds.idOf(name);
    tagSubcounts[index] = subcount;
    if (counts) {
      const count = source.tags!.get(name)?.count;
      counts[index] = count === undefined || count < 0 ? Number.NaN : count;
    }
    index++;
  }
  const digest: Digest = {
    generation: tagIds.generation,
    tags,
    subcounts: tagSubcounts,
    counts,
    ...distinctPosts(source),
    authors: authorsByTag(source),
  };
  digests.set(source, digest);
  return digest;
}

function distinctPosts(source: SuggestionSource) {
  const keys = new Set<string>();
  const postKeys: string[] = [];
  const tags: number[] = [];
  const starts: number[] = [0];
  let postsCarryOwnTag = true;
  for (const post of source.posts) {
    const names = [...new Set(post)].sort();
    if (!names.includes(source.hashtag)) postsCarryOwnTag = false;
    const key = names.join(' ');
    if (keys.has(key)) continue;
    keys.add(key);
    postKeys.push(key);
    for (const name of names) tags.push(tagIds.idOf(name));
    starts.push(tags.length);
  }
  return { postKeys, postTags: Int32Array.from(tags), postStarts: Int32Array.from(starts), postsCarryOwnTag };
}

function authorsByTag(source: SuggestionSource): Map<number, Authors> {
  const byTag = new Map<number, Authors>();
  source.posts.forEach((post, index) => {
    const names = [...new Set(post)].sort();
    const author = source.authors?.[index] ?? `#${names.join(' ')}`;
    for (const name of names) {
      const id = tagIds.idOf(name);
      const before = byTag.get(id);
      if (before === undefined) byTag.set(id, author);
      else if (typeof before === 'string') {
        if (before !== author) byTag.set(id, new Set([before, author]));
      } else before.add(author);
    }
  });
  return byTag;
}
