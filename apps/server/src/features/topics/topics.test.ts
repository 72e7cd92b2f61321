import { randomUUID } from 'node:crypto';
import { TOPIC_LIMITS, type Topic, TopicErrorCode, type TopicsById } from '@tagscout/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, type TestViewer, type TestViewerKind } from '../../test/test-users.js';
import { insertTopic } from './topics.repository.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const listBody = {
  title: 'Beach trip',
  exportFilters: { postCount: [1000, null], selectionStrategy: 'random', selectionCount: 12 },
  applyFilter: false,
  export: ['beach', 'sunset', 'travel'],
  export_count: 3,
  selected: ['beach', 'travel'],
  hidden: ['spam'],
};

describe.each(testDialects)('topics (collections) on %s', (dialect) => {
  let testApp: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;

  beforeAll(async () => {
    testApp = await buildTestApp(dialect);
    [alice, bob] = await Promise.all([
      createTestViewer(testApp.app, 'emailTrial'),
      createTestViewer(testApp.app, 'paying'),
    ]);
  });
  afterAll(async () => testApp?.close());

  const call = (
    viewer: TestViewer,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: viewer.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** The one topic of a keyed answer. */
  const only = (body: TopicsById): Topic => {
    const topics = Object.values(body);
    expect(topics).toHaveLength(1);
    return topics[0]!;
  };

  async function create(viewer: TestViewer, body: object = listBody): Promise<Topic> {
    const response = await call(viewer, 'POST', '/api/topics', body);
    expect(response.statusCode, response.body).toBe(201);
    return only(response.json());
  }

  describe('create, read, update, delete', () => {
    it('creates a topic with every field, keyed by its new UUIDv4, owned by the caller', async () => {
      const response = await call(alice, 'POST', `/api/topics?owner_id=${alice.userId}`, listBody);
      expect(response.statusCode).toBe(201);
      const body = response.json() as TopicsById;
      const [topicId] = Object.keys(body);
      expect(topicId).toMatch(UUID_V4);
      const topic = body[topicId!]!;
      expect(topic).toEqual({
        topic_id: topicId,
        title: 'Beach trip',
        creator_id: alice.userId,
        owner_id: alice.userId,
        created: expect.any(Number),
        modified: topic.created,
        exportFilters: { postCount: [1000, null], selectionStrategy: 'random', selectionCount: 12 },
        applyFilter: false,
        export: ['beach', 'sunset', 'travel'],
        export_count: 3,
        selected: ['beach', 'travel'],
        hidden: ['spam'],
      });
      expect(Math.abs(topic.created - Date.now())).toBeLessThan(60_000);

      const read = await call(alice, 'GET', `/api/topics/${topicId}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(body);
    });

    it("stores an empty or blank title as '(untitled)' and fills in defaults", async () => {
      const topic = await create(alice, { export: ['#Travel', 'food'] });
      expect(topic).toMatchObject({
        title: '(untitled)',
        export: ['travel', 'food'],
        export_count: 2,
        selected: ['travel', 'food'],
        hidden: [],
        applyFilter: true,
        exportFilters: { postCount: [null, null], selectionStrategy: 'lowestPostCount', selectionCount: 29 },
      });
      expect((await create(alice, { title: '   ', export: [] })).title).toBe('(untitled)');
      expect((await create(alice, { title: '  Trimmed  ', export: [] })).title).toBe('Trimmed');
    });

    it('lists only the caller’s topics, most recently saved first, keyed by topic_id', async () => {
      const viewer = await createTestViewer(testApp.app, 'anonymousTrial');
      const first = await create(viewer, { ...listBody, title: 'first' });
      const second = await create(viewer, { ...listBody, title: 'second' });
      await create(bob, { ...listBody, title: 'bob’s' });
      // Saving the first again makes it the most recent.
      const saved = await call(viewer, 'PUT', `/api/topics/${first.topic_id}`, {
        ...listBody,
        title: 'first, edited',
        base_modified: first.modified,
      });
      expect(saved.statusCode).toBe(200);

      const response = await call(viewer, 'GET', '/api/topics');
      expect(response.statusCode).toBe(200);
      const body = response.json() as TopicsById;
      expect(Object.keys(body)).toEqual([first.topic_id, second.topic_id]);
      expect(Object.values(body).map((topic) => topic.title)).toEqual(['first, edited', 'second']);
      expect(Object.values(body).every((topic) => topic.owner_id === viewer.userId)).toBe(true);

      const fresh = await createTestViewer(testApp.app, 'anonymousTrial');
      expect((await call(fresh, 'GET', '/api/topics')).json()).toEqual({});
    });

    it('replaces the topic on PUT, bumping modified and keeping id, owner, creator and created', async () => {
      const topic = await create(alice);
      const response = await call(alice, 'PUT', `/api/topics/${topic.topic_id}?owner_id=${alice.userId}`, {
        title: 'Renamed',
        exportFilters: { postCount: [null, 5000], selectionStrategy: 'lowestPostCount', selectionCount: 2 },
        applyFilter: true,
        export: ['sunset', 'beach', 'waves'],
        selected: ['waves'],
        hidden: [],
        base_modified: topic.modified,
      });
      expect(response.statusCode, response.body).toBe(200);
      const updated = only(response.json());
      expect(updated).toEqual({
        ...topic,
        title: 'Renamed',
        modified: expect.any(Number),
        exportFilters: { postCount: [null, 5000], selectionStrategy: 'lowestPostCount', selectionCount: 2 },
        applyFilter: true,
        export: ['sunset', 'beach', 'waves'],
        export_count: 3,
        selected: ['waves'],
        hidden: [],
      });
      expect(updated.modified).toBeGreaterThan(topic.modified);
      expect(only((await call(alice, 'GET', `/api/topics/${topic.topic_id}`)).json())).toEqual(updated);
    });

    it('keeps export_count equal to the length of export on every save', async () => {
      const topic = await create(alice, { export: ['a1', 'a2'] });
      expect(topic.export_count).toBe(2);
      const emptied = await call(alice, 'PUT', `/api/topics/${topic.topic_id}`, {
        export: [],
        base_modified: topic.modified,
      });
      expect(only(emptied.json())).toMatchObject({ export: [], export_count: 0 });
    });

    it('deletes a topic: 204, then 404 for reads, saves and a second delete', async () => {
      const topic = await create(alice);
      const deleted = await call(alice, 'DELETE', `/api/topics/${topic.topic_id}?owner_id=${alice.userId}`);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expect((await call(alice, 'GET', `/api/topics/${topic.topic_id}`)).statusCode).toBe(404);
      const save = await call(alice, 'PUT', `/api/topics/${topic.topic_id}`, {
        ...listBody,
        base_modified: topic.modified,
      });
      expect(save.statusCode).toBe(404);
      expect((await call(alice, 'DELETE', `/api/topics/${topic.topic_id}`)).statusCode).toBe(404);
      expect(Object.keys((await call(alice, 'GET', '/api/topics')).json())).not.toContain(topic.topic_id);
    });
  });

  describe('concurrent saves', () => {
    it('answers 409 with the stored version to a save from a stale version, then lets it overwrite', async () => {
      const topic = await create(alice);
      const fromTabOne = await call(alice, 'PUT', `/api/topics/${topic.topic_id}`, {
        ...listBody,
        title: 'tab one',
        base_modified: topic.modified,
      });
      expect(fromTabOne.statusCode).toBe(200);
      const afterTabOne = only(fromTabOne.json());

      const fromTabTwo = await call(alice, 'PUT', `/api/topics/${topic.topic_id}`, {
        ...listBody,
        title: 'tab two',
        base_modified: topic.modified,
      });
      expect(fromTabTwo.statusCode).toBe(409);
      expect(fromTabTwo.json()).toEqual({
        error: { code: 'conflict', message: expect.stringMatching(/saved somewhere else/) },
        current: afterTabOne,
      });
      expect(only((await call(alice, 'GET', `/api/topics/${topic.topic_id}`)).json()).title).toBe('tab one');

      // "Overwrite": the same edit again, naming the version the 409 showed.
      const overwrite = await call(alice, 'PUT', `/api/topics/${topic.topic_id}`, {
        ...listBody,
        title: 'tab two',
        base_modified: afterTabOne.modified,
      });
      expect(overwrite.statusCode).toBe(200);
      expect(only(overwrite.json()).title).toBe('tab two');
    });

    it('lets exactly one of many simultaneous saves from the same version win', async () => {
      const topic = await create(alice);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          call(alice, 'PUT', `/api/topics/${topic.topic_id}`, {
            ...listBody,
            title: `tab ${i}`,
            base_modified: topic.modified,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const winner = only(answers.find((answer) => answer.statusCode === 200)!.json());
      const stored = only((await call(alice, 'GET', `/api/topics/${topic.topic_id}`)).json());
      expect(stored).toEqual(winner);
      for (const answer of answers.filter((one) => one.statusCode === 409)) {
        expect(answer.json().current.modified).toBeGreaterThanOrEqual(winner.modified);
      }
    });

    it('gives every save a new, larger stamp even within one millisecond', async () => {
      let topic = await create(alice);
      const stamps = [topic.modified];
      for (let i = 0; i < 5; i++) {
        const response = await call(alice, 'PUT', `/api/topics/${topic.topic_id}`, {
          ...listBody,
          base_modified: topic.modified,
        });
        topic = only(response.json());
        stamps.push(topic.modified);
      }
      expect(new Set(stamps).size).toBe(stamps.length);
      expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);
    });
  });

  describe('owner isolation', () => {
    it('hides one user’s topic from another: 404 to read, change or delete it; 403 for their owner_id', async () => {
      const topic = await create(alice, { ...listBody, title: 'alice only' });
      const url = `/api/topics/${topic.topic_id}`;

      expect((await call(bob, 'GET', url)).statusCode).toBe(404);
      const change = await call(bob, 'PUT', url, {
        ...listBody,
        title: 'bob was here',
        base_modified: topic.modified,
      });
      expect(change.statusCode).toBe(404);
      expect(change.json().error.code).toBe('not_found');
      expect((await call(bob, 'DELETE', url)).statusCode).toBe(404);

      // Naming Alice as the owner does not help: any owner_id but the caller's own is refused.
      const list = await call(bob, 'GET', `/api/topics?owner_id=${alice.userId}`);
      expect(list.statusCode).toBe(403);
      expect(list.body).not.toContain(topic.topic_id);
      for (const [method, path] of [
        ['GET', url],
        ['PUT', url],
        ['DELETE', url],
        ['POST', '/api/topics'],
      ] as const) {
        const body =
          method === 'PUT'
            ? { ...listBody, base_modified: topic.modified }
            : method === 'POST'
              ? listBody
              : undefined;
        const response = await call(bob, method, `${path}?owner_id=${alice.userId}`, body);
        expect(response.statusCode, `${method} ${path}`).toBe(403);
      }
      expect(Object.keys((await call(bob, 'GET', '/api/topics')).json())).not.toContain(topic.topic_id);

      const stored = only((await call(alice, 'GET', url)).json());
      expect(stored).toEqual(topic);
    });

    it('never takes owner, creator, id or stamps from the body', async () => {
      for (const field of ['owner_id', 'creator_id', 'created', 'modified', 'topic_id', 'topicModified']) {
        const value =
          field === 'created' || field === 'modified' ? 1 : field === 'topicModified' ? true : bob.userId;
        const response = await call(alice, 'POST', '/api/topics', { ...listBody, [field]: value });
        expect(response.statusCode, field).toBe(400);
        expect(response.json().error.message).toContain(field);
      }
      const topic = await create(alice);
      const response = await call(alice, 'PUT', `/api/topics/${topic.topic_id}`, {
        ...listBody,
        owner_id: bob.userId,
        base_modified: topic.modified,
      });
      expect(response.statusCode).toBe(400);
      expect(only((await call(alice, 'GET', `/api/topics/${topic.topic_id}`)).json()).owner_id).toBe(
        alice.userId,
      );
    });
  });

  describe('who may keep collections', () => {
    it.each<[TestViewerKind, number, number]>([
      ['none', 401, 401],
      ['free', 403, 403],
      ['expiredTrial', 403, 403],
      ['anonymousTrial', 200, 201],
      ['emailTrial', 200, 201],
      ['paying', 200, 201],
      ['admin', 200, 201],
    ])('%s: list %i, save %i', async (kind, listStatus, saveStatus) => {
      const viewer = await createTestViewer(testApp.app, kind);
      expect((await call(viewer, 'GET', '/api/topics')).statusCode).toBe(listStatus);
      const save = await call(viewer, 'POST', '/api/topics', listBody);
      expect(save.statusCode).toBe(saveStatus);
      if (saveStatus !== 201) {
        expect(save.json().error.code).toBe(saveStatus === 401 ? 'unauthorized' : 'forbidden');
        const topic = await create(alice);
        const url = `/api/topics/${topic.topic_id}`;
        expect((await call(viewer, 'GET', url)).statusCode).toBe(listStatus);
        expect(
          (await call(viewer, 'PUT', url, { ...listBody, base_modified: topic.modified })).statusCode,
        ).toBe(saveStatus);
        expect((await call(viewer, 'DELETE', url)).statusCode).toBe(saveStatus);
      }
    });
  });

  describe('validation', () => {
    const tooManyTags = Array.from({ length: TOPIC_LIMITS.tags + 1 }, (_, i) => `tag${i}`);
    it.each<[string, object, RegExp]>([
      [
        'a title over 200 characters',
        { ...listBody, title: 'x'.repeat(201) },
        /title: must be at most 200 characters/,
      ],
      ['a title with a line break', { ...listBody, title: 'a\nb' }, /title: must not contain line breaks/],
      ['more than 1,000 tags', { export: tooManyTags }, /export: may hold at most 1,000 hashtags/],
      ['an invalid hashtag', { export: ['good', 'no spaces'] }, /export\.1: is not a valid hashtag/],
      ['a repeated hashtag', { export: ['beach', '#Beach'] }, /must not name a hashtag twice in export/],
      [
        'a wrong export_count',
        { export: ['a', 'b'], export_count: 5 },
        /export_count: must equal the number of hashtags in export \(2\)/,
      ],
      [
        'a selected tag not in export',
        { export: ['a'], selected: ['a', 'b'] },
        /selected: may only name hashtags of export \(not b\)/,
      ],
      [
        'an unknown strategy',
        { ...listBody, exportFilters: { ...listBody.exportFilters, selectionStrategy: 'best' } },
        /selectionStrategy: must be lowestPostCount, highestPostCount or random/,
      ],
      [
        'a negative post-count bound',
        { ...listBody, exportFilters: { ...listBody.exportFilters, postCount: [-1, null] } },
        /postCount\.0: must be 0 or more/,
      ],
      ['a missing export', { title: 'no list' }, /export/],
      ['an unknown field', { ...listBody, colour: 'red' }, /colour/],
    ])('refuses %s with a 400 that says what is wrong', async (_name, body, message) => {
      const response = await call(alice, 'POST', '/api/topics', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid_request');
      expect(response.json().error.message).toMatch(message);
    });

    it('accepts exactly 1,000 tags and a 200-character title', async () => {
      const tags = tooManyTags.slice(0, TOPIC_LIMITS.tags);
      const topic = await create(alice, { title: 'y'.repeat(200), export: tags });
      expect(topic.export_count).toBe(1000);
      expect(topic.title).toHaveLength(200);
    });

    it('needs base_modified on PUT and a UUID topic id', async () => {
      const topic = await create(alice);
      const missing = await call(alice, 'PUT', `/api/topics/${topic.topic_id}`, listBody);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.message).toMatch(/base_modified/);
      const badId = await call(alice, 'GET', '/api/topics/not-a-uuid');
      expect(badId.statusCode).toBe(400);
      expect(badId.json().error.message).toMatch(/topicId: must be a topic id/);
      expect((await call(alice, 'GET', `/api/topics/${randomUUID()}`)).statusCode).toBe(404);
    });

    /** `count` stored collections of the viewer, written straight to the store. */
    const fillTopics = async (viewer: TestViewer, count: number) => {
      const now = Date.now();
      const rows = Array.from({ length: count }, (_, i) => ({
        topic_id: randomUUID(),
        owner_id: viewer.userId!,
        creator_id: viewer.userId!,
        title: `t${i}`,
        created: now,
        modified: now + i,
        export_filters: '{"postCount":[null,null],"selectionStrategy":"random","selectionCount":1}',
        apply_filter: 1,
        export: '[]',
        export_count: 0,
        selected: '[]',
        hidden: '[]',
      }));
      await insertTopic(testApp.testDatabase.database, rows);
    };

    it('refuses a new topic past 500 per account, with a clear message and its own code', async () => {
      const viewer = await createTestViewer(testApp.app, 'paying');
      await fillTopics(viewer, TOPIC_LIMITS.topicsPerOwner);
      const response = await call(viewer, 'POST', '/api/topics', listBody);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        code: TopicErrorCode.collectionsLimit,
        message: expect.stringMatching(/500 collections, the most an account can keep/),
      });
    });

    it('lets only one of many simultaneous saves take the last free place', async () => {
      const viewer = await createTestViewer(testApp.app, 'paying');
      await fillTopics(viewer, TOPIC_LIMITS.topicsPerOwner - 1);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          testApp.app.inject({
            method: 'POST',
            url: '/api/topics',
            headers: viewer.headers,
            payload: { ...listBody, title: `tab ${i}` },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      const listed = await call(viewer, 'GET', '/api/topics');
      expect(Object.keys(listed.json())).toHaveLength(TOPIC_LIMITS.topicsPerOwner);
    });
  });
});
