import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, saveScreenshot, startSeededServer } from './fixtures';

const run = promisify(execFile);
const repoRoot = join(import.meta.dirname, '..');

/**
 * Bluesky posts through `npm run import --network bluesky`: #eclipse in 30 posts of the last hours
 * (trending), #travel in a few, by 10 people (trending weighs people, decision 025), so the store
 * holds two networks: the sample and Bluesky.
 */
async function importBlueskyPosts(databasePath: string) {
  const folder = mkdtempSync(join(tmpdir(), 'tagscout-trends-'));
  const now = Math.floor(Date.now() / 1000);
  const posts = Array.from({ length: 30 }, (_, i) => ({
    post_id: `at://did:plc:e2e/app.bsky.feed.post/${i}`,
    owner: `did:plc:e2e${i % 10}`,
    timestamp: now - 60 - i * 60,
    hashtags: i < 5 ? ['eclipse', 'travel'] : ['eclipse', 'sky'],
  }));
  const counts = [
    { hashtag: 'eclipse', count: 30, network: 'bluesky' },
    { hashtag: 'travel', count: 5, network: 'bluesky' },
    { hashtag: 'sky', count: 25, network: 'bluesky' },
  ];
  writeFileSync(join(folder, 'posts.jsonl'), posts.map((post) => JSON.stringify(post)).join('\n'));
  writeFileSync(join(folder, 'counts.jsonl'), counts.map((count) => JSON.stringify(count)).join('\n'));
  await run(
    process.execPath,
    [
      'apps/server/dist/cli/import.js',
      join(folder, 'posts.jsonl'),
      '--network',
      'bluesky',
      '--counts',
      join(folder, 'counts.jsonl'),
    ],
    { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databasePath, LOG_LEVEL: 'warn' } },
  );
  rmSync(folder, { recursive: true, force: true });
}

describe('networks and trends', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startSeededServer(), launchBrowser()]);
    await importBlueskyPosts(server.databasePath);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const picker = (page: Page) => page.getByRole('combobox', { name: 'Network' });
  const countHeader = (page: Page) => page.getByTestId('count-header');

  async function search(page: Page, text: string) {
    const box = page.getByRole('textbox', { name: 'Search text' });
    await box.fill(text);
    await box.press('Enter');
    await page.getByTestId('result-row').first().waitFor();
  }

  async function chooseNetwork(page: Page, name: string) {
    await picker(page).click();
    await page.getByRole('option', { name, exact: true }).click();
  }

  it('switches network, labels the count column, shows sparklines, trending tags and a chart', async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: 'desktop' });
    await page.goto('/try');
    // Bluesky holds data and comes first in DEFAULT_NETWORK: it answers until another is chosen.
    await expect.poll(() => picker(page).textContent()).toBe('Bluesky');
    const trending = page.getByTestId('trending-now');
    await trending.getByRole('heading', { name: 'Trending now on Bluesky' }).waitFor();
    await expect.poll(() => trending.getByTestId('trending-tag').first().textContent()).toMatch(/^#eclipse/);
    await saveScreenshot(page, 'trends-empty-bluesky-desktop');

    await search(page, 'travel');
    expect(await countHeader(page).textContent()).toBe('Posts, last 7 days');

    await chooseNetwork(page, 'Sample data');
    await expect.poll(() => countHeader(page).textContent()).toBe('Posts (sample data)');
    const travel = page.getByRole('button', { name: /^Trend of #travel: / }).first();
    await travel.waitFor();
    expect(await travel.getAttribute('aria-label')).toMatch(
      /[\d,]+ uses in the last 7 days, [\d,]+ in the last 30/,
    );
    expect(await page.getByTestId('sparkline').count()).toBeGreaterThan(3);
    await saveScreenshot(page, 'trends-results-sample-desktop');

    await travel.click();
    const dialog = page.getByRole('dialog', { name: /#travel: uses per day/ });
    await dialog.waitFor();
    await dialog.getByTestId('trend-chart').locator('svg.recharts-surface').waitFor();
    expect(await dialog.textContent()).toContain('Sample data');
    await saveScreenshot(page, 'trends-chart-desktop');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The choice survives a reload, and the empty search shows the sample's trending tags.
    await page.getByRole('button', { name: 'New search' }).first().click();
    await page.reload();
    await expect.poll(() => picker(page).textContent()).toBe('Sample data');
    await page.getByRole('heading', { name: 'Trending now on Sample data' }).waitFor();
    await page.getByTestId('trending-tag').first().waitFor();
    await page.getByTestId('trending-tag').first().click();
    await page.getByTestId('result-row').first().waitFor();
    await context.close();
  });

  // The chart a trend opens is the desktop test's (it checks no geometry).
  it('fits a phone: picker, trend column and trending tags', async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: 'phone' });
    await page.goto('/try');
    await chooseNetwork(page, 'Sample data');
    await page.getByTestId('trending-tag').first().waitFor();
    await saveScreenshot(page, 'trends-empty-sample-phone');
    await search(page, 'food');
    await page
      .getByRole('button', { name: /^Trend of #food: / })
      .first()
      .waitFor();
    await saveScreenshot(page, 'trends-results-sample-phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await context.close();
  });
});
