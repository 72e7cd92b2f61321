import type { Kysely } from 'kysely';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * A user's own posts (issue 34, decision 031), kept apart from the public store's posts: archives
 * they upload and handles they connect. Every row names its user, and every read filters on it; the
 * user's deletion takes them (the foreign key, and own-posts' account-data hook).
 * - own_posts: one row per post, keyed (user, network, the network's id for it), so the same file
 *   twice, or two imports of it at once, keep each post once. Engagement is null until a connected
 *   handle reads it (an archive has none).
 * - own_post_tags: the post's tags, every one (a post with one tag counts here).
 * - own_handles: the handles a user connected, one per network, and when they were last read.
 * - own_post_settings: whether the user's tags that work may feed list suggestions (off until asked).
 */
export function ownPostsMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('own_posts')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('post_id', 'text', (c) => c.notNull())
        .addColumn('posted_at', bigint(dialect), (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('likes', 'integer')
        .addColumn('reposts', 'integer')
        .addColumn('replies', 'integer')
        .addColumn('quotes', 'integer')
        .addColumn('imported_at', bigint(dialect), (c) => c.notNull())
        .addPrimaryKeyConstraint('own_posts_pk', ['user_id', 'network', 'post_id'])
        .execute();
      await db.schema
        .createTable('own_post_tags')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('post_id', 'text', (c) => c.notNull())
        .addColumn('hashtag', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('own_post_tags_pk', ['user_id', 'network', 'post_id', 'hashtag'])
        .execute();
      await db.schema
        .createTable('own_handles')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('handle', 'text', (c) => c.notNull())
        .addColumn('connected_at', bigint(dialect), (c) => c.notNull())
        .addColumn('refreshed_at', bigint(dialect))
        .addColumn('refresh_error', 'text')
        .addPrimaryKeyConstraint('own_handles_pk', ['user_id', 'network'])
        .execute();
      await db.schema
        .createTable('own_post_settings')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('suggest_from_own_tags', 'integer', (c) => c.notNull())
        .addColumn('updated_at', bigint(dialect), (c) => c.notNull())
        .execute();
    },
  };
}
