import { dayOfEpochMs, type Network } from '@tagscout/core/networks';
import { describe, expect, it } from 'vitest';
import type { Database, DialectName } from '../../db/connect.js';
import { databasesDroppedAfterEachTest, testDialects } from '../../test/test-database.js';
import { purgeSubmitterPosts } from '../crowd/crowd-post-purge.repository.js';
import {
  type IngestBatch,
  linkPendingPosts,
  type PostToStore,
  type StoreOptions,
  storeIngest,
} from './store.repository.js';

/*
 * Author rows only for the days "Trending now" can read, now or later (decision 034): a live
 * network's today and the two days before, a snapshot network's last day (its most used tags'
 * newest) and the two before. Daily uses keep every day.
 */

/** 20:00 UTC: the write's clock. */
const NOW = Date.UTC(2026, 10, 27, 20);
const TODAY = dayOfEpochMs(NOW);
const DAY = 86_400;

/** One post per owner on each day, `daysAgo` before the clock's day. */
function postsOn(options: {
  daysAgo: number[];
  hashtags: string[];
  owners: string[];
  id: string;
}): PostToStore[] {
  return options.daysAgo.flatMap((ago) =>
    options.owners.map((owner, i) => ({
      postId: `${options.id}-${ago}-${owner}`,
      owner,
      takenAt: (TODAY - ago) * DAY + 3600 + i,
      placeId: null,
      hashtags: options.hashtags,
    })),
  );
}

/** The author rows of `posts` that the old write path wrote (every day), as `tag days-ago author posts`. */
function everyAuthorRow(
  posts: readonly PostToStore[],
  authorOf = (post: PostToStore) => `owner:${post.owner}`,
) {
  const rows = new Map<string, number>();
  for (const post of posts) {
    const ago = TODAY - Math.floor(post.takenAt / DAY);
    for (const tag of post.hashtags) {
      const key = `${tag} ${ago} ${authorOf(post)}`;
      rows.set(key, (rows.get(key) ?? 0) + 1);
    }
  }
  return [...rows].map(([key, posts]) => `${key} ${posts}`).sort();
}

const daysAgoOf = (row: string) => Number(row.split(' ')[1]);

async function authorRows(database: Database, network: Network): Promise<string[]> {
  const rows = await database.db
    .selectFrom('hashtag_daily_authors as daily')
    .innerJoin('hashtags', 'hashtags.id', 'daily.hashtag_id')
    .select(['hashtags.name', 'daily.day', 'daily.author', 'daily.posts'])
    .where('hashtags.network', '=', network)
    .execute();
  return rows.map((row) => `${row.name} ${TODAY - Number(row.day)} ${row.author} ${row.posts}`).sort();
}

async function usedDaysAgo(database: Database, network: Network): Promise<number[]> {
  const rows = await database.db
    .selectFrom('hashtag_daily_uses as daily')
    .innerJoin('hashtags', 'hashtags.id', 'daily.hashtag_id')
    .select('daily.day')
    .distinct()
    .where('hashtags.network', '=', network)
    .execute();
  return rows.map((row) => TODAY - Number(row.day)).sort((a, b) => a - b);
}

const openTestDatabase = databasesDroppedAfterEachTest();
async function freshDatabase(dialect: DialectName) {
  return (await openTestDatabase(dialect, { migrated: true })).database;
}

/** The ways a batch of posts reaches the store: SQLite's prepared statements, the portable path, links deferred. */
const WAYS: { way: string; options: StoreOptions }[] = [
  { way: 'as stored', options: {} },
  { way: 'on the portable path', options: { fastPath: false } },
  { way: 'with links deferred (the importer, the seeding)', options: { deferLinks: true } },
];

async function store(database: Database, batch: IngestBatch, options: StoreOptions) {
  await storeIngest(database, batch, options);
  if (options.deferLinks) await linkPendingPosts(database, { now: batch.now });
}

describe.each(testDialects)('author rows for the days trending reads, on %s', (dialect) => {
  it.each(WAYS)('a live network keeps today and the two days before, $way', async ({ options }) => {
    const database = await freshDatabase(dialect);
    const posts = postsOn({
      daysAgo: [0, 1, 2, 3, 4, 6, 9],
      hashtags: ['sea', 'sun'],
      owners: ['ann', 'bo'],
      id: 'p',
    });
    await store(database, { posts, network: 'instagram', source: 'import', now: NOW }, options);

    const kept = everyAuthorRow(posts).filter((row) => daysAgoOf(row) <= 2);
    expect(kept).toHaveLength(12);
    expect(await authorRows(database, 'instagram')).toEqual(kept);
    // The daily uses (a tag's count, its 30-day trend) keep every day.
    expect(await usedDaysAgo(database, 'instagram')).toEqual([0, 1, 2, 3, 4, 6, 9]);
  });

  it.each(WAYS)(
    "a snapshot network keeps its most used tags' last day and the two before, later days too, $way",
    async ({ options }) => {
      const database = await freshDatabase(dialect);
      // The sample's most used tags end 5 days ago; a rarer tag has posts 3 days ago. Trending ends
      // on the most used tags' last day (trends.service.ts), so it reads days 7 to 5 ago.
      const top = postsOn({
        daysAgo: [5, 6, 7, 8, 12],
        hashtags: ['travel', 'beach'],
        owners: ['ann', 'bo'],
        id: 't',
      });
      const late = postsOn({ daysAgo: [3, 8], hashtags: ['rare', 'later'], owners: ['cy'], id: 'r' });
      const batch: IngestBatch = {
        // Its ten most used tags: these two and eight without posts here.
        hashtags: [
          { name: 'travel', count: 5000 },
          { name: 'beach', count: 4000 },
          ...Array.from({ length: 8 }, (_, i) => ({ name: `popular${i}`, count: 3000 - i })),
        ],
        posts: [...top, ...late],
        network: 'sample',
        source: 'sample',
        now: NOW,
      };
      await store(database, batch, options);

      const kept = everyAuthorRow([...top, ...late]).filter((row) => daysAgoOf(row) <= 7);
      expect(kept.map(daysAgoOf)).toContain(3);
      expect(await authorRows(database, 'sample')).toEqual(kept);
      expect(await usedDaysAgo(database, 'sample')).toEqual([3, 5, 6, 7, 8, 12]);
    },
  );

  it('a purge of an old crowd post and a recent one takes back what was written, and writes no old day', async () => {
    const database = await freshDatabase(dialect);
    const trusted = postsOn({ daysAgo: [0, 6], hashtags: ['sea', 'sun'], owners: ['ann'], id: 'i' });
    await storeIngest(database, { posts: trusted, network: 'instagram', source: 'import', now: NOW });
    // acc1 creates four posts, two 6 days ago and two today; acc2 reports one of each too.
    const crowd = (id: string, ago: number, hashtags: string[]): PostToStore => ({
      postId: id,
      owner: `o-${id}`,
      takenAt: (TODAY - ago) * DAY + 7200,
      placeId: null,
      hashtags,
    });
    const old = crowd('old', 6, ['sea', 'sun']);
    const recent = crowd('recent', 0, ['sea', 'sun']);
    const oldShared = crowd('old-shared', 6, ['sea', 'wave']);
    const recentShared = crowd('recent-shared', 0, ['sea', 'wave']);
    const report = (submittedBy: string, posts: PostToStore[]) =>
      storeIngest(database, {
        posts,
        network: 'instagram',
        source: 'crowd',
        submittedBy,
        newTagsPending: true,
        now: NOW,
      });
    await report('acc1', [old, recent, oldShared, recentShared]);
    await report('acc2', [oldShared, recentShared]);
    const asAccount = (account: string) => () => `account:${account}`;
    expect(await authorRows(database, 'instagram')).toEqual(
      [
        ...everyAuthorRow(trusted),
        ...everyAuthorRow([old, recent, oldShared, recentShared], asAccount('acc1')),
      ]
        .filter((row) => daysAgoOf(row) <= 2)
        .sort(),
    );

    // acc1's own posts go; the shared ones become acc2's, as acc2 sent them.
    expect(await purgeSubmitterPosts(database, { submitter: 'acc1', now: NOW })).toEqual({
      posts: 2,
      postsHandedOn: 2,
    });
    expect(await authorRows(database, 'instagram')).toEqual(
      [...everyAuthorRow(trusted), ...everyAuthorRow([oldShared, recentShared], asAccount('acc2'))]
        .filter((row) => daysAgoOf(row) <= 2)
        .sort(),
    );
    const negative = await database.db
      .selectFrom('hashtag_daily_authors')
      .select('posts')
      .where('posts', '<=', 0)
      .execute();
    expect(negative).toEqual([]);
  });
});
