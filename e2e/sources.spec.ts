import { type FakeMastodon, makeStatuses, startFakeMastodon } from '@tagscout/sources/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, saveScreenshot, startServer } from './fixtures';

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
    [server, browser] = await Promise.all([
      startServer({
        env: {
          MASTODON_URL: fake.url,
          // Mastodon's tags are a network of their own; the search screen shows it.
          DEFAULT_NETWORK: 'mastodon',
          // The limiter as configured for this run: 2 requests a second, so the test is brisk.
          SOURCE_INTERVAL_MS: '500',
          SOURCE_SEED_MINUTES: '0',
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
});

async function showRelated(page: Page, name: string) {
  await page.getByRole('button', { name: `Show related tags of ${name}`, exact: true }).click();
}
