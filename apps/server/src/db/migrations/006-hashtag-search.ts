import type { Kysely } from 'kysely';

/**
 * Indexes for autocomplete on a million tags (decision 005):
 * - hashtags_prefix covers a prefix range with everything the answer shows, so sorting the matches
 *   by count reads no table rows;
 * - hashtags_by_count walks the most used tags first, where one- and two-letter prefixes are looked for.
 */
export function hashtagSearchMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('hashtags_prefix')
        .on('hashtags')
        .columns(['name', 'post_count', 'count_state', 'banned'])
        .execute();
      await db.schema
        .createIndex('hashtags_by_count')
        .on('hashtags')
        .columns(['post_count desc', 'name'])
        .execute();
    },
  };
}
