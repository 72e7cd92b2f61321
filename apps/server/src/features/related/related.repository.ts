import { capSubmitterShare } from '@tagscout/core/crowd';
import type { Network } from '@tagscout/core/networks';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { Tables } from '../../db/tables.js';
import { HASHTAG_ROW_COLUMNS, type HashtagRow } from '../search/hashtag-row.js';
import { queryHot } from './related-postgres.repository.js';

/** An item whose related tags are asked for: a tag of a network, a place or a profile. */
export type ItemKey =
  | { kind: 'hashtag'; network: Network; name: string }
  | { kind: 'place'; id: string }
  | { kind: 'profile'; id: string };

export interface RecentPosts {
  /** Each recent post's tag ids. */
  posts: number[][];
  /** The tags those posts carry (those in at least `minPosts` of them), by id. */
  tags: Map<number, HashtagRow>;
}

// The three link tables share (taken_at, post_id) after their item column; the builder is typed as
// the hashtag one, since only those two columns are read from it.
type Links = ReturnType<typeof linksOfHashtag>;
function linksOfHashtag(db: Kysely<Tables>) {
  return db.selectFrom('post_hashtags as links');
}

/** The item's range of its link table. */
function linksOf(db: Kysely<Tables>, item: ItemKey): Links {
  if (item.kind === 'hashtag') {
    return linksOfHashtag(db).where('links.hashtag_id', '=', (eb) =>
      eb
        .selectFrom('hashtags')
        .select('hashtags.id')
        .where('hashtags.network', '=', item.network)
        .where('hashtags.name', '=', item.name),
    );
  }
  const links =
    item.kind === 'place'
      ? db.selectFrom('post_places as links').where('links.place_id', '=', item.id)
      : db.selectFrom('post_owners as links').where('links.owner', '=', item.id);
  return links as unknown as Links;
}

/** How much further than the window a read looks when a crowd submitter's surplus was left out. */
const CAPPED_READ_FACTOR = 4;

/**
 * The item's `window` most recent posts with their tags, in two statements: the posts come from one
 * backward range of a link table's key ((hashtag_id | place_id | owner), taken_at, post_id) and carry
 * their tag ids; then the tags. A crowd submitter's posts beyond `perSubmitter` are left out (decision
 * 011), and so are tags seen only in crowd posts and reports (`pending`). On PostgreSQL a tag's posts
 * and every window's tags are read by named prepared statements (related-postgres.repository.ts); the
 * other reads are built with Kysely.
 */
export async function findRecentPosts(
  database: Database,
  options: { item: ItemKey; window: number; minPosts?: number; perSubmitter?: number },
): Promise<RecentPosts> {
  const { item, window } = options;
  const perSubmitter = options.perSubmitter ?? window;
  const readNewest = (limit: number) =>
    database.pool && item.kind === 'hashtag'
      ? queryHot<RecentPostRow>(database, 'recentOfHashtag', [item.network, item.name, limit])
      : readNewestPosts(database.db, item, limit);
  const capped = (rows: RecentPostRow[]) =>
    capSubmitterShare(
      rows.map((row) => ({ submittedBy: row.submitted_by, value: row.tag_ids })),
      { window, perSubmitter },
    );
  const rows = await readNewest(window);
  let kept = capped(rows);
  if (kept.length < rows.length && rows.length === window)
    kept = capped(await readNewest(window * CAPPED_READ_FACTOR));
  const posts = kept.map((tagIds) => (tagIds === '' ? [] : tagIds.split(',').map(Number)));
  const ids = idsInAtLeast(posts, options.minPosts ?? 1);
  const tags = new Map<number, HashtagRow>();
  if (ids.length === 0) return { posts, tags };
  for (const { id, ...tag } of await findHashtagsByIds(database, ids)) tags.set(id, tag);
  return { posts, tags };
}

interface RecentPostRow {
  tag_ids: string;
  submitted_by: string | null;
}

function readNewestPosts(db: Kysely<Tables>, item: ItemKey, limit: number): Promise<RecentPostRow[]> {
  return linksOf(db, item)
    .innerJoin('posts', 'posts.id', 'links.post_id')
    .select(['posts.tag_ids', 'posts.submitted_by'])
    .orderBy('links.taken_at', 'desc')
    .orderBy('links.post_id', 'desc')
    .limit(limit)
    .execute();
}

/** Tags by id, leaving out those seen only in crowd posts and reports (`pending`). */
async function findHashtagsByIds(
  database: Database,
  ids: number[],
): Promise<({ id: number } & HashtagRow)[]> {
  // One parameter for thousands of ids: no statement with a placeholder per id to build and parse.
  if (database.pool) return queryHot(database, 'byIds', [ids]);
  // On SQLite: json_each is SQLite's.
  return database.db
    .selectFrom('hashtags')
    .select(['id', ...HASHTAG_ROW_COLUMNS])
    .where(sql<boolean>`id in (select value from json_each(${JSON.stringify(ids)}))`)
    .where('count_state', '<>', 'pending')
    .execute();
}

/** The tag ids found in at least `minPosts` of the posts (each post lists a tag once). */
function idsInAtLeast(posts: number[][], minPosts: number): number[] {
  if (minPosts <= 1) return [...new Set(posts.flat())];
  const seen = new Map<number, number>();
  for (const post of posts) for (const id of post) seen.set(id, (seen.get(id) ?? 0) + 1);
  return [...seen].filter(([, times]) => times >= minPosts).map(([id]) => id);
}
