import type { CountState } from '../../db/tables.js';

/** A tag as searches, related lists and caches read it: its name, count, count state and banned flag. */
export interface HashtagRow {
  name: string;
  post_count: number;
  count_state: CountState;
  banned: number;
}

/** The columns of a HashtagRow, as every read of one selects them. */
export const HASHTAG_ROW_COLUMNS = [
  'name',
  'post_count',
  'count_state',
  'banned',
] as const satisfies readonly (keyof HashtagRow)[];
