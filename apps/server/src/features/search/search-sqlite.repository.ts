import type SqliteDatabase from 'better-sqlite3';
import { HASHTAG_ROW_COLUMNS } from './hashtag-row.js';

/**
 * Search's hot reads on SQLite, prepared once per connection: autocomplete and counts run them
 * thousands of times a second, and building and compiling them through the query builder cost more
 * than running them (bench/HISTORY.md, "In-process, SQLite, 2,000,000 posts"). Their PostgreSQL
 * versions are search-postgres.repository.ts, and search.repository.ts picks one by dialect.
 */
export function hotStatements(sqlite: SqliteDatabase.Database): HotStatements {
  let statements = prepared.get(sqlite);
  if (!statements) {
    statements = prepareAll(sqlite);
    prepared.set(sqlite, statements);
  }
  return statements;
}

type HotStatements = Record<
  'byNames' | 'byName' | 'byPrefix' | 'countByPrefix' | 'topByPrefix',
  SqliteDatabase.Statement
>;

const prepared = new WeakMap<SqliteDatabase.Database, HotStatements>();

const COLUMNS = HASHTAG_ROW_COLUMNS.join(', ');

function prepareAll(sqlite: SqliteDatabase.Database): HotStatements {
  return {
    /** (network, json array of names) */
    byNames: sqlite.prepare(
      `select ${COLUMNS} from hashtags where network = ? and name in (select value from json_each(?))`,
    ),
    /** (network, name) */
    byName: sqlite.prepare(`select ${COLUMNS} from hashtags where network = ? and name = ?`),
    /** (network, prefix, prefix + max char, limit) */
    byPrefix: sqlite.prepare(
      `select ${COLUMNS} from hashtags where network = ? and name > ? and name < ? and count_state <> 'pending'
       order by post_count desc, name limit ?`,
    ),
    /** (network, prefix, prefix + max char, cap) */
    countByPrefix: sqlite
      .prepare(
        'select count(*) from (select name from hashtags where network = ? and name > ? and name < ? limit ?)',
      )
      .pluck(),
    /** (network, among, prefix, prefix + max char, limit) */
    topByPrefix: sqlite.prepare(
      `select * from (select ${COLUMNS} from hashtags where network = ? order by post_count desc, name limit ?) ` +
        "where name > ? and name < ? and count_state <> 'pending' order by post_count desc, name limit ?",
    ),
  };
}
