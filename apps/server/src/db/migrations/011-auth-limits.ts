import type { Kysely } from 'kysely';

/**
 * auth_limits: rate-limiter-flexible's counters (key, points, expire), in its own table layout, for
 * the sign-in, code and per-address limits (features/guess-limits/limit-counters.ts) when Redis is not
 * configured. They replace the hand-written auth_throttle table.
 */
export function authLimitsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('auth_limits')
        .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
        .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expire', 'bigint')
        .execute();
      await db.schema.dropTable('auth_throttle').ifExists().execute();
    },
  };
}
