import { type Kysely, sql } from 'kysely';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * Tags from the words of a caption (decision 030): per network, each word's posts and people
 * (caption_words) and the tags its posts carry (caption_word_tags), people kept as a 32-bit sketch
 * (core's author-sketch.ts) rather than a row per author. The store's one write path fills them from
 * the text of posts it stores from now on (posts keep no text, so there is nothing to backfill);
 * single-person rows not seen for a while are pruned.
 */
export function captionWordsMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      let words = db.schema
        .createTable('caption_words')
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('word', 'text', (c) => c.notNull())
        .addColumn('posts', 'integer', (c) => c.notNull())
        .addColumn('authors', bigint(dialect), (c) => c.notNull())
        .addColumn('last_day', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('caption_words_pk', ['network', 'word']);
      if (dialect === 'sqlite') words = words.modifyEnd(sql`without rowid`);
      await words.execute();
      // A word's tags are one primary-key range.
      let pairs = db.schema
        .createTable('caption_word_tags')
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('word', 'text', (c) => c.notNull())
        .addColumn('hashtag_id', 'integer', (c) => c.notNull())
        .addColumn('posts', 'integer', (c) => c.notNull())
        .addColumn('authors', bigint(dialect), (c) => c.notNull())
        .addColumn('last_day', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('caption_word_tags_pk', ['network', 'word', 'hashtag_id']);
      if (dialect === 'sqlite') pairs = pairs.modifyEnd(sql`without rowid`);
      await pairs.execute();
    },
  };
}
