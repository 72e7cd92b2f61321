import type { Database } from './connect.js';

/**
 * A query function for named prepared statements on PostgreSQL: each connection parses and plans a
 * statement once, later calls send only its values, and no query is built per call. An array goes
 * as one parameter (`= any($1::text[])`), so 100 names are one value, not 100 placeholders to parse.
 */
export function defineNamedStatements<Name extends string>(
  prefix: string,
  statements: Record<Name, string>,
): <Row>(database: Database, statement: Name, values: unknown[]) => Promise<Row[]> {
  return async <Row>(database: Database, statement: Name, values: unknown[]) => {
    if (!database.pool) throw new Error('named prepared statements need PostgreSQL');
    const result = await database.pool.query({
      name: prefix + statement,
      text: statements[statement],
      values,
    });
    return result.rows as Row[];
  };
}
