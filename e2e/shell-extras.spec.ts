import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newVisitor,
  RETURNING_VISITOR,
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

  it("lets an administrator change a network's copy cap, which every visitor's Copy for takes", async () => {
    const publicCaps = async () =>
      ((await (await fetch(`${server.url}/api/appdata`)).json()) as { networkCaps: unknown }).networkCaps;
    await admin.page.goto('/admin/appdata');
    const caps = admin.page.getByRole('form', { name: 'Copy limits per network' });
    const instagram = caps.getByRole('textbox', { name: 'Hashtags a post on Instagram' });
    await instagram.fill('3');
    await caps.getByRole('button', { name: 'Save copy limits' }).click();
    await caps.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await instagram.scrollIntoViewIfNeeded();
    await settle(admin.page);
    await saveScreenshot(admin.page, 'admin-network-caps-desktop');
    expect(await publicCaps()).toEqual({ instagram: { hashtagCap: 3 } });

    // A visitor with four tags selected now copies three for Instagram.
    const tags = ['sun', 'sea', 'sand', 'surf'];
    const shopper = await visitor({
      storage: {
        ...RETURNING_VISITOR,
        exportList: JSON.stringify({
          state: {
            tags: tags.map((hashtag) => ({ hashtag, count: 1000 })),
            selected: tags,
            applyFilter: false,
          },
          version: 1,
        }),
      },
    });
    await shopper.page.goto('/try');
    await shopper.page.getByRole('button', { name: 'Copy 3 of 4 for Instagram' }).waitFor();
    await shopper.context.close();
  });

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

  it('takes beta feedback from a visitor in Help, for an administrator to read', async () => {
    const { context, page } = await visitor();
    await page.goto('/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    await settle(page);
    await saveScreenshot(page, 'help-desktop');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    const feedback = page.getByRole('dialog', { name: 'Send feedback' });
    await feedback.getByRole('textbox', { name: 'Your feedback' }).fill('The related tags are great.');
    await feedback.getByRole('button', { name: 'Submit' }).click();
    await feedback.waitFor({ state: 'detached' });
    await context.close();

    await admin.page.goto('/admin/feedback');
    const row = admin.page.getByRole('table', { name: 'Beta feedback' }).getByRole('row').nth(1);
    await row.waitFor();
    expect(await row.textContent()).toContain('The related tags are great.');
  });

  it('counts events from the app by type and day on the admin analytics screen', async () => {
    // A first-time visitor: the tutorial opens by itself and accepting cookies is recorded.
    const { context, page } = await visitor({ storage: { showGuide: 'false' } });
    await page.goto('/try');
    await page.getByRole('dialog', { name: 'Search hashtags' }).waitFor();
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Accept' }).click();
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/events'));
    expect((await sent).status()).toBe(202);

    await admin.page.goto('/admin/analytics');
    const totals = admin.page.getByRole('table', { name: 'Totals by event type' });
    await totals.waitFor();
    const text = await totals.textContent();
    expect(text).toContain('tutorialViewed');
    expect(text).toContain('cookiesAccepted');
    await admin.page
      .getByRole('img', { name: /Events by type and day/ })
      .locator('.recharts-bar-rectangle')
      .first()
      .waitFor();
    await settle(admin.page);
    await saveScreenshot(admin.page, 'admin-analytics-desktop');
    await context.close();
  });
});
