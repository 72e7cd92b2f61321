import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newVisitor,
  type RunningServer,
  readEmailCode,
  saveScreenshot,
  startAccountsServer,
  waitForStillScreen,
} from './fixtures';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'Amber-Lantern-47k';
const ADMIN_EMAIL = 'shell-admin@example.com';

describe('shell extras in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startAccountsServer(), launchBrowser()]);
    await signUp(ADMIN_EMAIL);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(repoRoot, 'apps/server/dist/cli/grant-admin.js'), 'grant', ADMIN_EMAIL],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: server.databasePath } },
    );
    expect(stdout).toContain('is now an administrator');
    admin = await visitor();
    await signIn(admin.page, ADMIN_EMAIL);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function visitor(options: { storage?: Record<string, string> } = {}) {
    return newVisitor(browser, { baseURL: server.url, ...options });
  }

  const post = (path: string, body: object) =>
    fetch(`${server.url}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(body),
    });

  /** An account made through the API; its code comes from the dev outbox. */
  async function signUp(email: string) {
    expect(
      (await post('account/sign-up', { email, password: PASSWORD, passwordConfirm: PASSWORD })).status,
    ).toBe(202);
    const { code } = await readEmailCode(server, email);
    expect((await post('account/verify-email', { email, code })).status).toBe(200);
  }

  async function signIn(page: Page, email: string) {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
  }

  async function settle(page: Page) {
    await waitForStillScreen(page);
  }

  it('shows the outage banner to everyone once an administrator switches it on, and takes it away', async () => {
    const { context, page } = await visitor();
    await page.goto('/try');
    await page.getByRole('textbox', { name: 'Search text' }).waitFor();
    expect(await page.getByRole('status', { name: 'Service notice' }).count()).toBe(0);
    await context.close();

    await admin.page.goto('/help');
    await admin.page.getByRole('link', { name: 'App data and analytics' }).click();
    await admin.page.waitForURL('**/admin/appdata');
    const form = admin.page.getByRole('form', { name: 'App data' });
    await form.getByRole('switch', { name: 'Show the message' }).check();
    await form
      .getByRole('textbox', { name: 'Message in English' })
      .fill('Related tags are paused for maintenance.');
    await form
      .getByRole('textbox', { name: 'Message in Portuguese' })
      .fill('As hashtags relacionadas estão em manutenção.');
    await form.getByRole('button', { name: 'Save app data' }).click();
    await admin.page.getByText('App data saved').waitFor();
    const adminBanner = admin.page.getByRole('status', { name: 'Service notice' });
    await adminBanner.waitFor();
    await admin.page.evaluate(() => window.scrollTo(0, 0));
    await settle(admin.page);
    await saveScreenshot(admin.page, 'admin-appdata-desktop');

    // A visitor who opens the app now sees it (the public answer is cached for 15 s at most).
    const fresh = await visitor();
    await fresh.page.goto('/try');
    const banner = fresh.page.getByRole('status', { name: 'Service notice' });
    await banner.waitFor();
    expect(await banner.textContent()).toBe('Related tags are paused for maintenance.');
    await settle(fresh.page);
    await saveScreenshot(fresh.page, 'shell-outage-banner-desktop');
    await fresh.context.close();

    // Switched off again for the other tests.
    await form.getByRole('switch', { name: 'Show the message' }).uncheck();
    await form.getByRole('button', { name: 'Save app data' }).click();
    await adminBanner.waitFor({ state: 'detached' });
  });
});
