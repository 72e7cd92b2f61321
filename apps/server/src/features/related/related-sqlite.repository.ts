import type SqliteDatabase from 'better-sqlite3';
import { HASHTAG_ROW_COLUMNS } from '../search/hashtag-row.js';

/**
 * The related reads on SQLite, prepared once per connection: a tag's newest posts and the tags of a
 * window. A related list or a suggestion window built for the first time runs them, and building and
 * compiling them through the query builder each time cost a tenth of a fresh server's CPU (issue 33).
 * Their PostgreSQL versions are related-postgres.repository.ts; places and profiles go through Kysely.
 */
export function relatedStatements(sqlite: SqliteDatabase.Database): RelatedStatements {
  let statements = prepared.get(sqlite);
  if (!statements) {
    statements = prepareAll(sqlite);
    prepared.set(sqlite, statements);
  }
  return statements;
}

type RelatedStatements = Record<'recentOfHashtag' | 'byIds', SqliteDatabase.Statement>;

const prepared = new WeakMap<SqliteDatabase.Database, RelatedStatements>();

function prepareAll(sqlite: SqliteDatabase.Database): RelatedStatements {
  return {
    /** (network, name, taken_at, post id, limit): a tag's newest posts before (taken_at, post id) */
    recentOfHashtag: sqlite.prepare(
      `select posts.tag_ids, posts.submitted_by, posts.owner, links.taken_at, links.post_id
       from post_hashtags as links
       inner join posts on posts.id = links.post_id
       where links.hashtag_id = (select id from hashtags where network = ? and name = ?)
         and (links.taken_at, links.post_id) < (?, ?)
       order by links.taken_at desc, links.post_id desc limit ?`,
    ),
    /** (json array of ids): those tags, but those seen only in crowd posts and reports */
    byIds: sqlite.prepare(
      `select id, network, ${HASHTAG_ROW_COLUMNS.join(', ')} from hashtags
       where id in (select value from json_each(?)) and count_state <> 'pending'`,
    ),
  };
}
