import { defineNamedStatements } from '../../db/prepared-statements.js';
import { HASHTAG_ROW_COLUMNS } from './hashtag-row.js';

/**
 * Search's hot reads on PostgreSQL, as named prepared statements (db/prepared-statements.ts); their
 * SQLite versions are search-sqlite.repository.ts, and search.repository.ts picks one by dialect.
 * Related tags' reads are in related/related-postgres.repository.ts.
 */
const COLUMNS = HASHTAG_ROW_COLUMNS.join(', ');

export const queryHot = defineNamedStatements('hashtags_', {
  /** (network, names[]) */
  byNames: `select ${COLUMNS} from hashtags where network = $1 and name = any($2::text[])`,
  /** (network, prefix, prefix + max char, limit) */
  byPrefix: `select ${COLUMNS} from hashtags where network = $1 and name > $2 and name < $3
    and count_state <> 'pending' order by post_count desc, name limit $4`,
  /** (network, prefix, prefix + max char, cap) */
  countByPrefix:
    'select count(*)::int as n from (select name from hashtags where network = $1 and name > $2 and name < $3 limit $4) as matches',
  /** (network, among, prefix, prefix + max char, limit) */
  topByPrefix: `select * from (select ${COLUMNS} from hashtags where network = $1 order by post_count desc, name limit $2) as top
    where name > $3 and name < $4 and count_state <> 'pending' order by post_count desc, name limit $5`,
});
