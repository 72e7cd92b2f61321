import type { Network } from '@tagscout/core/networks';
import { type AuthoredPost, createAuthorCap } from '@tagscout/core/related';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { Tables } from '../../db/tables.js';
import type { HashtagRow } from '../search/hashtag-row.js';
import { type RowWithId, rowsById, type TagRowCache } from '../search/tag-row-cache.js';
import { authorOfPost, type CrowdAuthor } from '../store/post-author.js';
import { parseTagIds } from '../store/post-rows.js';
import { queryHot } from './related-postgres.repository.js';
import { relatedStatements } from './related-sqlite.repository.js';

/** An item whose related tags are asked for: a tag of a network, a place or a profile. */
export type ItemKey =
  | { kind: 'hashtag'; network: Network; name: string }
  | { kind: 'place'; id: string }
  | { kind: 'profile'; id: string };

export interface RecentPosts {
  /** Each recent post's tag ids. */
  posts: number[][];
  /** Who wrote each post (`authors[i]` wrote `posts[i]`), as the author cap knew them. */
  authors: string[];
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

/** The most posts a window reads to fill itself with capped authors: 20 windows' worth. */
const MOST_WINDOWS_READ = 20;

/**
 * The item's `window` most recent posts with their tags: the posts come from backward ranges of a
 * link table's key ((hashtag_id | place_id | owner), taken_at, post_id) and carry their tag ids; then
 * the tags. Each author keeps at most `perAuthor` posts (decision 025): further pages are read, up
 * to 20 windows' worth, until the window is full. Tags seen only in crowd posts and reports
 * (`pending`) are left out. A tag's posts and every window's tags are read by prepared statements
 * (related-sqlite.repository.ts, related-postgres.repository.ts); a place's and a profile's posts are
 * read with Kysely.
 */
export async function findRecentPosts(
  database: Database,
  options: {
    item: ItemKey;
    window: number;
    minPosts?: number;
    perAuthor?: number;
    /** Who a crowd post counts as: the account that sent it (the default), or its owner (CROWD_QUORUM 1). */
    crowdAuthor?: CrowdAuthor;
    /** Tags' rows kept in memory, shared with every other read of them (decision 020). */
    rows?: TagRowCache;
  },
): Promise<RecentPosts> {
  const { item, window } = options;
  const readPage = async (before: PageCursor, limit: number) => {
    if (item.kind !== 'hashtag') return readNewestPosts(database.db, item, before, limit);
    const values = [item.network, item.name, before.takenAt, before.postId, limit];
    if (database.sqlite)
      return relatedStatements(database.sqlite).recentOfHashtag.all(...values) as RecentPostRow[];
    return queryHot<RecentPostRow>(database, 'recentOfHashtag', values);
  };
  const keep = createAuthorCap(options.perAuthor ?? window);
  const kept: AuthoredPost<string>[] = [];
  let before: PageCursor = NEWEST;
  let read = 0;
  while (kept.length < window && read < window * MOST_WINDOWS_READ) {
    // A first page of the window; later ones twice what is missing, so a flood is crossed quickly.
    const limit = read === 0 ? window : Math.max(2 * (window - kept.length), 100);
    const rows = await readPage(before, limit);
    read += rows.length;
    kept.push(...keep(rows.map(authoredBy(options.crowdAuthor ?? 'submitter')), window - kept.length));
    const last = rows.at(-1);
    if (rows.length < limit || !last) break;
    before = { takenAt: Number(last.taken_at), postId: Number(last.post_id) };
  }
  const posts = kept.map(({ value }) => parseTagIds(value));
  const authors = kept.map(({ author }) => author);
  const ids = idsInAtLeast(posts, options.minPosts ?? 1);
  if (ids.length === 0) return { posts, authors, tags: new Map() };
  const readRows = (missing: readonly number[]) => findHashtagsByIds(database, missing);
  const tags = options.rows ? await options.rows.rowsOfIds(ids, readRows) : rowsById(await readRows(ids));
  // A kept row may have been read by name, where crowd-only tags are not left out.
  for (const [id, tag] of tags) if (tag.count_state === 'pending') tags.delete(id);
  return { posts, authors, tags };
}

/** Where a page of newest posts starts: before this (taken_at, post id). */
interface PageCursor {
  takenAt: number;
  postId: number;
}

const NEWEST: PageCursor = { takenAt: Number.MAX_SAFE_INTEGER, postId: Number.MAX_SAFE_INTEGER };

/** Who a post counts as (store/post-author.ts); a post is keyed by its row id where it has no owner. */
function authoredBy(crowdAuthor: CrowdAuthor) {
  return (row: RecentPostRow): AuthoredPost<string> => ({
    author: authorOfPost(
      { submittedBy: row.submitted_by, owner: row.owner, postKey: row.post_id },
      crowdAuthor,
    ),
    value: row.tag_ids,
  });
}

interface RecentPostRow {
  tag_ids: string;
  submitted_by: string | null;
  owner: string | null;
  /** Numbers on SQLite; PostgreSQL's bigint comes as a string. */
  taken_at: number | string;
  post_id: number;
}

function readNewestPosts(
  db: Kysely<Tables>,
  item: ItemKey,
  before: PageCursor,
  limit: number,
): Promise<RecentPostRow[]> {
  return linksOf(db, item)
    .innerJoin('posts', 'posts.id', 'links.post_id')
    .select(['posts.tag_ids', 'posts.submitted_by', 'posts.owner', 'links.taken_at', 'links.post_id'])
    .$if(before !== NEWEST, (query) =>
      query.where(sql<boolean>`(links.taken_at, links.post_id) < (${before.takenAt}, ${before.postId})`),
    )
    .orderBy('links.taken_at', 'desc')
    .orderBy('links.post_id', 'desc')
    .limit(limit)
    .execute();
}

/** Tags by id, leaving out those seen only in crowd posts and reports (`pending`). */
async function findHashtagsByIds(database: Database, ids: readonly number[]): Promise<RowWithId[]> {
  // One parameter for thousands of ids: no statement with a placeholder per id to build and parse.
  if (!database.sqlite) return queryHot(database, 'byIds', [ids]);
  return relatedStatements(database.sqlite).byIds.all(JSON.stringify(ids)) as RowWithId[];
}

/** The tag ids found in at least `minPosts` of the posts (each post lists a tag once). */
function idsInAtLeast(posts: number[][], minPosts: number): number[] {
  if (minPosts <= 1) {
    const seen = new Set<number>();
    for (const post of posts) for (const id of post) seen.add(id);
    return [...seen];
  }
  const times = new Map<number, number>();
  const ids: number[] = [];
  for (const post of posts) {
    for (const id of post) {
      const seen = (times.get(id) ?? 0) + 1;
      times.set(id, seen);
      if (seen === minPosts) ids.push(id);
    }
  }
  return ids;
}
