import type SqliteDatabase from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import {
  type IngestBatch,
  mergeRepeat,
  newTagState,
  PostLinks,
  type PostWriting,
  type StoredPost,
} from './ingest-batch.js';

/**
 * The SQLite fast path of storeIngest: prepared statements on the raw better-sqlite3 handle, one
 * immediate transaction, links written grouped by key. `profileQueries` (few rows, varying columns)
 * come compiled by Kysely.
 */
export function storeIngestSqlite(
  sqlite: SqliteDatabase.Database,
  batch: IngestBatch,
  options: { profileQueries: CompiledQuery[]; writing: PostWriting },
): void {
  const statements = sqliteStatements(sqlite);
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
    storePosts(statements, batch, options.writing);
    for (const row of options.writing.uses.rows()) statements.addDailyUses.run(...row);
  });
  write.immediate();
}

function storePosts(statements: SqliteStatements, batch: IngestBatch, writing: PostWriting): void {
  const stateOfNewTags = newTagState(batch);
  // Tags not known yet, looked up or created in name order: neighbouring names share the pages of
  // the tag indexes, where post order would touch a random page of each for every new tag.
  const unknown = new Set<string>();
  for (const post of batch.posts ?? [])
    for (const name of post.hashtags) if (writing.tagIdOf(name) === undefined) unknown.add(name);
  for (const name of [...unknown].sort()) {
    const id =
      statements.selectTag.get(batch.network, name) ??
      Number(statements.insertTag.run(batch.network, name, stateOfNewTags, batch.now).lastInsertRowid);
    writing.created.set(name, id);
  }
  const idOf = (name: string): number => writing.tagIdOf(name)!;
  const links = new PostLinks();
  for (const post of batch.posts ?? []) {
    const tagIds = post.hashtags.map(idOf);
    const { postId, owner, takenAt, placeId } = post;
    const inserted = statements.insertPost.run(
      postId,
      owner,
      takenAt,
      placeId,
      batch.source,
      batch.submittedBy ?? null,
      batch.network,
      tagIds.join(','),
      writing.linked,
    );
    if (inserted.changes === 1) {
      const id = Number(inserted.lastInsertRowid);
      if (writing.linked) {
        writing.uses.add(tagIds, takenAt);
        links.addPost({ id, takenAt, placeId, owner }, tagIds);
      }
      continue;
    }
    const stored = statements.selectPost.get(postId)!;
    const update = mergeRepeat(stored, post, tagIds, {
      links,
      uses: writing.uses,
      reporter: batch.submittedBy ?? null,
    });
    if (update)
      statements.updatePost.run(
        update.owner,
        update.place_id,
        update.tag_ids,
        update.submitted_by,
        stored.id,
      );
  }
  links.tags.forEachByTag((tagId, time, postRowId) => statements.insertTagLink.run(tagId, time, postRowId));
  const { places, owners } = links.sortedItems();
  for (const link of places) statements.insertPlaceLink.run(...link);
  for (const link of owners) statements.insertOwnerLink.run(...link);
}

interface SqliteStatements {
  upsertTagCount: SqliteDatabase.Statement<[string, string, number, string, number]>;
  upsertPlace: SqliteDatabase.Statement<[string, string, string, number, string | null, number, string]>;
  selectTag: SqliteDatabase.Statement<[string, string], number>;
  insertTag: SqliteDatabase.Statement<[string, string, string, number]>;
  insertPost: SqliteDatabase.Statement<unknown[]>;
  selectPost: SqliteDatabase.Statement<[string], StoredPost>;
  updatePost: SqliteDatabase.Statement<[string | null, string | null, string, string | null, number]>;
  insertTagLink: SqliteDatabase.Statement<[number, number, number]>;
  insertPlaceLink: SqliteDatabase.Statement<[string, number, number]>;
  insertOwnerLink: SqliteDatabase.Statement<[string, number, number]>;
  addDailyUses: SqliteDatabase.Statement<[number, number, number]>;
}

const statementsByHandle = new WeakMap<SqliteDatabase.Database, SqliteStatements>();

function sqliteStatements(sqlite: SqliteDatabase.Database): SqliteStatements {
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
    selectTag: sqlite
      .prepare<[string, string], number>('select id from hashtags where network = ? and name = ?')
      .pluck(),
    // No RETURNING: SQLite buffers returned rows in a temporary table, 4 µs a post on the full store;
    // the row id comes from lastInsertRowid instead (insertPost: changes 0 when the post is stored).
    insertTag: sqlite.prepare<[string, string, string, number]>(
      `insert into hashtags (network, name, post_count, count_state, banned, updated_at)
       values (?, ?, -1, ?, 0, ?)`,
    ),
    insertPost: sqlite.prepare<unknown[]>(
      `insert into posts (post_id, owner, taken_at, place_id, source, submitted_by, network, tag_ids, linked)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (post_id) do nothing`,
    ),
    selectPost: sqlite.prepare<[string], StoredPost>(
      'select id, owner, place_id, taken_at, tag_ids, linked, submitted_by from posts where post_id = ?',
    ),
    updatePost: sqlite.prepare(
      'update posts set owner = ?, place_id = ?, tag_ids = ?, submitted_by = ? where id = ?',
    ),
    insertTagLink: sqlite.prepare(
      'insert into post_hashtags (hashtag_id, taken_at, post_id) values (?, ?, ?) on conflict do nothing',
    ),
    insertPlaceLink: sqlite.prepare(
      'insert into post_places (place_id, taken_at, post_id) values (?, ?, ?) on conflict do nothing',
    ),
    insertOwnerLink: sqlite.prepare(
      'insert into post_owners (owner, taken_at, post_id) values (?, ?, ?) on conflict do nothing',
    ),
    addDailyUses: sqlite.prepare(
      `insert into hashtag_daily_uses (hashtag_id, day, uses) values (?, ?, ?)
       on conflict (hashtag_id, day) do update set uses = uses + excluded.uses`,
    ),
  };
  statementsByHandle.set(sqlite, statements);
  return statements;
}
