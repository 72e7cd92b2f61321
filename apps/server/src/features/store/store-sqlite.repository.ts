import type SqliteDatabase from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import {
  addWordsOfPost,
  authorInBatch,
  type IngestBatch,
  mergeRepeat,
  newTagState,
  PostLinks,
  type PostWriting,
} from './ingest-batch.js';
import { type SqlitePostWrites, sqlitePostWrites } from './post-writes-sqlite.repository.js';
import { upsertTagCountsAndPlaces } from './served-items-sqlite.repository.js';

/**
 * The SQLite fast path of storeIngest: prepared statements on the raw better-sqlite3 handle, one
 * immediate transaction, links written grouped by key. Tag counts and places go through
 * served-items-sqlite.repository.ts, posts, links and daily uses through
 * post-writes-sqlite.repository.ts; `profileQueries` (few rows, varying columns) come compiled by
 * Kysely (served-items.repository.ts).
 */
export function storeIngestSqlite(
  sqlite: SqliteDatabase.Database,
  batch: IngestBatch,
  options: { profileQueries: CompiledQuery[]; writing: PostWriting },
): void {
  const writes = sqlitePostWrites(sqlite);
  const write = sqlite.transaction(() => {
    upsertTagCountsAndPlaces(sqlite, batch);
    for (const query of options.profileQueries)
      sqlite.prepare(query.sql).run(...(query.parameters as unknown[]));
    storePosts(writes, batch, options.writing);
    writes.addDailyUses(options.writing.uses, batch);
    writes.addCaptionWords(batch.network, options.writing.words);
  });
  write.immediate();
}

function storePosts(writes: SqlitePostWrites, batch: IngestBatch, writing: PostWriting): void {
  const unknown = new Set<string>();
  for (const post of batch.posts ?? [])
    for (const name of post.hashtags) if (writing.tagIdOf(name) === undefined) unknown.add(name);
  const newTag = {
    network: batch.network,
    postCount: -1,
    countState: newTagState(batch),
    countSource: null,
    now: batch.now,
  };
  for (const [name, id] of writes.tagIds(unknown, newTag)) writing.created.set(name, id);
  const idOf = (name: string): number => writing.tagIdOf(name)!;
  const ofBatch = {
    source: batch.source,
    submitted_by: batch.submittedBy ?? null,
    network: batch.network,
    linked: writing.linked,
  };
  const links = new PostLinks();
  for (const post of batch.posts ?? []) {
    const tagIds = post.hashtags.map(idOf);
    const { postId, owner, takenAt, placeId } = post;
    const id = writes.insertPost(
      {
        post_id: postId,
        owner,
        taken_at: takenAt,
        place_id: placeId,
        tag_ids: tagIds.join(','),
        langs: null,
      },
      ofBatch,
    );
    if (id !== undefined) {
      addWordsOfPost(batch, writing.words, post, tagIds);
      if (writing.linked) {
        writing.uses.add(tagIds, takenAt, authorInBatch(batch, post));
        links.addPost({ id, takenAt, placeId, owner }, tagIds);
      }
      continue;
    }
    const stored = writes.storedPost(batch.network, postId)!;
    const update = mergeRepeat(stored, post, tagIds, {
      links,
      uses: writing.uses,
      reporter: batch.submittedBy ?? null,
      crowdAuthor: batch.crowdAuthor,
    });
    if (update) writes.updatePost(stored.id, update);
  }
  writes.insertLinks(links);
}
