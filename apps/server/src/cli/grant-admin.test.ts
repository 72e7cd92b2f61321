import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { testDialects } from '../test/test-database.js';
import { createTestViewer } from '../test/test-users.js';
import { ADMIN_USAGE, runAdminCommand } from './grant-admin.js';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '../../../..');

describe.each(testDialects)('npm run admin -- grant|revoke <email> on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { PROSPECTING_SCHEDULE_MINUTES: 0 });
  });
  afterAll(async () => testApp.close());

  const isAdmin = async (headers: Record<string, string>) =>
    (await testApp.app.inject({ method: 'GET', url: '/api/account/me', headers })).json().isAdmin;
  const quarries = async (headers: Record<string, string>) =>
    (await testApp.app.inject({ method: 'GET', url: '/api/quarries', headers })).statusCode;

  it('grants and revokes administration by email; the next request sees it', async () => {
    const viewer = await createTestViewer(testApp.app, 'free');
    const database = testApp.testDatabase.database;
    expect(await quarries(viewer.headers)).toBe(403);

    const granted = await runAdminCommand({ database, now: Date.now }, [
      'grant',
      `  ${viewer.email!.toUpperCase()} `,
    ]);
    expect(granted).toEqual({
      code: 0,
      message: `${viewer.email} (user ${viewer.userId}) is now an administrator.`,
    });
    expect(await isAdmin(viewer.headers)).toBe(true);
    expect(await quarries(viewer.headers)).toBe(200);

    const revoked = await runAdminCommand({ database, now: Date.now }, ['revoke', viewer.email!]);
    expect(revoked.code).toBe(0);
    expect(await isAdmin(viewer.headers)).toBe(false);
    expect(await quarries(viewer.headers)).toBe(403);
  });

  it('keeps a revoked paying customer a customer', async () => {
    const viewer = await createTestViewer(testApp.app, 'paying');
    await runAdminCommand({ database: testApp.testDatabase.database, now: Date.now }, [
      'grant',
      viewer.email!,
    ]);
    expect(await isAdmin(viewer.headers)).toBe(true);
    await runAdminCommand({ database: testApp.testDatabase.database, now: Date.now }, [
      'revoke',
      viewer.email!,
    ]);
    const me = (
      await testApp.app.inject({ method: 'GET', url: '/api/account/me', headers: viewer.headers })
    ).json();
    expect(me.capabilities.group).toBe('CBcustomer');
  });

  it('refuses unknown addresses and wrong usage', async () => {
    const database = testApp.testDatabase.database;
    expect((await runAdminCommand({ database, now: Date.now }, ['grant', 'nobody@example.com'])).code).toBe(
      1,
    );
    for (const args of [[], ['grant'], ['promote', 'a@example.com'], ['grant', 'a@example.com', 'extra']]) {
      expect(await runAdminCommand({ database, now: Date.now }, args)).toEqual({
        code: 2,
        message: ADMIN_USAGE,
      });
    }
  });

  it('runs as a command against DATABASE_URL', async () => {
    const viewer = await createTestViewer(testApp.app, 'free');
    const run = promisify(execFile);
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', join(here, 'grant-admin.ts'), 'grant', viewer.email!],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: testApp.testDatabase.url, LOG_LEVEL: 'silent' } },
    );
    expect(stdout.trim()).toBe(`${viewer.email} (user ${viewer.userId}) is now an administrator.`);
    expect(await isAdmin(viewer.headers)).toBe(true);
    const failed = await run(
      process.execPath,
      ['--import', 'tsx', join(here, 'grant-admin.ts'), 'grant', 'x@y.z'],
      {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: testApp.testDatabase.url },
      },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account with the email x@y.z'),
    });
  });
});
