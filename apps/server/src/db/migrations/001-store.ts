import { type Kysely, sql } from 'kysely';
import { autoIncrementId, bigint, type MigrationDialect } from './portable.js';

/** The hashtag store: tags, places, profiles, posts and the post-to-tag links. */
export function storeMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      // Byte-order collation on PostgreSQL so prefix ranges use the index, as on SQLite.
      const binaryText = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;

      await db.schema
        .createTable('hashtags')
        .addColumn('id', autoIncrementId(dialect), (c) => c.primaryKey())
        .addColumn('name', binaryText, (c) => c.notNull().unique())
        .addColumn('post_count', bigint(dialect), (c) => c.notNull().defaultTo(-1))
        .addColumn('count_state', 'text', (c) => c.notNull().defaultTo('unknown'))
        .addColumn('banned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('searches', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', bigint(dialect), (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('hashtags_banned')
        .on('hashtags')
        .column('banned')
        .where('banned', '=', 1)
        .execute();

      await db.schema
        .createTable('places')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_key', binaryText, (c) => c.notNull())
        .addColumn('post_count', bigint(dialect), (c) => c.notNull().defaultTo(-1))
        .addColumn('profile_pic_url', 'text')
        .addColumn('searches', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', bigint(dialect), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('places_title_key').on('places').column('title_key').execute();

      await db.schema
        .createTable('profiles')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', binaryText, (c) => c.notNull().unique())
        .addColumn('full_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('biography', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('followers', bigint(dialect), (c) => c.notNull().defaultTo(0))
        .addColumn('following', bigint(dialect), (c) => c.notNull().defaultTo(0))
        .addColumn('post_count', bigint(dialect), (c) => c.notNull().defaultTo(0))
        .addColumn('is_business_account', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('business_category_name', 'text')
        .addColumn('is_private', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('profile_pic_url', 'text')
        .addColumn('searches', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', bigint(dialect), (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('posts')
        .addColumn('id', autoIncrementId(dialect), (c) => c.primaryKey())
        .addColumn('post_id', 'text', (c) => c.notNull().unique())
        .addColumn('owner', 'text')
        .addColumn('taken_at', bigint(dialect), (c) => c.notNull())
        .addColumn('place_id', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('posts_place').on('posts').columns(['place_id', 'taken_at']).execute();
      await db.schema.createIndex('posts_owner').on('posts').columns(['owner', 'taken_at']).execute();

      let links = db.schema
        .createTable('post_hashtags')
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('hashtag_id', 'integer', (c) => c.notNull().references('hashtags.id').onDelete('cascade'))
        .addColumn('taken_at', bigint(dialect), (c) => c.notNull())
        .addPrimaryKeyConstraint('post_hashtags_pk', ['post_id', 'hashtag_id']);
      if (dialect === 'sqlite') links = links.modifyEnd(sql`without rowid`);
      await links.execute();
      await db.schema
        .createIndex('post_hashtags_recent')
        .on('post_hashtags')
        .columns(['hashtag_id', 'taken_at desc'])
        .execute();
    },
  };
}
