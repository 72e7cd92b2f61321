import { type Kysely, sql } from 'kysely';
import { authorOfPostSql } from '../../features/store/post-author.js';
import type { MigrationDialect } from './portable.js';

/** Days of author rows the backfill writes: the days "Trending now" reads (today and the two before). */
const TRENDING_DAYS = 3;

/**
 * "Trending now" counts people, not posts (decision 025): hashtag_daily_authors keeps each tag's
 * posts per (day, author), so a tag's day weighs each author a few posts at most and trending can
 * ask for a number of distinct authors. The store's one write path fills it with the daily uses;
 * a live network keeps the days trending reads. Stores already holding posts get each network's
 * last three days from their stored posts (single-tag live posts, counted but not stored, are not
 * there to count).
 */
export function trendingAuthorsMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') await sql`set local statement_timeout = 0`.execute(db);
      let table = db.schema
        .createTable('hashtag_daily_authors')
        .addColumn('hashtag_id', 'integer', (c) => c.notNull())
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('posts', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('hashtag_daily_authors_pk', ['hashtag_id', 'day', 'author']);
      if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
      await table.execute();
      // Trending reads the last days of every tag: one range of this index.
      await db.schema
        .createIndex('hashtag_daily_authors_by_day')
        .on('hashtag_daily_authors')
        .columns(['day', 'hashtag_id'])
        .execute();
      await backfillLastDays(db, dialect);
    },
  };
}

async function backfillLastDays(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const newest = await sql<{ network: string; taken_at: number }>`
    select network, max(taken_at) as taken_at from posts where linked = 1 group by network`.execute(db);
  const author = sql.raw(authorOfPostSql('p'));
  for (const row of newest.rows) {
    const firstDay = Math.floor(Number(row.taken_at) / 86_400) - TRENDING_DAYS + 1;
    const from = firstDay * 86_400;
    if (dialect === 'postgres') {
      await sql`insert into hashtag_daily_authors (hashtag_id, day, author, posts)
        select t.tag_id, floor(p.taken_at / 86400::float8)::integer, ${author}, count(*)
        from posts p cross join lateral unnest(string_to_array(p.tag_ids, ',')::int[]) as t(tag_id)
        where p.network = ${row.network} and p.linked = 1 and p.taken_at >= ${from} and p.tag_ids <> ''
        group by 1, 2, 3`.execute(db);
    } else {
      await sql`insert into hashtag_daily_authors (hashtag_id, day, author, posts)
        select cast(t.value as integer), p.taken_at / 86400, ${author}, count(*)
        from posts p, json_each('[' || p.tag_ids || ']') t
        where p.network = ${row.network} and p.linked = 1 and p.taken_at >= ${from} and p.tag_ids <> ''
        group by 1, 2, 3`.execute(db);
    }
  }
}
