import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialects } from '../../test/test-database.js';
import { type IngestBatch, storeIngest } from './store.repository.js';

const T0 = 1_700_000_000;

/**
 * Two bodies whose item tags appear among each other's new tags: on PostgreSQL their transactions lock
 * the same tag rows in opposite orders, and one of them is chosen as the deadlock victim.
 */
function crossedBodies(pair: number): IngestBatch[] {
  const [a, b] = [`alpha${pair}`, `beta${pair}`];
  const body = (item: string, other: string, prefix: string): IngestBatch => ({
    hashtags: [{ name: item, count: 100 }],
    posts: Array.from({ length: 20 }, (_, i) => ({
      postId: `${prefix}-${pair}-${i}`,
      owner: 'o1',
      takenAt: T0 + i,
      placeId: null,
      hashtags: [item, other, `shared${i}`],
    })),
    network: 'instagram',
    source: 'test',
    now: 1000,
  });
  return [body(a, b, 'a'), body(b, a, 'b')];
}

describe.skipIf(!testDialects.includes('postgres'))('concurrent ingest on PostgreSQL', () => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase('postgres', { migrated: true });
  });
  afterAll(async () => testDatabase?.drop());

  it('stores every body when their transactions deadlock, by running the victim again', async () => {
    const bodies = Array.from({ length: 8 }, (_, pair) => crossedBodies(pair)).flat();
    const results = await Promise.allSettled(bodies.map((body) => storeIngest(testDatabase.database, body)));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const { db } = testDatabase.database;
    const posts = await db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(posts.n)).toBe(bodies.length * 20);
  });
});
