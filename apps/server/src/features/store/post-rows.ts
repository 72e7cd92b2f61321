import type { CountState } from '../../db/tables.js';

/** The row a post writer creates for a tag name not stored yet. */
export interface NewTag {
  network: string;
  /** -1 (count unknown) for a tag first seen in a post; 0 for a stream's, counted from its uses. */
  postCount: number;
  countState: CountState;
  countSource: string | null;
  /** Epoch ms. */
  now: number;
}

/** A new post's own columns; the batch's columns come in `PostsOfBatch`. */
export interface NewPost {
  post_id: string;
  owner: string | null;
  /** Epoch seconds. */
  taken_at: number;
  place_id: string | null;
  tag_ids: string;
  langs: string | null;
}

/** The columns every post of one batch shares. */
export interface PostsOfBatch {
  source: string;
  submitted_by: string | null;
  network: string;
  /** 1: linked as stored; 0: left to linkPendingPosts. */
  linked: number;
}

export interface InsertedPost {
  id: number;
  post_id: string;
  taken_at: number;
  place_id: string | null;
  owner: string | null;
}

/** What removing a post needs to find its links (each by its full key). */
export interface LinkedPost {
  id: number;
  taken_at: number;
  tag_ids: string;
  owner: string | null;
  place_id: string | null;
}

export function tagIdsOfPost(post: Pick<LinkedPost, 'tag_ids'>): number[] {
  return parseTagIds(post.tag_ids);
}

const COMMA = 44;
const ZERO = 48;
const NINE = 57;

/**
 * A post's `tag_ids` column ("12,7,309") as numbers. Read digit by digit: a first-time related list
 * reads about 7,500 ids from 450 posts, which split and Number took six times as long for (issue 33).
 * Anything but digits and commas is read the slow way, as Number reads it.
 */
export function parseTagIds(value: string): number[] {
  const ids: number[] = [];
  if (value === '') return ids;
  let id = 0;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code === COMMA) {
      ids.push(id);
      id = 0;
    } else if (code >= ZERO && code <= NINE) {
      id = id * 10 + (code - ZERO);
    } else {
      return value.split(',').map(Number);
    }
  }
  ids.push(id);
  return ids;
}
