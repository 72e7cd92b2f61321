import { type Kysely, sql } from 'kysely';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * Reshapes the store for its two hot reads and its ingest rate (decision 005):
 * - post_hashtags is keyed (hashtag_id, taken_at, post_id): "a tag's newest posts" is a range of the
 *   primary key itself, and each link costs one B-tree insert instead of two;
 * - posts.tag_ids holds the post's tag ids ("12,5,873"), so a post's tags are read with the post;
 * - posts_place and posts_owner end in id and skip posts without a place or owner;
 * - a username is no longer unique: the network lets a name move from one profile to another.
 */
export function linkOrderMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('posts')
        .addColumn('tag_ids', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      const tagIdsOfPost =
        dialect === 'postgres'
          ? sql`(select string_agg(hashtag_id::text, ',') from post_hashtags where post_id = posts.id)`
          : sql`(select group_concat(hashtag_id) from post_hashtags where post_id = posts.id)`;
      await sql`update posts set tag_ids = coalesce(${tagIdsOfPost}, '')`.execute(db);

      let links = db.schema
        .createTable('post_hashtags_next')
        .addColumn('hashtag_id', 'integer', (c) => c.notNull())
        .addColumn('taken_at', bigint(dialect), (c) => c.notNull())
        .addColumn('post_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('post_hashtags_recent_pk', ['hashtag_id', 'taken_at', 'post_id']);
      if (dialect === 'sqlite') links = links.modifyEnd(sql`without rowid`);
      await links.execute();
      await sql`insert into post_hashtags_next (hashtag_id, taken_at, post_id)
                select hashtag_id, taken_at, post_id from post_hashtags`.execute(db);
      await db.schema.dropTable('post_hashtags').execute();
      await db.schema.alterTable('post_hashtags_next').renameTo('post_hashtags').execute();

      await db.schema.dropIndex('posts_place').execute();
      await db.schema.dropIndex('posts_owner').execute();
      await db.schema
        .createIndex('posts_place')
        .on('posts')
        .columns(['place_id', 'taken_at desc', 'id desc'])
        .where(sql.ref('place_id'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('posts_owner')
        .on('posts')
        .columns(['owner', 'taken_at desc', 'id desc'])
        .where(sql.ref('owner'), 'is not', null)
        .execute();

      await dropUniqueUsername(db, dialect);
      await db.schema
        .createIndex('profiles_username')
        .on('profiles')
        .columns(['username', 'followers'])
        .execute();
    },
  };
}

async function dropUniqueUsername(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table profiles drop constraint profiles_username_key`.execute(db);
    return;
  }
  // SQLite cannot drop a column constraint: copy the table without it.
  await sql`create table profiles_next (
    id text primary key,
    username text not null,
    full_name text not null default '',
    biography text not null default '',
    followers integer not null default 0,
    following integer not null default 0,
    post_count integer not null default 0,
    is_business_account integer not null default 0,
    business_category_name text,
    is_private integer not null default 0,
    is_verified integer not null default 0,
    profile_pic_url text,
    searches integer not null default 0,
    updated_at integer not null
  )`.execute(db);
  await sql`insert into profiles_next select id, username, full_name, biography, followers, following, post_count,
    is_business_account, business_category_name, is_private, is_verified, profile_pic_url, searches, updated_at
    from profiles`.execute(db);
  await db.schema.dropTable('profiles').execute();
  await db.schema.alterTable('profiles_next').renameTo('profiles').execute();
}
