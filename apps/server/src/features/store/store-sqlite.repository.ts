import type SqliteDatabase from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { type IngestBatch, mergeRepeat, newTagState, PostLinks, type PostWriting } from './ingest-batch.js';
import { type SqlitePostWrites, sqlitePostWrites } from './post-writes-sqlite.repository.js';

/**
 * The SQLite fast path of storeIngest: prepared statements on the raw better-sqlite3 handle, one
 * immediate transaction, links written grouped by key. Tag counts and places are upserted here,
 * posts, links and daily uses written by post-writes-sqlite.repository.ts; `profileQueries` (few
 * rows, varying columns) come compiled by Kysely.
 */
export function storeIngestSqlite(
  sqlite: SqliteDatabase.Database,
  batch: IngestBatch,
  options: { profileQueries: CompiledQuery[]; writing: PostWriting },
): void {
  const statements = itemStatements(sqlite);
  const writes = sqlitePostWrites(sqlite);
  const write = sqlite.transaction(() => {
    // In name order: neighbouring inserts land on the same pages of the name indexes.
    const tags = [...(batch.hashtags ?? [])].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const tag of tags) {
      statements.upsertTagCount.run(batch.network, tag.name, tag.count, batch.source, batch.now);
    }
    for (const place of batch.places ?? []) {
      statements.upsertPlace.run(
        place.id,
        place.title,
        place.titleKey,
        place.count,
        place.profilePicUrl ?? null,
        batch.now,
        batch.source,
      );
    }
    for (const query of options.profileQueries)
      sqlite.prepare(query.sql).run(...(query.parameters as unknown[]));
    storePosts(writes, batch, options.writing);
    writes.addDailyUses(options.writing.uses);
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
      if (writing.linked) {
        writing.uses.add(tagIds, takenAt);
        links.addPost({ id, takenAt, placeId, owner }, tagIds);
      }
      continue;
    }
    const stored = writes.storedPost(postId)!;
    const update = mergeRepeat(stored, post, tagIds, {
      links,
      uses: writing.uses,
      reporter: batch.submittedBy ?? null,
    });
    if (update) writes.updatePost(stored.id, update);
  }
  writes.insertLinks(links);
}

interface ItemStatements {
  upsertTagCount: SqliteDatabase.Statement<[string, string, number, string, number]>;
  upsertPlace: SqliteDatabase.Statement<[string, string, string, number, string | null, number, string]>;
}

const statementsByHandle = new WeakMap<SqliteDatabase.Database, ItemStatements>();

function itemStatements(sqlite: SqliteDatabase.Database): ItemStatements {
  let statements = statementsByHandle.get(sqlite);
  if (statements) return statements;
  statements = {
    // The same upserts as the portable path's (store.repository.ts): the newest write wins.
    upsertTagCount: sqlite.prepare(
      `insert into hashtags (network, name, post_count, count_state, count_source, banned, updated_at)
       values (?, ?, ?, 'known', ?, 0, ?)
       on conflict (network, name) do update set post_count = excluded.post_count,
         count_state = excluded.count_state, count_source = excluded.count_source,
         updated_at = excluded.updated_at
       where excluded.updated_at >= hashtags.updated_at`,
    ),
    upsertPlace: sqlite.prepare(
      `insert into places (id, title, title_key, post_count, profile_pic_url, updated_at, value_source)
       values (?, ?, ?, ?, ?, ?, ?)
       on conflict (id) do update set title = excluded.title, title_key = excluded.title_key,
         post_count = excluded.post_count,
         profile_pic_url = coalesce(excluded.profile_pic_url, places.profile_pic_url),
         updated_at = excluded.updated_at, value_source = excluded.value_source
       where excluded.updated_at >= places.updated_at`,
    ),
  };
  statementsByHandle.set(sqlite, statements);
  return statements;
}
