import type SqliteDatabase from 'better-sqlite3';
import { CaptionWordCounts, isStreamWordSample } from '../store/caption-word-counts.js';
import { DailyUses, PostLinks } from '../store/ingest-batch.js';
import { sqlitePostWrites } from '../store/post-writes-sqlite.repository.js';
import {
  type StreamBatch,
  type StreamIngestResult,
  type StreamPost,
  streamAuthor,
} from './stream.repository.js';

/**
 * The SQLite fast path of storeStreamBatch: the same writes in the same order, as prepared
 * statements on the raw better-sqlite3 handle in one immediate transaction (the store's posts, links,
 * daily uses and counts through store/post-writes-sqlite.repository.ts). Building and compiling
 * each multi-row statement through Kysely cost more than running it (bench/HISTORY.md, "The Bluesky
 * consumer").
 * The caller holds Kysely's connection, so no Kysely transaction is open on the handle meanwhile.
 */
export function storeStreamBatchSqlite(
  sqlite: SqliteDatabase.Database,
  batch: StreamBatch,
): StreamIngestResult {
  const statements = streamStatements(sqlite);
  const writes = sqlitePostWrites(sqlite);
  const write = sqlite.transaction((): StreamIngestResult => {
    const result: StreamIngestResult = { counted: 0, stored: 0, repeats: 0, removed: 0 };
    const first = new Map<string, StreamPost>();
    for (const post of batch.posts) if (!first.has(post.postId)) first.set(post.postId, post);
    const fresh: StreamPost[] = [];
    for (const post of first.values()) {
      if (statements.markSeen.run(batch.network, post.postId, post.seenAt).changes === 1) fresh.push(post);
    }
    result.counted = fresh.length;
    result.repeats = first.size - fresh.length;

    const tagIds = writes.tagIds(
      fresh.flatMap((post) => post.hashtags),
      {
        network: batch.network,
        postCount: 0,
        countState: 'known',
        countSource: batch.source,
        now: batch.now,
      },
    );

    const uses = new DailyUses();
    const links = new PostLinks();
    const words = new CaptionWordCounts();
    const ofBatch = { source: batch.source, submitted_by: null, network: batch.network, linked: 1 };
    for (const post of fresh) {
      const ids = post.hashtags.map((name) => tagIds.get(name)!);
      uses.add(ids, post.takenAt, streamAuthor(post));
      if (ids.length < 2) continue;
      const id = writes.insertPost(
        {
          post_id: post.postId,
          owner: post.owner,
          taken_at: post.takenAt,
          place_id: null,
          tag_ids: ids.join(','),
          langs: post.langs.length > 0 ? post.langs.join(',') : null,
        },
        ofBatch,
      );
      if (id === undefined) continue;
      result.stored++;
      links.addPost({ id, takenAt: post.takenAt, placeId: null, owner: post.owner }, ids);
      if (isStreamWordSample(post.postId))
        words.add({
          text: post.text,
          langs: post.langs,
          tagIds: ids,
          author: streamAuthor(post),
          takenAt: post.takenAt,
        });
    }
    writes.insertLinks(links);
    writes.addDailyUses(uses, batch);
    writes.addCaptionWords(batch.network, words);
    result.removed = writes.removePostsNamed(batch.network, {
      postIds: batch.deletedPosts,
      owners: batch.deletedOwners,
    });

    const fromDay = batch.today - batch.countDays + 1;
    writes.refreshTagCounts({
      ids: [...new Set(tagIds.values())],
      fromDay,
      source: batch.source,
      now: batch.now,
    });
    if (batch.cursor) {
      const { stream, cursor, instance } = batch.cursor;
      statements.writeCursor.run(stream, cursor, instance, batch.now);
    }
    return result;
  });
  return write.immediate();
}

interface StreamStatements {
  markSeen: SqliteDatabase.Statement<[string, string, number]>;
  writeCursor: SqliteDatabase.Statement<[string, number, string, number]>;
}

const statementsByHandle = new WeakMap<SqliteDatabase.Database, StreamStatements>();

/** Each one is the statement stream.repository.ts (or stream-cursor.repository.ts) builds with Kysely, one row at a time. */
function streamStatements(sqlite: SqliteDatabase.Database): StreamStatements {
  let statements = statementsByHandle.get(sqlite);
  if (statements) return statements;
  statements = {
    markSeen: sqlite.prepare(
      `insert into stream_posts_seen (network, post_id, seen_at) values (?, ?, ?)
       on conflict (network, post_id) do nothing`,
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
