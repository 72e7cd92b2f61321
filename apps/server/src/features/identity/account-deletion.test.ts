import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import {
  createTestViewer,
  emailsTo,
  freshIp,
  latestCode,
  TEST_PASSWORD,
  type TestViewer,
  type TestViewerKind,
  testClock,
} from '../../test/test-users.js';

const DAY_MS = 86_400_000;
const ORIGIN = 'http://localhost:80';

/**
 * Every column of db/tables.ts that names a user, and what deleting the user does to its rows: a
 * table that gains such a column fails the first test until it is listed here (and its feature
 * erases or keeps the rows).
 */
const USER_COLUMNS: Record<string, 'deleted' | 'unlinked' | 'kept'> = {
  'users.id': 'deleted',
  'sessions.userId': 'deleted',
  'auth_accounts.userId': 'deleted',
  'accounts.user_id': 'deleted',
  'trial_devices.user_id': 'unlinked',
  // The address goes with the account, so its mailbox may have a trial again (decision 032).
  'trial_mailboxes.user_id': 'deleted',
  'user_settings.user_id': 'deleted',
  // Your own posts (decision 031): the user's alone, so they go with the account.
  'own_posts.user_id': 'deleted',
  'own_post_tags.user_id': 'deleted',
  'own_handles.user_id': 'deleted',
  'own_post_settings.user_id': 'deleted',
  'topics.owner_id': 'deleted',
  'topics.creator_id': 'deleted',
  'quarries.owner_id': 'deleted',
  'prospecting_usage.owner_id': 'deleted',
  'automation_templates.owner_id': 'deleted',
  'source_reports.reporter': 'deleted',
  'feedback.user_id': 'deleted',
  'analytics_events.user_id': 'unlinked',
  // An administrator's actions stay accountable (docs/api-accounts.md#deleting-the-account).
  'admin_audit.user_id': 'kept',
  'crowd_reports.submitter': 'deleted',
  'crowd_post_reports.submitter': 'deleted',
  'posts.submitted_by': 'deleted',
  // The record of a sale, which tax law keeps; no longer anyone's (decision 029).
  'billing_customers.user_id': 'unlinked',
  'checkout_sessions.user_id': 'unlinked',
  'store_purchases.user_id': 'deleted',
  'app_data.updated_by': 'kept',
};

/** The user columns tables.ts declares, as table.column, by the names the tables use for a user. */
function declaredUserColumns(): string[] {
  const text = readFileSync(new URL('../../db/tables.ts', import.meta.url), 'utf8');
  const tableOf = new Map<string, string>();
  for (const match of text.matchAll(/^ {2}(\w+): (\w+Table);/gm))
    tableOf.set(String(match[2]), String(match[1]));
  const columns: string[] = [];
  for (const block of text.matchAll(/export interface (\w+Table) \{([\s\S]*?)\n\}/g)) {
    const table = tableOf.get(String(block[1]));
    if (!table) continue;
    for (const column of String(block[2]).matchAll(/^ {2}(\w+):/gm)) {
      const name = String(column[1]);
      const isUser = /^(user_id|userId|owner_id|creator_id|submitter|reporter|submitted_by|updated_by)$/.test(
        name,
      );
      if (isUser || (table === 'users' && name === 'id')) columns.push(`${table}.${name}`);
    }
  }
  return columns.sort();
}

describe.each(testDialects)('your account: download and delete, on %s', (dialect) => {
  let testApp: TestApp;
  const clock = testClock();

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { now: clock.now, BILLING_PROVIDER: 'local' });
  });
  afterAll(async () => testApp.close());

  const db = () => testApp.app.database.db;
  const request = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: { origin: ORIGIN, ...headers },
      remoteAddress: freshIp(),
      ...(payload && { payload }),
    });
  const me = async (headers: Record<string, string>) =>
    (await testApp.app.inject({ method: 'GET', url: '/api/account/me', headers })).json();

  /** A user with something in every place a user's data goes. */
  async function userWithData(kind: TestViewerKind = 'paying', label = 'mine'): Promise<TestViewer> {
    const viewer = await createTestViewer(testApp.app, kind);
    const userId = String(viewer.userId);
    const now = clock.now();
    expect(
      (await request('POST', '/api/topics', viewer.headers, { title: `Topic ${label}`, export: ['travel'] }))
        .statusCode,
    ).toBe(201);
    expect(
      (await request('PUT', '/api/account/settings', viewer.headers, { copyNetwork: 'x' })).statusCode,
    ).toBe(200);
    const report = await testApp.app.inject({
      method: 'POST',
      url: '/api/cache/autocomplete',
      headers: viewer.headers,
      remoteAddress: freshIp(),
      payload: { query: `lab${label}`, hashtags: [{ hashtag: `label${label}tag`, count: 1234 }] },
    });
    expect(report.statusCode, report.body).toBe(202);
    await db()
      .insertInto('feedback')
      .values({
        id: randomUUID(),
        message: `Feedback ${label}`,
        user_id: userId,
        device_id: viewer.deviceId,
        user_group: 'CBcustomer',
        platform: 'web',
        app_version: null,
        created_at: now,
      })
      .execute();
    await db()
      .insertInto('analytics_events')
      .values({
        event_id: randomUUID(),
        event_type: 'search',
        message: null,
        props: null,
        user_id: userId,
        device_id: viewer.deviceId,
        platform: 'web',
        app_version: '1',
        user_group: 'CBcustomer',
        trial_status: 'unregistered',
        influencer: null,
        client_timestamp: null,
        received_at: now,
        received_day: new Date(now).toISOString().slice(0, 10),
      })
      .execute();
    await db()
      .insertInto('source_reports')
      .values({
        source: 'instagram-web',
        call: 'search:hashtag',
        failure: 'block',
        reporter: userId,
        reported_at: now,
      })
      .execute();
    await db()
      .insertInto('quarries')
      .values({
        id: randomUUID(),
        owner_id: userId,
        title: `Quarry ${label}`,
        active: 1,
        hidden: 0,
        place_ids: '[]',
        post_filters: '{}',
        profile_filters: '{}',
        last_run_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db()
      .insertInto('billing_customers')
      .values({
        provider: 'local',
        customer_id: `cus_${label}_${randomUUID()}`,
        email: viewer.email,
        user_id: userId,
        subscriptions: JSON.stringify([
          { id: 'sub_1', status: 'canceled', plan: 'monthly', currentPeriodEnd: now, createdAt: now },
        ]),
        updated_at: now,
        setup_link_sent_at: null,
      })
      .execute();
    await db()
      .insertInto('checkout_sessions')
      .values({
        id: randomUUID(),
        provider: 'local',
        provider_session_id: null,
        user_id: userId,
        plan: 'monthly',
        created_at: now,
        expires_at: now + DAY_MS,
      })
      .execute();
    return viewer;
  }

  async function addStorePurchase(viewer: TestViewer, status = 'active') {
    const now = clock.now();
    await db()
      .insertInto('store_purchases')
      .values({
        platform: 'ios',
        purchase_key: `txn-${randomUUID()}`,
        user_id: String(viewer.userId),
        product_id: 'com.tagscout.app.pro.monthly',
        status,
        expires_at: now + 20 * DAY_MS,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return now + 20 * DAY_MS;
  }

  /** How many rows of each user column still name the user. */
  async function rowsNaming(userId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const key of Object.keys(USER_COLUMNS)) {
      const [table, column] = key.split('.') as [string, string];
      const row = await db()
        // biome-ignore lint/suspicious/noExplicitAny: every table and column of the list, by name
        .selectFrom(table as any)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column, '=', userId)
        .executeTakeFirst();
      counts[key] = Number(row?.n ?? 0);
    }
    return counts;
  }

  it('lists what deleting does to every table that names a user', () => {
    expect(declaredUserColumns()).toEqual(Object.keys(USER_COLUMNS).sort());
  });

  it('downloads everything held about the user as a JSON file, and nothing of anyone else', async () => {
    const viewer = await userWithData('paying', 'ana');
    await userWithData('paying', 'bob');
    const download = await testApp.app.inject({
      method: 'GET',
      url: '/api/account/data',
      headers: viewer.headers,
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="tagscout-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const body = download.json();
    expect(body).toMatchObject({ format: 'tagscout-account-data', version: 1, userId: viewer.userId });
    expect(body.data.account.user.email).toBe(viewer.email);
    expect(body.data.account.account.group).toBe('CBcustomer');
    expect(body.data.sessions).toHaveLength(1);
    expect(body.data.collections.map((topic: { title: string }) => topic.title)).toEqual(['Topic ana']);
    expect(body.data.settings).toMatchObject({ copyNetwork: 'x' });
    expect(body.data.crowd.reports.length).toBeGreaterThan(0);
    expect(body.data.feedback.map((item: { message: string }) => item.message)).toEqual(['Feedback ana']);
    expect(body.data.analyticsEvents).toHaveLength(1);
    expect(body.data.sourceReports).toHaveLength(1);
    expect(body.data.quarries.quarries.map((quarry: { title: string }) => quarry.title)).toEqual([
      'Quarry ana',
    ]);
    expect(body.data.billing.customers).toHaveLength(1);
    // Nothing of another user's, and no secret: no session token, no password hash.
    expect(download.body).not.toMatch(/bob/i);
    expect(download.body).not.toContain(String(viewer.token));
    expect(download.body).not.toContain('$argon2');

    const signedOut = await testApp.app.inject({ method: 'GET', url: '/api/account/data' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('names the subscriptions that keep running, and what deleting takes, before anything is deleted', async () => {
    const paying = await createTestViewer(testApp.app, 'free');
    const renewsAt = await addStorePurchase(paying);
    const preview = await testApp.app.inject({
      method: 'GET',
      url: '/api/account/deletion',
      headers: paying.headers,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      proof: 'password',
      activeSubscriptions: [{ store: 'app-store', product: 'Tagscout Pro Monthly', renewsAt }],
    });
    const unacknowledged = await request('POST', '/api/account/delete', paying.headers, {
      password: TEST_PASSWORD,
    });
    expect(unacknowledged.statusCode).toBe(409);
    expect(unacknowledged.json().error.code).toBe('subscriptions_active');
    expect(unacknowledged.json().error.message).toContain('Tagscout Pro Monthly (App Store)');
    expect((await me(paying.headers)).user.id).toBe(paying.userId);

    const trial = await createTestViewer(testApp.app, 'emailTrial');
    const anonymous = await createTestViewer(testApp.app, 'anonymousTrial');
    const proofOf = async (viewer: TestViewer) =>
      (
        await testApp.app.inject({ method: 'GET', url: '/api/account/deletion', headers: viewer.headers })
      ).json().proof;
    expect(await proofOf(trial)).toBe('code');
    expect(await proofOf(anonymous)).toBe('none');
  });

  it('deletes the account with all its data, keeps the sale unlinked, and leaves another user whole', async () => {
    const viewer = await userWithData('paying', 'ana');
    const other = await userWithData('paying', 'bob');
    await addStorePurchase(viewer);
    const userId = String(viewer.userId);
    const otherBefore = await rowsNaming(String(other.userId));

    const wrong = await request('POST', '/api/account/delete', viewer.headers, {
      password: 'Not-The-Password-1',
      keepsSubscriptions: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('wrong_password');
    // Someone else's password does not delete this account, nor theirs.
    const byOther = await request('POST', '/api/account/delete', other.headers, {
      password: 'Not-The-Password-1',
    });
    expect(byOther.statusCode).toBe(400);

    const deleted = await request('POST', '/api/account/delete', viewer.headers, {
      password: TEST_PASSWORD,
      keepsSubscriptions: true,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().user).toBeNull();
    expect(String(deleted.headers['set-cookie'])).toMatch(/sid=; Max-Age=0/);
    expect((await me(viewer.headers)).user).toBeNull();

    const left = await rowsNaming(userId);
    for (const [key, fate] of Object.entries(USER_COLUMNS)) {
      if (fate !== 'kept') expect(left[key], key).toBe(0);
    }
    const sale = await db()
      .selectFrom('billing_customers')
      .selectAll()
      .where('email', '=', String(viewer.email))
      .execute();
    expect(sale).toHaveLength(1);
    expect(sale[0]?.user_id).toBeNull();
    const events = await db()
      .selectFrom('analytics_events')
      .select(['user_id', 'device_id'])
      .where('device_id', '=', String(viewer.deviceId))
      .execute();
    expect(events).toEqual([]);
    const device = await db()
      .selectFrom('trial_devices')
      .selectAll()
      .where('device_id', '=', String(viewer.deviceId))
      .execute();
    expect(device.every((row) => row.user_id === null)).toBe(true);
    const mails = await emailsTo(testApp.app, String(viewer.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Tagscout account was deleted']);
    expect(await rowsNaming(String(other.userId))).toEqual(otherBefore);
    expect((await me(other.headers)).user.id).toBe(other.userId);

    // The address is free again.
    const again = await request(
      'POST',
      '/api/account/sign-up',
      {},
      {
        email: viewer.email,
        password: TEST_PASSWORD,
        passwordConfirm: TEST_PASSWORD,
      },
    );
    expect(again.statusCode).toBe(202);
    const verify = await request(
      'POST',
      '/api/account/verify-email',
      {},
      {
        email: viewer.email,
        code: await latestCode(testApp.app, String(viewer.email)),
      },
    );
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().user.id).not.toBe(userId);
  });

  it('deletes an email-trial account with an emailed code, and an anonymous trial with its session', async () => {
    const trial = await userWithData('emailTrial', 'tina');
    const without = await request('POST', '/api/account/delete', trial.headers, {});
    expect(without.statusCode).toBe(400);
    expect(without.json().error.code).toBe('code_not_verified');
    const send = await request('POST', '/api/account/send-code', trial.headers, {
      purpose: 'delete-account',
    });
    expect(send.statusCode).toBe(202);
    const code = await latestCode(testApp.app, String(trial.email));
    const deleted = await request('POST', '/api/account/delete', trial.headers, { code });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(Object.values(await rowsNaming(String(trial.userId))).every((count) => count === 0)).toBe(true);

    const anonymous = await createTestViewer(testApp.app, 'anonymousTrial');
    const gone = await request('POST', '/api/account/delete', anonymous.headers, {});
    expect(gone.statusCode, gone.body).toBe(200);
    expect(
      await db().selectFrom('users').select('id').where('id', '=', String(anonymous.userId)).execute(),
    ).toEqual([]);
    // The device keeps its used trial: deleting is no way to a second one.
    const device = await db()
      .selectFrom('trial_devices')
      .select('kind')
      .where('device_id', '=', String(anonymous.deviceId))
      .execute();
    expect(device).toEqual([{ kind: 'anonymous' }]);
  });

  it('ends two concurrent deletions of one account well, and no signed-out visitor deletes anything', async () => {
    const viewer = await userWithData('paying', 'cleo');
    const answers = await Promise.all([
      request('POST', '/api/account/delete', viewer.headers, { password: TEST_PASSWORD }),
      request('POST', '/api/account/delete', viewer.headers, { password: TEST_PASSWORD }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBeLessThan(500);
      expect([200, 401]).toContain(answer.statusCode);
    }
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    expect(Object.values(await rowsNaming(String(viewer.userId))).every((count) => count === 0)).toBe(true);

    const signedOut = await request('POST', '/api/account/delete', {}, { password: TEST_PASSWORD });
    expect(signedOut.statusCode).toBe(401);
    const bearer = await createTestViewer(testApp.app, 'free', { transport: 'bearer' });
    const byBearer = await testApp.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer.headers,
      payload: { password: TEST_PASSWORD },
      remoteAddress: freshIp(),
    });
    expect(byBearer.statusCode, byBearer.body).toBe(200);
    expect((await me(bearer.headers)).user).toBeNull();
  });
});
