import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, freshIp, TEST_PASSWORD } from '../../test/test-users.js';

const ORIGIN = 'http://localhost:80';

/** Every string anywhere in a JSON value. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** No JSON a page script can read holds a usable session token, and the database holds only hashes. */
describe.each(testDialects)('session tokens on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp(dialect);
  });
  afterAll(async () => testApp.close());

  const get = (url: string, headers: Record<string, string>) =>
    testApp.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: ORIGIN, ...headers },
      remoteAddress: freshIp(),
    });
  /** Whether a string works as a bearer token. */
  const signsIn = async (value: string) =>
    (await get('/api/account/me', { authorization: `Bearer ${value}` })).json().user !== null;

  it('get-session and list-sessions answer no usable token, and list sessions by an opaque id', async () => {
    const viewer = await createTestViewer(testApp.app, 'free');
    const bySession = await get('/api/auth/get-session', viewer.headers);
    expect(bySession.statusCode).toBe(200);
    const list = await get('/api/auth/list-sessions', viewer.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()[0].id).toEqual(expect.any(String));
    for (const body of [bySession.body, list.body]) {
      expect(body).not.toContain(String(viewer.token));
      for (const value of stringsIn(JSON.parse(body))) expect(await signsIn(value), value).toBe(false);
    }
  });

  it('revokes another session of the same user by its id, and no one else’s', async () => {
    const viewer = await createTestViewer(testApp.app, 'free');
    const context = await testApp.app.accounts.auth.$context;
    const other = await context.internalAdapter.createSession(String(viewer.userId));
    expect(await signsIn(other.token)).toBe(true);
    const stranger = await createTestViewer(testApp.app, 'free');

    const sessions = (await get('/api/auth/list-sessions', viewer.headers)).json() as { id: string }[];
    expect(sessions).toHaveLength(2);
    const current = (await get('/api/auth/get-session', viewer.headers)).json().session.id;
    const otherId = sessions.map((session) => session.id).find((id) => id !== current);

    const byStranger = await post('/api/auth/revoke-session', { id: otherId }, stranger.headers);
    expect(byStranger.statusCode).toBe(200);
    expect(await signsIn(other.token)).toBe(true);
    const byOwner = await post('/api/auth/revoke-session', { id: otherId }, viewer.headers);
    expect(byOwner.statusCode).toBe(200);
    expect(await signsIn(other.token)).toBe(false);
    expect(await signsIn(String(viewer.token))).toBe(true);
  });

  it('stores only the SHA-256 of each token: a copy of the sessions table signs no one in', async () => {
    const viewer = await createTestViewer(testApp.app, 'free', { transport: 'bearer' });
    expect(await signsIn(String(viewer.token))).toBe(true);
    const rows = await testApp.app.database.db
      .selectFrom('sessions')
      .select('token')
      .where('userId', '=', String(viewer.userId))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token).not.toBe(viewer.token);
    expect(await signsIn(String(rows[0]?.token))).toBe(false);
  });

  it('keeps bearer tokens working for the apps, from sign-in to sign-out', async () => {
    const viewer = await createTestViewer(testApp.app, 'free');
    const signIn = await post('/api/account/sign-in', {
      email: viewer.email,
      password: TEST_PASSWORD,
      session: 'bearer',
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const token = signIn.json().token as string;
    expect(await signsIn(token)).toBe(true);
    const signOut = await post('/api/account/sign-out', {}, { authorization: `Bearer ${token}` });
    expect(signOut.statusCode).toBe(200);
    expect(await signsIn(token)).toBe(false);
  });

  it('answers a 5,000-deep JSON body to revoke-session with a 4xx, not a 500', async () => {
    const viewer = await createTestViewer(testApp.app, 'free');
    const deep = `{"id":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-session',
      payload: deep,
      headers: { ...viewer.headers, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().error.message).not.toMatch(/body\./);
  });
});
