import type pg from 'pg';

/**
 * The hot read statements on PostgreSQL, sent as named prepared statements: each connection parses
 * and plans one once, and later calls send only its values, and no query is built per call. Names
 * go as one array, so 100 names are one parameter, not 100 placeholders to build and parse. Each one
 * is the statement search.repository.ts builds with Kysely; the name and prefix reads are also
 * prepared on SQLite (search-sqlite.repository.ts). Related tags' reads are in
 * related/related-postgres.repository.ts.
 */
const COLUMNS = 'name, post_count, count_state, banned';

const STATEMENTS = {
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
} as const;

export type HotStatement = keyof typeof STATEMENTS;

export async function queryHot<Row>(
  pool: pg.Pool,
  statement: HotStatement,
  values: unknown[],
): Promise<Row[]> {
  const result = await pool.query({ name: `hashtags_${statement}`, text: STATEMENTS[statement], values });
  return result.rows as Row[];
}
