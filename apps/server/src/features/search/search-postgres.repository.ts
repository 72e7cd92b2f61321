import { defineNamedStatements } from '../../db/prepared-statements.js';
import { HASHTAG_ROW_COLUMNS } from './hashtag-row.js';

/**
 * Search's hot reads on PostgreSQL, as named prepared statements (db/prepared-statements.ts); their
 * SQLite versions are search-sqlite.repository.ts, and search.repository.ts picks one by dialect.
 * Related tags' reads are in related/related-postgres.repository.ts.
 */
const COLUMNS = HASHTAG_ROW_COLUMNS.join(', ');

/**
 * The statements' text, by name (hot-reads.test.ts reads their plans). A tag's search key is
 * coalesce(search_key, name), which hashtags_search indexes.
 */
export const HOT_SQL = {
  /** (network, names[]) */
  byNames: `select ${COLUMNS} from hashtags where network = $1 and name = any($2::text[])`,
  /** (network, key prefix, key prefix + max char, name left out, limit) */
  byKeyPrefix: `select ${COLUMNS} from hashtags where network = $1 and coalesce(search_key, name) >= $2 and coalesce(search_key, name) < $3
    and name <> $4 and count_state <> 'pending' order by post_count desc, name limit $5`,
  /** (network, key prefix, key prefix + max char, cap) */
  countByKeyPrefix:
    'select count(*)::int as n from (select 1 from hashtags where network = $1 and coalesce(search_key, name) >= $2 and coalesce(search_key, name) < $3 limit $4) as matches',
  /** (network, among, key prefix, key prefix + max char, name left out, limit) */
  topByKeyPrefix: `select ${COLUMNS} from (select ${COLUMNS}, coalesce(search_key, name) as tag_key from hashtags where network = $1
    order by post_count desc, name limit $2) as top
    where tag_key >= $3 and tag_key < $4 and name <> $5 and count_state <> 'pending'
    order by post_count desc, name limit $6`,
} as const;

export const queryHot = defineNamedStatements('hashtags_', HOT_SQL);
