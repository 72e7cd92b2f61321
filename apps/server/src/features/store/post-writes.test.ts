import { describe, expect, it } from 'vitest';
import type { Database, DialectName } from '../../db/connect.js';
import { databasesDroppedAfterEachTest, testDialects } from '../../test/test-database.js';
import { purgeSubmitterPosts } from '../crowd/crowd-post-purge.repository.js';
import {
  ingestStream,
  pruneDailyUses,
  pruneStreamPosts,
  refreshWindowCounts,
  type StreamBatch,
} from '../stream/stream.service.js';
import { type IngestBatch, linkPendingPosts, type PostToStore, storeIngest } from './store.repository.js';

const T0 = 1_700_000_000;
const DAY = 86_400;
const TODAY = Math.floor(T0 / DAY);

const post = (postId: string, offset: number, hashtags: string[], extra: Partial<PostToStore> = {}) => ({
  postId,
  owner: 'o1',
  takenAt: T0 + offset,
  placeId: null,
  hashtags,
  ...extra,
});

const storeBatches: { batch: IngestBatch; deferLinks?: boolean }[] = [
  {
    batch: {
      places: [{ id: 'pl1', title: 'Lisboa', titleKey: 'lisboa', count: 5 }],
      posts: [
        post('a', 1, ['beach', 'sun'], { placeId: 'pl1' }),
        post('b', 2, ['beach', 'surf'], { owner: 'o2' }),
        post('c', DAY, ['surf', 'sun'], { owner: null }),
      ],
      network: 'instagram',
      source: 'import',
      now: 1000,
    },
  },
  {
    // A repeat adds a tag and a place; new posts wait for the pending-links pass.
    batch: {
      posts: [
        post('b', 2, ['beach', 'surf', 'wave'], { owner: 'o2', placeId: 'pl2' }),
        post('d', 3, ['beach', 'wave', 'sand'], { placeId: 'pl1' }),
        post('e', 2 * DAY, ['sand', 'sun'], { owner: 'o3' }),
      ],
      network: 'instagram',
      source: 'import',
      now: 2000,
    },
    deferLinks: true,
  },
  {
    // Crowd posts: "x" is reported by two accounts, "y" by one.
    batch: {
      posts: [
        post('x', 5, ['beach', 'crowdtag'], { owner: 'o4', placeId: 'pl1' }),
        post('y', 6, ['sun', 'crowdtag'], { owner: 'o4' }),
      ],
      network: 'instagram',
      source: 'crowd',
      submittedBy: 'acc1',
      newTagsPending: true,
      now: 3000,
    },
  },
  {
    batch: {
      posts: [post('x', 5, ['beach', 'other'], { owner: 'o5' })],
      network: 'instagram',
      source: 'crowd',
      submittedBy: 'acc2',
      newTagsPending: true,
      now: 4000,
    },
  },
];

const streamPost = (postId: string, offset: number, hashtags: string[], owner = 'did:1') => ({
  postId,
  owner,
  takenAt: T0 + offset,
  hashtags,
  langs: postId.endsWith('1') ? ['en', 'pt'] : [],
  seenAt: T0 + offset,
});

const streamBatch = (fields: Pick<StreamBatch, 'posts' | 'deletedPosts' | 'deletedOwners'>, at: number) => ({
  ...fields,
  network: 'bluesky' as const,
  source: 'bluesky',
  countDays: 7,
  today: TODAY,
  now: at,
  cursor: { stream: 'bluesky', cursor: at, instance: 'i' },
});

const streamBatches: StreamBatch[] = [
  streamBatch(
    {
      posts: [
        streamPost('s1', -10 * DAY, ['art', 'sky']),
        streamPost('s2', 0, ['art', 'sky', 'ink'], 'did:2'),
        streamPost('s3', 0, ['solo']),
        streamPost('s4', 1, ['sky', 'ink'], 'did:3'),
      ],
      deletedPosts: [],
      deletedOwners: [],
    },
    5000,
  ),
  streamBatch(
    {
      posts: [streamPost('s2', 0, ['art', 'sky', 'ink'], 'did:2'), streamPost('s5', 2, ['ink', 'late'])],
      deletedPosts: ['s4', 'a'],
      deletedOwners: ['did:2'],
    },
    6000,
  ),
];

/** Everything the write path wrote, by natural keys, so two databases compare equal whatever ids they gave. */
async function snapshot(database: Database) {
  const { db } = database;
  const tagNames = new Map(
    (await db.selectFrom('hashtags').select(['id', 'network', 'name']).execute()).map((tag) => [
      tag.id,
      `${tag.network}:${tag.name}`,
    ]),
  );
  const namesOf = (tagIds: string) =>
    tagIds === '' ? [] : tagIds.split(',').map((id) => tagNames.get(Number(id)));
  const postIds = new Map(
    (await db.selectFrom('posts').select(['id', 'post_id']).execute()).map((row) => [row.id, row.post_id]),
  );
  const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
  return {
    hashtags: sorted(
      await db
        .selectFrom('hashtags')
        .select(['network', 'name', 'post_count', 'count_state', 'count_source', 'updated_at'])
        .execute(),
    ),
    posts: sorted(
      (
        await db
          .selectFrom('posts')
          .select([
            'post_id',
            'owner',
            'taken_at',
            'place_id',
            'source',
            'network',
            'tag_ids',
            'linked',
            'submitted_by',
            'langs',
          ])
          .execute()
      ).map((row) => ({ ...row, tag_ids: namesOf(row.tag_ids) })),
    ),
    tagLinks: sorted(
      (await db.selectFrom('post_hashtags').selectAll().execute()).map((link) => [
        tagNames.get(link.hashtag_id),
        link.taken_at,
        postIds.get(link.post_id),
      ]),
    ),
    placeLinks: sorted(
      (await db.selectFrom('post_places').selectAll().execute()).map((link) => [
        link.place_id,
        link.taken_at,
        postIds.get(link.post_id),
      ]),
    ),
    ownerLinks: sorted(
      (await db.selectFrom('post_owners').selectAll().execute()).map((link) => [
        link.owner,
        link.taken_at,
        postIds.get(link.post_id),
      ]),
    ),
    dailyUses: sorted(
      (await db.selectFrom('hashtag_daily_uses').selectAll().execute()).map((row) => [
        tagNames.get(row.hashtag_id),
        row.day - TODAY,
        row.uses,
      ]),
    ),
    dailyAuthors: sorted(
      (await db.selectFrom('hashtag_daily_authors').selectAll().execute()).map((row) => [
        tagNames.get(row.hashtag_id),
        row.day - TODAY,
        row.author,
        row.posts,
      ]),
    ),
  };
}

/** The store's batches, a crowd purge, a stream's batches and its retention, through the one write path. */
async function writeEverything(database: Database, options: { fastPath?: boolean }) {
  const results: unknown[] = [];
  for (const { batch, deferLinks } of storeBatches) {
    await storeIngest(database, batch, { ...options, deferLinks });
  }
  results.push(await linkPendingPosts(database, { now: 2500 }));
  for (const batch of streamBatches) results.push(await ingestStream(database, batch, options));
  results.push(await purgeSubmitterPosts(database, { submitter: 'acc1', now: 6500 }));
  results.push(await pruneStreamPosts(database, { network: 'bluesky', before: T0 - 5 * DAY, limit: 10 }));
  const pruned = await pruneDailyUses(database, {
    network: 'bluesky',
    beforeDay: TODAY - 5,
    authorsBeforeDay: TODAY - 1,
    afterId: 0,
    limit: 100,
  });
  results.push(pruned !== undefined);
  const refreshed = await refreshWindowCounts(database, {
    network: 'bluesky',
    fromDay: TODAY,
    afterId: 0,
    limit: 100,
    source: 'bluesky',
    now: 7000,
  });
  results.push(refreshed !== undefined);
  return results;
}

const openTestDatabase = databasesDroppedAfterEachTest();
async function freshDatabase(dialect: DialectName) {
  return (await openTestDatabase(dialect, { migrated: true })).database;
}

describe('the write path of posts, links and daily uses', () => {
  it("writes the same rows on SQLite's prepared statements, its portable path and PostgreSQL", async () => {
    const sqlite = await freshDatabase('sqlite');
    const results = await writeEverything(sqlite, {});
    const expected = await snapshot(sqlite);

    // The scenario reaches every writer: deferred links, stream deletes, a purge that hands a post on.
    expect(results).toEqual([
      2,
      { counted: 4, stored: 3, repeats: 0, removed: 0 },
      { counted: 1, stored: 1, repeats: 1, removed: 2 },
      { posts: 1, postsHandedOn: 1 },
      1,
      true,
      true,
    ]);
    expect(expected.posts.map((row) => JSON.parse(row).post_id).sort()).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      's5',
      'x',
    ]);
    const rows = (...items: unknown[][]) => items.map((item) => JSON.stringify(item));
    // "x" is acc2's now, as acc2 sent it (no place, owner o5); "y" went with acc1.
    expect(expected.placeLinks).toEqual(
      rows(['pl1', T0 + 1, 'a'], ['pl1', T0 + 3, 'd'], ['pl2', T0 + 2, 'b']),
    );
    expect(expected.ownerLinks).toEqual(
      rows(
        ['did:1', T0 + 2, 's5'],
        ['o1', T0 + 1, 'a'],
        ['o1', T0 + 3, 'd'],
        ['o2', T0 + 2, 'b'],
        ['o3', T0 + 2 * DAY, 'e'],
        ['o5', T0 + 5, 'x'],
      ),
    );
    // Deleted stream posts keep their uses; purged crowd posts take theirs back (crowdtag's day goes);
    // retention drops the stream's days before its window.
    expect(expected.dailyUses).toEqual(
      rows(
        ['bluesky:art', 0, 1],
        ['bluesky:ink', 0, 3],
        ['bluesky:late', 0, 1],
        ['bluesky:sky', 0, 2],
        ['bluesky:solo', 0, 1],
        ['instagram:beach', 0, 4],
        ['instagram:other', 0, 1],
        ['instagram:sand', 0, 1],
        ['instagram:sand', 2, 1],
        ['instagram:sun', 0, 1],
        ['instagram:sun', 1, 1],
        ['instagram:sun', 2, 1],
        ['instagram:surf', 0, 1],
        ['instagram:surf', 1, 1],
        ['instagram:wave', 0, 2],
      ),
    );

    // The same per author (decision 025): a purged account's posts taken back ("y" and crowdtag gone),
    // "x" counted for acc2 now; an import's post without an owner is its own author; retention keeps
    // the stream's authors for the days trending reads.
    expect(expected.dailyAuthors).toEqual(
      rows(
        ['bluesky:art', 0, 'owner:did:2', 1],
        ['bluesky:ink', 0, 'owner:did:1', 1],
        ['bluesky:ink', 0, 'owner:did:2', 1],
        ['bluesky:ink', 0, 'owner:did:3', 1],
        ['bluesky:late', 0, 'owner:did:1', 1],
        ['bluesky:sky', 0, 'owner:did:2', 1],
        ['bluesky:sky', 0, 'owner:did:3', 1],
        ['bluesky:solo', 0, 'owner:did:1', 1],
        ['instagram:beach', 0, 'account:acc2', 1],
        ['instagram:beach', 0, 'owner:o1', 2],
        ['instagram:beach', 0, 'owner:o2', 1],
        ['instagram:other', 0, 'account:acc2', 1],
        ['instagram:sand', 0, 'owner:o1', 1],
        ['instagram:sand', 2, 'owner:o3', 1],
        ['instagram:sun', 0, 'owner:o1', 1],
        ['instagram:sun', 1, 'post:c', 1],
        ['instagram:sun', 2, 'owner:o3', 1],
        ['instagram:surf', 0, 'owner:o2', 1],
        ['instagram:surf', 1, 'post:c', 1],
        ['instagram:wave', 0, 'owner:o1', 1],
        ['instagram:wave', 0, 'owner:o2', 1],
      ),
    );
    const portable = await freshDatabase('sqlite');
    expect(await writeEverything(portable, { fastPath: false })).toEqual(results);
    expect(await snapshot(portable)).toEqual(expected);

    if (!testDialects.includes('postgres')) return;
    const postgres = await freshDatabase('postgres');
    expect(await writeEverything(postgres, {})).toEqual(results);
    expect(await snapshot(postgres)).toEqual(expected);
  });
});
