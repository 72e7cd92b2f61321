import { setTimeout as delay } from 'node:timers/promises';
import { dayOfEpochSeconds } from '@tagscout/core/networks';
import type SqliteDatabase from 'better-sqlite3';
import { authorOfPostSql } from './post-author.js';
import { type RowBatch, type SqlitePostWrites, sqlitePostWrites } from './post-writes-sqlite.repository.js';

/**
 * Pending posts linked per transaction. Each commit rewrites much the same pages (the links of the
 * most used tags), so fewer, larger ones are faster: 50,000 took 20% longer than 100,000, which hold
 * the write lock about 3 s on the 2,000,000-post store, inside other writers' 5 s busy timeout.
 */
const POSTS_PER_TRANSACTION = 100_000;
/**
 * The write lock is left free this long between transactions: a writer waiting on it (a running
 * server) retries after sleeps of up to 100 ms, so a back-to-back next transaction would keep it
 * waiting until its timeout.
 */
const LOCK_BREAK_MS = 150;

/**
 * The SQLite side of linkPendingPosts: writes the links of posts stored with deferLinks (to their
 * tags, place and owner), their tags' daily uses and, for the days trending can still read, their
 * daily posts per author, and marks them linked, oldest first, `postsPerTransaction` posts per
 * transaction, `lockBreakMs` apart. Tag links and daily uses are put in key order here: an ORDER BY
 * cost about 1 µs per tag link in SQLite's sorter, a third of the whole import (bench/HISTORY.md,
 * "Import: tag links sorted in memory"). `now`: epoch ms of the pass.
 */
export async function linkPendingPostsSqlite(
  sqlite: SqliteDatabase.Database,
  {
    now,
    postsPerTransaction = POSTS_PER_TRANSACTION,
    lockBreakMs = LOCK_BREAK_MS,
  }: { now: number; postsPerTransaction?: number; lockBreakMs?: number },
): Promise<number> {
  const statements = statementsOf(sqlite);
  const writes = sqlitePostWrites(sqlite);
  const linkOldest = sqlite.transaction(() =>
    linkOldestPending({ statements, writes, limit: postsPerTransaction, now }),
  );
  let linked = 0;
  for (;;) {
    const count = linkOldest.immediate();
    linked += count;
    if (count < postsPerTransaction || statements.anyPending.get() === undefined) return linked;
    await delay(lockBreakMs);
  }
}

type PendingPost = [id: number, takenAt: number, tagIds: string, author: string, network: string];

function linkOldestPending(options: {
  statements: Statements;
  writes: SqlitePostWrites;
  limit: number;
  now: number;
}): number {
  const { statements, writes } = options;
  const pending = statements.selectPending.all(options.limit);
  if (pending.length === 0) return 0;
  const lastId = pending.at(-1)![0];
  const links = tagLinksInKeyOrder(pending);
  const tagLinks = writes.startTagLinks();
  for (let i = 0; i < links.tags.length; i++) {
    const [postId, takenAt] = pending[links.posts[i]!]!;
    tagLinks.add(links.tags[i]!, takenAt, postId);
  }
  tagLinks.end();
  addDailyUses(writes.startDailyUses(), pending, links);
  // Once those uses are in: a snapshot's last day follows its most used tags' (firstAuthorDay).
  const firstSecondOf = new Map<string, number>();
  const isRead = new Uint8Array(pending.length);
  for (let i = 0; i < pending.length; i++) {
    const [, takenAt, , , network] = pending[i]!;
    let firstSecond = firstSecondOf.get(network);
    if (firstSecond === undefined) {
      firstSecond = writes.firstAuthorDay({ network, now: options.now }) * DAY_SECONDS;
      firstSecondOf.set(network, firstSecond);
    }
    isRead[i] = takenAt >= firstSecond ? 1 : 0;
  }
  addDailyAuthors(writes.startDailyAuthors(), pending, { links, isRead });
  writes.linkPendingPlacesAndOwners(lastId);
  writes.markLinked(lastId);
  return pending.length;
}

const DAY_SECONDS = 86_400;

/** Each tag's uses per day. A tag's links come in time order, so its days one after the other. */
function addDailyUses(uses: RowBatch, pending: PendingPost[], links: SortedTagLinks): void {
  let tag = Number.NaN;
  let day = Number.NaN;
  let count = 0;
  for (let i = 0; i < links.tags.length; i++) {
    const linkTag = links.tags[i]!;
    const linkDay = dayOfEpochSeconds(pending[links.posts[i]!]![1]);
    if (linkTag !== tag || linkDay !== day) {
      if (count > 0) uses.add(tag, day, count);
      tag = linkTag;
      day = linkDay;
      count = 0;
    }
    count++;
  }
  if (count > 0) uses.add(tag, day, count);
  uses.end();
}

/** Each tag's posts per author and day, of the posts on days trending can read (`isRead`), authors in key order. */
function addDailyAuthors(
  authors: RowBatch,
  pending: PendingPost[],
  read: { links: SortedTagLinks; isRead: Uint8Array },
): void {
  const { links, isRead } = read;
  let tag = Number.NaN;
  let day = Number.NaN;
  const byAuthor = new Map<string, number>();
  const addDay = () => {
    for (const author of [...byAuthor.keys()].sort()) authors.add(tag, day, author, byAuthor.get(author)!);
    byAuthor.clear();
  };
  for (let i = 0; i < links.tags.length; i++) {
    const place = links.posts[i]!;
    if (!isRead[place]) continue;
    const linkTag = links.tags[i]!;
    const post = pending[place]!;
    const linkDay = dayOfEpochSeconds(post[1]);
    if (linkTag !== tag || linkDay !== day) {
      addDay();
      tag = linkTag;
      day = linkDay;
    }
    byAuthor.set(post[3], (byAuthor.get(post[3]) ?? 0) + 1);
  }
  addDay();
  authors.end();
}

/** A sort key's room for a post's place in time order; the tag id counts in multiples of it. */
const POST_SLOTS = 2 ** 20;
/** Tag ids below this keep `tag id * POST_SLOTS + place` an exact double. */
const TAG_ID_LIMIT = 2 ** 33;

interface SortedTagLinks {
  tags: Float64Array;
  /** Each link's post, as its index into the pending posts. */
  posts: Int32Array;
}

/**
 * Every tag link of the posts sorted by (tag id, post time, post id), as the tag id and the index
 * into `posts` (which it sorts by time). One typed-array sort of one number per link.
 */
function tagLinksInKeyOrder(posts: PendingPost[]): SortedTagLinks {
  if (posts.length > POST_SLOTS) throw new RangeError(`at most ${POST_SLOTS} posts at once`);
  posts.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  let count = 0;
  for (const post of posts) if (post[2] !== '') count += commasIn(post[2]) + 1;
  const keys = new Float64Array(count);
  let next = 0;
  for (let place = 0; place < posts.length; place++) {
    const tagIds = posts[place]![2];
    if (tagIds === '') continue;
    // "12,5,873": digits read in place, no array per post.
    let id = 0;
    for (let at = 0; at <= tagIds.length; at++) {
      const code = at < tagIds.length ? tagIds.charCodeAt(at) : COMMA;
      if (code !== COMMA) {
        id = id * 10 + code - ZERO;
        continue;
      }
      if (id >= TAG_ID_LIMIT) throw new RangeError(`tag id ${id} is out of range`);
      keys[next++] = id * POST_SLOTS + place;
      id = 0;
    }
  }
  keys.sort();
  const tags = new Float64Array(count);
  const places = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const tag = Math.floor(keys[i]! / POST_SLOTS);
    tags[i] = tag;
    places[i] = keys[i]! - tag * POST_SLOTS;
  }
  return { tags, posts: places };
}

const COMMA = 44;
const ZERO = 48;

function commasIn(text: string): number {
  let commas = 0;
  for (let at = text.indexOf(','); at !== -1; at = text.indexOf(',', at + 1)) commas++;
  return commas;
}

interface Statements {
  selectPending: SqliteDatabase.Statement<[number], PendingPost>;
  anyPending: SqliteDatabase.Statement<[], number>;
}

const statementsByHandle = new WeakMap<SqliteDatabase.Database, Statements>();

function statementsOf(sqlite: SqliteDatabase.Database): Statements {
  let statements = statementsByHandle.get(sqlite);
  if (statements) return statements;
  statements = {
    // posts_unlinked holds exactly the pending posts, by id.
    selectPending: sqlite
      .prepare<[number], PendingPost>(
        `select id, taken_at, tag_ids, ${authorOfPostSql('posts')}, network from posts where linked = 0 order by id limit ?`,
      )
      .raw(),
    anyPending: sqlite.prepare<[], number>('select id from posts where linked = 0 limit 1').pluck(),
  };
  statementsByHandle.set(sqlite, statements);
  return statements;
}
