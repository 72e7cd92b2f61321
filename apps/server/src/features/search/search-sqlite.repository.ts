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
  'byNames' | 'byName' | 'byKeyPrefix' | 'countByKeyPrefix' | 'topByKeyPrefix',
  SqliteDatabase.Statement
>;

const prepared = new WeakMap<SqliteDatabase.Database, HotStatements>();

const COLUMNS = HASHTAG_ROW_COLUMNS.join(', ');

function prepareAll(sqlite: SqliteDatabase.Database): HotStatements {
  return {
    /** (network, json array of names) */
    byNames: sqlite.prepare(
      // Named: not knowing how many names json_each gives, SQLite would rather read all the
      // network's entries of hashtags_search, which hold these columns, than look each name up.
      `select ${COLUMNS} from hashtags indexed by hashtags_network_name
       where network = ? and name in (select value from json_each(?))`,
    ),
    /** (network, name) */
    byName: sqlite.prepare(`select ${COLUMNS} from hashtags where network = ? and name = ?`),
    // A tag's search key is coalesce(search_key, name): one range of hashtags_search, an index on it
    // holding every column the answer shows.
    /** (network, key prefix, key prefix + max char, name left out, limit) */
    byKeyPrefix: sqlite.prepare(
      `select ${COLUMNS} from hashtags where network = ? and coalesce(search_key, name) >= ? and coalesce(search_key, name) < ? and name <> ?
       and count_state <> 'pending' order by post_count desc, name limit ?`,
    ),
    /** (network, key prefix, key prefix + max char, cap) */
    countByKeyPrefix: sqlite
      .prepare(
        'select count(*) from (select 1 from hashtags where network = ? and coalesce(search_key, name) >= ? and coalesce(search_key, name) < ? limit ?)',
      )
      .pluck(),
    /** (network, among, key prefix, key prefix + max char, name left out, limit) */
    topByKeyPrefix: sqlite.prepare(
      `select ${COLUMNS} from (select ${COLUMNS}, coalesce(search_key, name) as tag_key from hashtags where network = ? order by post_count desc, name limit ?) ` +
        "where tag_key >= ? and tag_key < ? and name <> ? and count_state <> 'pending' order by post_count desc, name limit ?",
    ),
  };
}
