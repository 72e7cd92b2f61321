import type { Kysely } from 'kysely';

/**
 * "Trending now" reads every tag's uses of the last three days (decision 018): one range of this
 * index, which holds the uses too, instead of a scan of every tag's days. Pruning old days by date
 * can use it as well.
 */
export function trendsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('hashtag_daily_uses_by_day')
        .ifNotExists()
        .on('hashtag_daily_uses')
        .columns(['day', 'hashtag_id', 'uses'])
        .execute();
    },
  };
}
