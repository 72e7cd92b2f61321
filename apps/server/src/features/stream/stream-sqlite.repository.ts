import type SqliteDatabase from 'better-sqlite3';
import { DailyUses, PostLinks } from '../store/ingest-batch.js';
import type { StreamBatch, StreamIngestResult, StreamPost } from './stream.repository.js';

interface PostRow {
  id: number;
  taken_at: number;
  tag_ids: string;
  owner: string | null;
}

/**
 * The SQLite fast path of storeStreamBatch: the same writes in the same order, as prepared
 * statements on the raw better-sqlite3 handle in one immediate transaction. Building and compiling
 * each multi-row statement through Kysely cost more than running it (bench/HISTORY.md, "The Bluesky
 * consumer").
 * The caller holds Kysely's connection, so no Kysely transaction is open on the handle meanwhile.
 */
export function storeStreamBatchSqlite(
  sqlite: SqliteDatabase.Database,
  batch: StreamBatch,
): StreamIngestResult {
  const statements = streamStatements(sqlite);
  const write = sqlite.transaction((): StreamIngestResult => {
    const result: StreamIngestResult = { counted: 0, stored: 0, repeats: 0, removed: 0 };
    const first = new Map<string, StreamPost>();
    for (const post of batch.posts) if (!first.has(post.postId)) first.set(post.postId, post);
    const fresh: StreamPost[] = [];
    for (const post of first.values()) {
      if (statements.markSeen.run(post.postId, post.seenAt).changes === 1) fresh.push(post);
    }
    result.counted = fresh.length;
    result.repeats = first.size - fresh.length;

    const tagIds = new Map<string, number>();
    const names = [...new Set(fresh.flatMap((post) => post.hashtags))].sort();
    for (const name of names) {
      const id =
        statements.selectTag.get(batch.network, name) ??
        statements.insertTag.get(batch.network, name, batch.source, batch.now)!;
      tagIds.set(name, id);
    }

    const uses = new DailyUses();
    const links = new PostLinks();
    for (const post of fresh) {
      const ids = post.hashtags.map((name) => tagIds.get(name)!);
      uses.add(ids, post.takenAt);
      if (ids.length < 2) continue;
      const id = statements.insertPost.get(
        post.postId,
        post.owner,
        post.takenAt,
        batch.source,
        batch.network,
        ids.join(','),
        post.langs.length > 0 ? post.langs.join(',') : null,
      );
      if (id === undefined) continue;
      result.stored++;
      links.addPost({ id, takenAt: post.takenAt, placeId: null, owner: post.owner }, ids);
    }
    links.tags.forEachByTag((tagId, time, postRowId) => statements.insertTagLink.run(tagId, time, postRowId));
    for (const link of links.sortedItems().owners) statements.insertOwnerLink.run(...link);
    for (const row of uses.rows()) statements.addDailyUses.run(...row);

    const toRemove = new Map<number, PostRow>();
    for (const postId of batch.deletedPosts) {
      const row = statements.selectPostById.get(postId, batch.network);
      if (row) toRemove.set(row.id, row);
    }
    for (const owner of batch.deletedOwners) {
      for (const row of statements.selectPostsOfOwner.all(owner, batch.network)) toRemove.set(row.id, row);
    }
    for (const row of toRemove.values()) {
      for (const tagId of row.tag_ids === '' ? [] : row.tag_ids.split(',').map(Number)) {
        statements.deleteTagLink.run(tagId, row.taken_at, row.id);
      }
      if (row.owner !== null) statements.deleteOwnerLink.run(row.owner, row.taken_at, row.id);
      statements.deletePost.run(row.id);
    }
    result.removed = toRemove.size;

    const fromDay = batch.today - batch.countDays + 1;
    const touched = [...new Set(tagIds.values())].sort((a, b) => a - b);
    for (const id of touched) statements.refreshCount.run(fromDay, batch.source, batch.now, id);
    if (batch.cursor) {
      const { stream, cursor, instance } = batch.cursor;
      statements.writeCursor.run(stream, cursor, instance, batch.now);
    }
    return result;
  });
  return write.immediate();
}

interface StreamStatements {
  markSeen: SqliteDatabase.Statement<[string, number]>;
  selectTag: SqliteDatabase.Statement<[string, string], number>;
  insertTag: SqliteDatabase.Statement<[string, string, string, number], number>;
  insertPost: SqliteDatabase.Statement<
    [string, string, number, string, string, string, string | null],
    number
  >;
  insertTagLink: SqliteDatabase.Statement<[number, number, number]>;
  insertOwnerLink: SqliteDatabase.Statement<[string, number, number]>;
  addDailyUses: SqliteDatabase.Statement<[number, number, number]>;
  selectPostById: SqliteDatabase.Statement<[string, string], PostRow>;
  selectPostsOfOwner: SqliteDatabase.Statement<[string, string], PostRow>;
  deleteTagLink: SqliteDatabase.Statement<[number, number, number]>;
  deleteOwnerLink: SqliteDatabase.Statement<[string, number, number]>;
  deletePost: SqliteDatabase.Statement<[number]>;
  refreshCount: SqliteDatabase.Statement<[number, string, number, number]>;
  writeCursor: SqliteDatabase.Statement<[string, number, string, number]>;
}

const statementsByHandle = new WeakMap<SqliteDatabase.Database, StreamStatements>();

/** Each one is the statement stream.repository.ts (or stream-cursor.repository.ts) builds with Kysely, one row at a time. */
function streamStatements(sqlite: SqliteDatabase.Database): StreamStatements {
  let statements = statementsByHandle.get(sqlite);
  if (statements) return statements;
  statements = {
    markSeen: sqlite.prepare(
      'insert into stream_posts_seen (post_id, seen_at) values (?, ?) on conflict (post_id) do nothing',
    ),
    selectTag: sqlite
      .prepare<[string, string], number>('select id from hashtags where network = ? and name = ?')
      .pluck(),
    insertTag: sqlite
      .prepare<[string, string, string, number], number>(
        `insert into hashtags (network, name, post_count, count_state, count_source, banned, updated_at)
         values (?, ?, 0, 'known', ?, 0, ?) returning id`,
      )
      .pluck(),
    insertPost: sqlite
      .prepare<[string, string, number, string, string, string, string | null], number>(
        `insert into posts (post_id, owner, taken_at, place_id, source, network, tag_ids, linked, langs)
         values (?, ?, ?, null, ?, ?, ?, 1, ?) on conflict (post_id) do nothing returning id`,
      )
      .pluck(),
    insertTagLink: sqlite.prepare(
      'insert into post_hashtags (hashtag_id, taken_at, post_id) values (?, ?, ?) on conflict do nothing',
    ),
    insertOwnerLink: sqlite.prepare(
      'insert into post_owners (owner, taken_at, post_id) values (?, ?, ?) on conflict do nothing',
    ),
    addDailyUses: sqlite.prepare(
      `insert into hashtag_daily_uses (hashtag_id, day, uses) values (?, ?, ?)
       on conflict (hashtag_id, day) do update set uses = uses + excluded.uses`,
    ),
    selectPostById: sqlite.prepare(
      'select id, taken_at, tag_ids, owner from posts where post_id = ? and network = ?',
    ),
    selectPostsOfOwner: sqlite.prepare(
      `select posts.id, posts.taken_at, posts.tag_ids, posts.owner from post_owners
       inner join posts on posts.id = post_owners.post_id where post_owners.owner = ? and posts.network = ?`,
    ),
    deleteTagLink: sqlite.prepare(
      'delete from post_hashtags where hashtag_id = ? and taken_at = ? and post_id = ?',
    ),
    deleteOwnerLink: sqlite.prepare(
      'delete from post_owners where owner = ? and taken_at = ? and post_id = ?',
    ),
    deletePost: sqlite.prepare('delete from posts where id = ?'),
    refreshCount: sqlite.prepare(
      `update hashtags set post_count = coalesce((select sum(d.uses) from hashtag_daily_uses d
         where d.hashtag_id = hashtags.id and d.day >= ?), 0),
         count_state = 'known', count_source = ?, updated_at = ?
       where id = ?`,
    ),
    writeCursor: sqlite.prepare(
      `insert into stream_cursors (stream, cursor, instance, updated_at) values (?, ?, ?, ?)
       on conflict (stream) do update set cursor = excluded.cursor, instance = excluded.instance,
         updated_at = excluded.updated_at
       where excluded.cursor > stream_cursors.cursor`,
    ),
  };
  statementsByHandle.set(sqlite, statements);
  return statements;
}
