import { type Kysely, sql } from 'kysely';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * The Bluesky firehose (docs/decisions/013-bluesky-jetstream.md):
 * - stream_posts_seen: the ids of posts a stream has counted lately, so a replayed event (the
 *   consumer rewinds a few seconds on every reconnection) is not counted twice, whether or not the
 *   post was stored; pruned by seen_at;
 * - stream_cursors: where each stream resumes (Jetstream's time_us) and from which instance;
 * - posts.langs: the languages a post declares ("en,pt"), null when unknown;
 * - posts_bluesky_taken: Bluesky's stored posts by time, for retention (other networks keep theirs).
 */
export function blueskyStreamMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      let seen = db.schema
        .createTable('stream_posts_seen')
        .addColumn('post_id', 'text', (c) => c.primaryKey())
        .addColumn('seen_at', bigint(dialect), (c) => c.notNull());
      if (dialect === 'sqlite') seen = seen.modifyEnd(sql`without rowid`);
      await seen.execute();
      await db.schema.createIndex('stream_posts_seen_at').on('stream_posts_seen').column('seen_at').execute();
      await db.schema
        .createTable('stream_cursors')
        .addColumn('stream', 'text', (c) => c.primaryKey())
        .addColumn('cursor', bigint(dialect), (c) => c.notNull())
        .addColumn('instance', 'text')
        .addColumn('updated_at', bigint(dialect), (c) => c.notNull())
        .execute();
      await db.schema.alterTable('posts').addColumn('langs', 'text').execute();
      await db.schema
        .createIndex('posts_bluesky_taken')
        .on('posts')
        .columns(['taken_at', 'id'])
        .where(sql.ref('network'), '=', 'bluesky')
        .execute();
    },
  };
}
