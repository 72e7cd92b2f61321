import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteQueueKeys,
  isRedisReachable,
  testRedisUrl,
  uniqueQueuePrefix,
} from '../../jobs/redis-test-helpers.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer } from '../../test/test-users.js';
import { clientFor, storeTestData, type TestClient } from './quarry-test-data.js';

const hasRedis = await isRedisReachable();
if (!hasRedis)
  console.warn(`BullMQ prospecting tests skipped: no Redis at ${testRedisUrl} (set TEST_REDIS_URL)`);

describe.skipIf(!hasRedis).each(testDialects)(
  'prospect runs through BullMQ (REDIS_URL set) on %s',
  (dialect) => {
    let testApp: TestApp;
    let admin: TestClient;
    const prefix = uniqueQueuePrefix();

    beforeAll(async () => {
      testApp = await buildTestApp(dialect, {
        REDIS_URL: testRedisUrl,
        JOB_QUEUE_PREFIX: prefix,
        PROSPECTING_SCHEDULE_MINUTES: 0,
      });
      await storeTestData(testApp.testDatabase.database, {
        places: [{ id: 'pl-lis', title: 'Lisbon, Portugal' }],
        profiles: [
          { id: 'ana', username: 'ana', followers: 900, biography: 'Pastry chef' },
          { id: 'bia', username: 'bia', followers: 90 },
        ],
        posts: [
          { id: 'p1', owner: 'ana', placeId: 'pl-lis', daysAgo: 1, tags: ['coffee', 'lisbon'] },
          { id: 'p2', owner: 'bia', placeId: 'pl-lis', daysAgo: 1, tags: ['coffee', 'lisbon'] },
        ],
      });
      admin = clientFor(testApp.app, (await createTestViewer(testApp.app, 'admin')).headers);
    });
    afterAll(async () => {
      await testApp?.close();
      expect(await deleteQueueKeys(prefix)).toBe(0);
    });

    it('runs a quarry as a BullMQ job, answers with the summary, and counts new prospects across runs', async () => {
      const quarryId = (await admin.post('/api/quarries', { place_ids: ['pl-lis'] })).json().quarry_id;
      const first = await admin.post(`/api/quarries/${quarryId}/run`);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({
        status: 'done',
        runs: [
          {
            quarry_id: quarryId,
            posts_scanned: 2,
            prospects: 1,
            new_prospects: 1,
            capped: false,
            skipped: null,
          },
        ],
      });
      // Joining concurrent submits is covered deterministically in jobs/bullmq-queue.test.ts; whether two
      // requests overlap here depends on timing, so this run is sequential.
      const second = await admin.post(`/api/quarries/${quarryId}/run`);
      expect(second.json().runs[0]).toMatchObject({ prospects: 1, new_prospects: 0 });
      const page = (await admin.get(`/api/quarries/${quarryId}/prospects`)).json();
      expect(page.prospects.map((p: { username: string }) => p.username)).toEqual(['ana']);
      expect((await admin.get(`/api/quarries/${quarryId}`)).json()).toMatchObject({
        run_count: 2,
        new_prospects: 0,
      });

      const redis = new Redis(testRedisUrl);
      try {
        expect((await redis.keys(`${prefix}:prospecting:*`)).length).toBeGreaterThan(0);
      } finally {
        await redis.quit();
      }
    });

    it('runs all the caller’s active quarries as one job', async () => {
      const response = await admin.post('/api/quarries/run');
      expect(response.statusCode).toBe(200);
      expect(response.json().runs.length).toBeGreaterThanOrEqual(1);
    });
  },
);
