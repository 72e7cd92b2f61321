import type { Generated } from 'kysely';

/**
 * Every table, as Kysely sees it. Booleans are 0/1 integers on both dialects; updated_at is epoch
 * milliseconds, a post's taken_at epoch seconds (as the network gives it; decision 005).
 */
export interface Tables {
  hashtags: HashtagTable;
  places: PlaceTable;
  profiles: ProfileTable;
  posts: PostTable;
  post_hashtags: PostHashtagTable;
}

export const CountState = {
  known: 'known',
  unknown: 'unknown',
  lookup: 'lookup',
  indexing: 'indexing',
} as const;
export type CountState = (typeof CountState)[keyof typeof CountState];

export interface HashtagTable {
  id: Generated<number>;
  name: string;
  /** Total posts on the network using the tag; meaningful only when count_state is 'known'. */
  post_count: number;
  /** known: post_count; unknown: answered -1; lookup (seen in posts, no count): -2; indexing: -1. */
  count_state: CountState;
  banned: number;
  searches: Generated<number>;
  updated_at: number;
}

export interface PlaceTable {
  id: string;
  title: string;
  /** Lower-cased title, for prefix search. */
  title_key: string;
  post_count: number;
  profile_pic_url: string | null;
  searches: Generated<number>;
  updated_at: number;
}

export interface ProfileTable {
  id: string;
  username: string;
  full_name: string;
  biography: string;
  followers: number;
  following: number;
  post_count: number;
  is_business_account: number;
  business_category_name: string | null;
  is_private: number;
  is_verified: number;
  profile_pic_url: string | null;
  searches: Generated<number>;
  updated_at: number;
}

export interface PostTable {
  id: Generated<number>;
  /** The network's id for the post. */
  post_id: string;
  /** The owner's profile id. */
  owner: string | null;
  /** Epoch seconds. */
  taken_at: number;
  place_id: string | null;
  source: string;
}

export interface PostHashtagTable {
  post_id: number;
  hashtag_id: number;
  /** Copied from the post so "the tag's most recent posts" is one index range scan. */
  taken_at: number;
}
