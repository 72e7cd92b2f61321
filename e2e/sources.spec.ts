import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type FakeMastodon, makeStatuses, startFakeMastodon } from '@tagscout/sources/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  type RunningServer,
  readEmailCode,
  saveScreenshot,
  startServer,
} from './fixtures';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_EMAIL = 'sources-admin@example.com';
const PASSWORD = 'Source-Watcher-42x';

/**
 * The server's live source pointed at a fake Mastodon instance (Mastodon's own API shapes, on
 * loopback), with an empty store: what it has never seen is fetched while the app says "indexing".
 * The tests hold the instance's answer (fake.hold) while they look at that state; the server gives up
 * on an answer after 5 s and asks twice more, so a hold ends well within 15 s.
 */
describe('live sources: an unseen tag is indexed from Mastodon', () => {
  let fake: FakeMastodon;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    fake = await startFakeMastodon();
    fake.addTag({
      name: 'sourdough',
      uses: [120, 90, 300, 40, 45, 60, 50],
      statuses: makeStatuses({
        tag: 'Sourdough',
        related: ['bread', 'baking', 'levain'],
        count: 60,
        newest: Date.now() - 3_600_000,
      }),
    });
    fake.addTag({ name: 'bread', uses: [900, 800] });
    fake.addTag({
      name: 'focaccia',
      uses: [10, 20, 30, 40, 50, 60, 70],
      statuses: makeStatuses({
        tag: 'Focaccia',
        related: ['bread'],
        count: 20,
        newest: Date.now() - 3_600_000,
      }),
    });
    [server, browser] = await Promise.all([
      startServer({
        env: {
          MASTODON_URL: fake.url,
          // Mastodon's tags are a network of their own; the search screen shows it.
          DEFAULT_NETWORK: 'mastodon',
          // The limiter as configured for this run: 2 requests a second, so the test is brisk.
          SOURCE_INTERVAL_MS: '500',
          SOURCE_SEED_MINUTES: '0',
          EXPOSE_OUTBOX: 'true',
        },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  const timelineCalls = (tag: string) =>
    fake.requests.filter((request) => request.path === `/api/v1/timelines/tag/${tag}`).length;

  it('shows the tag indexing, then its count and related tags once fetched', async () => {
    // Indexing lasts until the instance answers: its answer waits until the test has seen the state.
    const answerSourdough = fake.hold('/api/v1/tags/sourdough');
    const { context, page } = await newPage(browser, { baseURL: server.url });
    await page.goto('/try');
    const box = page.getByRole('textbox', { name: 'Search text' });
    await box.fill('sourdough');
    await box.press('Enter');
    const row = page.getByTestId('result-row').first();
    await row.waitFor();
    expect(await row.getByRole('link').textContent()).toBe('#sourdough');
    // Its count is being looked up: a spinner and "indexing" in its row, and in the export list once added.
    expect(await row.getByTestId('count-indexing').textContent()).toBe('indexing');
    await page.getByRole('button', { name: 'Add #sourdough to the export list', exact: true }).click();
    const exported = page.getByRole('list', { name: 'Export list' }).getByRole('listitem').first();
    expect(await exported.getByTestId('count-indexing').textContent()).toBe('indexing');
    await saveScreenshot(page, 'sources-indexing-rows-desktop');

    // Asking for its related tags while it is being indexed: the indexing dialog.
    await showRelated(page, 'sourdough');
    const dialog = page.getByRole('dialog', { name: 'Indexing this hashtag' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('attempting to index this hashtag');
    await saveScreenshot(page, 'sources-indexing-desktop');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    answerSourdough();

    // The server fetches it from the instance: the tag's history, then its timeline (two pages).
    await expect.poll(() => timelineCalls('sourdough'), { timeout: 30_000 }).toBe(2);
    // The export list takes the count when it arrives, with no new search.
    await expect.poll(() => exported.textContent(), { timeout: 15_000 }).toContain('705');
    expect(await exported.getByTestId('count-indexing').count()).toBe(0);

    // Searching again shows the count: the posts of the last 7 days (120+90+300+40+45+60+50).
    await box.press('Enter');
    await expect.poll(() => row.locator('td').nth(2).textContent(), { timeout: 15_000 }).toBe('705');
    await showRelated(page, 'sourdough');
    const related = page.getByTestId('related-row');
    await related.first().waitFor();
    // A visitor on /try sees 2 related tags and the upgrade prompt for the rest.
    expect(await related.count()).toBe(2);
    expect(await page.getByTestId('related-tag-count').textContent()).toBe(
      // The fake's 60 posts come from 5 posters, 3 posts each in the window (decision 025).
      'Showing 2 of 3 related tags, from 15 recent posts',
    );
    const names = (await related.getByRole('link').allTextContents()).map((name) => name.slice(1));
    expect(names.every((name) => ['bread', 'baking', 'levain'].includes(name))).toBe(true);
    await saveScreenshot(page, 'sources-indexed-desktop');
    await context.close();
  });

  it('shows indexing on a phone in the result row and the export list, which takes the count when it arrives', async () => {
    const answerFocaccia = fake.hold('/api/v1/tags/focaccia');
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: 'phone' });
    await page.goto('/try');
    const box = page.getByRole('textbox', { name: 'Search text' });
    await box.fill('focaccia');
    await box.press('Enter');
    const row = page.getByTestId('result-row').first();
    await row.waitFor();
    expect(await row.getByTestId('count-indexing').textContent()).toBe('indexing');
    await page.getByRole('button', { name: 'Add #focaccia to the export list', exact: true }).click();
    const footer = page.getByRole('navigation', { name: 'Find or export' });
    await footer.getByRole('button', { name: /Export/ }).click();
    const exported = page.getByRole('list', { name: 'Export list' }).getByRole('listitem').first();
    await exported.waitFor();
    expect(await exported.getByTestId('count-indexing').textContent()).toBe('indexing');
    expect(await exported.getByText('No uses').count()).toBe(0);
    await saveScreenshot(page, 'sources-indexing-export-phone');
    answerFocaccia();
    // 10+20+30+40+50+60+70 posts in the last 7 days, shown compactly in the export list.
    await expect.poll(() => exported.getByTestId('count-indexing').count(), { timeout: 30_000 }).toBe(0);
    expect(await exported.textContent()).toContain('280');
    await context.close();
  });

  it('shows administrators an alert once the instance blocks lookups', async () => {
    await signUpAdministrator(server);
    const { context, page } = await newPage(browser, { baseURL: server.url });
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/tags');
    expect(await page.getByRole('region', { name: 'Alerts about the social network' }).count()).toBe(0);

    // The instance now asks for a login: the next unseen tag's fetch is refused.
    fake.fail('login-required', { pathPrefix: '/api/v1/tags/' });
    const box = page.getByRole('textbox', { name: 'Search text' });
    await box.fill('kombucha');
    await box.press('Enter');
    await page.getByTestId('result-row').first().waitFor();
    await expect
      .poll(() => fake.requests.filter((request) => request.path === '/api/v1/tags/kombucha').length)
      .toBe(1);

    const alertsNow = () =>
      page.evaluate(() =>
        fetch('/api/sources/status')
          .then((response) => response.json())
          .then((body: { alerts: string[] }) => body.alerts),
      );
    await expect.poll(alertsNow).toEqual(['lookups_blocked']);
    await page.reload();
    const alerts = page.getByRole('region', { name: 'Alerts about the social network' });
    await alerts.waitFor();
    expect(await alerts.textContent()).toContain('The social network is blocking direct lookups');
    await saveScreenshot(page, 'sources-admin-alert-desktop');
    await context.close();
  });
});

async function showRelated(page: Page, name: string) {
  await page.getByRole('button', { name: `Show related tags of ${name}`, exact: true }).click();
}

/** An account made through the API (the dev outbox gives the code), then made admin by the CLI. */
async function signUpAdministrator(server: RunningServer) {
  const post = (path: string, body: object) =>
    fetch(`${server.url}/api/account/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(body),
    });
  const signUp = await post('sign-up', { email: ADMIN_EMAIL, password: PASSWORD, passwordConfirm: PASSWORD });
  expect(signUp.status).toBe(202);
  const { code } = await readEmailCode(server, ADMIN_EMAIL);
  expect((await post('verify-email', { email: ADMIN_EMAIL, code })).status).toBe(200);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(repoRoot, 'apps/server/dist/cli/grant-admin.js'), 'grant', ADMIN_EMAIL],
    { cwd: repoRoot, env: { ...process.env, DATABASE_URL: server.databasePath } },
  );
  expect(stdout).toContain('is now an administrator');
}
