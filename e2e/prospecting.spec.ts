import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  type RunningServer,
  readEmailCode,
  saveScreenshot,
  startSeededServer,
  waitForStillScreen,
} from './fixtures';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'Quarry-Hunter-42x';
const EMAIL = 'prospector@example.com';
const PLACES = ['Istanbul, Türkiye', 'Mexico City, Mexico'];

interface Prospect {
  username: string;
  followers: number;
  is_new: boolean;
}

describe('prospecting as an administrator', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startSeededServer({ env: { EXPOSE_OUTBOX: 'true', PROSPECTING_SCHEDULE_MINUTES: '0' } }),
      launchBrowser(),
    ]);
    await signUpAdministrator();
    ({ context, page } = await newPage(browser, { baseURL: server.url }));
    await page.goto('/login');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/tags');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** An account made through the API (the dev outbox gives the code), then made admin by the CLI. */
  async function signUpAdministrator() {
    const post = (path: string, body: object) =>
      fetch(`${server.url}/api/account/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify(body),
      });
    expect(
      (await post('sign-up', { email: EMAIL, password: PASSWORD, passwordConfirm: PASSWORD })).status,
    ).toBe(202);
    const { code } = await readEmailCode(server, EMAIL);
    expect((await post('verify-email', { email: EMAIL, code })).status).toBe(200);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(repoRoot, 'apps/server/dist/cli/grant-admin.js'), 'grant', EMAIL],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: server.databasePath } },
    );
    expect(stdout).toContain('is now an administrator');
  }

  const api = <T>(path: string): Promise<T> =>
    page.evaluate((url) => fetch(url).then((response) => response.json()), `/api${path}`) as Promise<T>;

  async function searchAndSelect(target: Page, text: string, title: string) {
    const field = target.getByRole('textbox', { name: 'Location search' });
    await field.fill(text);
    const result = target.getByRole('checkbox', { name: new RegExp(`^${title}`) });
    await result.waitFor();
    await result.click();
    await expect.poll(() => result.getAttribute('aria-checked')).toBe('true');
    // Let the click's ripple fade before any screenshot.
    await target.mouse.move(0, 0);
    await waitForStillScreen(target);
  }

  it('creates a quarry from two places, runs it, shows new prospects, pauses it and exports CSV', async () => {
    await page.goto('/prospecting');
    await page.getByRole('heading', { name: 'Quarries', level: 1 }).waitFor();
    await page.getByText('No quarries yet').waitFor();
    await page.getByRole('region', { name: 'Usage' }).getByText('Day').first().waitFor();

    // Search mode: selecting toggles a place in and out; Next appears with one selected.
    await page.getByRole('button', { name: 'New quarry' }).first().click();
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await searchAndSelect(page, 'Istanbul', PLACES[0]!);
    await page.getByRole('button', { name: 'Next' }).waitFor();
    const istanbul = page.getByRole('checkbox', { name: new RegExp(`^${PLACES[0]}`) });
    await istanbul.click();
    expect(await istanbul.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await istanbul.click();
    await searchAndSelect(page, 'Mexico City', PLACES[1]!);
    const selected = page.getByRole('list', { name: 'Selected places' });
    expect(await selected.getByRole('listitem').allInnerTexts()).toEqual(PLACES);
    await saveScreenshot(page, 'prospecting-search-desktop');
    // The remove button takes a place out.
    await searchAndSelect(page, 'Madrid', 'Madrid, Spain');
    expect(await selected.getByRole('listitem').count()).toBe(3);
    await page.getByRole('button', { name: 'Remove Madrid, Spain', exact: true }).click();
    expect(await selected.getByRole('listitem').allInnerTexts()).toEqual(PLACES);

    // Filters: posts of the last 30 days, 1,000 to 50,000 followers, no "bot" in the profile.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Filters for the new quarry' }).waitFor();
    await page.getByLabel('Name').fill('Istanbul and Mexico City');
    await page.getByLabel('Max post age').fill('30');
    await page.getByLabel('Min followers').fill('1000');
    expect(await page.getByLabel('Max followers').inputValue()).toBe('50000');
    const negative = page.getByLabel('Leave out profiles with');
    await negative.fill('bot');
    await negative.press('Enter');
    await page.getByRole('button', { name: 'Save quarry' }).click();

    // The quarry: run it, see its prospects, all new.
    await page.getByRole('heading', { name: 'Istanbul and Mexico City', level: 2 }).waitFor();
    const row = page.getByTestId('quarry-row');
    expect(await row.count()).toBe(1);
    expect(await page.getByText('Not run yet').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Run now' }).click();
    const counts = page.getByTestId('prospect-counts');
    await counts.waitFor();
    const quarry = (
      await api<{
        quarries: { quarry_id: string; new_prospects: number; prospect_count: number; active: boolean }[];
      }>('/quarries')
    ).quarries[0]!;
    expect(quarry.prospect_count).toBeGreaterThan(3);
    expect(quarry.new_prospects).toBe(quarry.prospect_count);
    expect(await counts.textContent()).toBe(
      `${quarry.prospect_count} prospects, ${quarry.prospect_count} new`,
    );
    expect(await row.getByLabel(`${quarry.new_prospects} new prospects`).isVisible()).toBe(true);
    const prospects = (
      await api<{ prospects: Prospect[] }>(`/quarries/${quarry.quarry_id}/prospects?page_size=200`)
    ).prospects;
    for (const prospect of prospects) {
      expect(prospect.followers).toBeGreaterThanOrEqual(1000);
      expect(prospect.followers).toBeLessThanOrEqual(50_000);
    }
    const rows = page.getByTestId('prospect-row');
    await expect.poll(() => rows.count()).toBe(Math.min(25, prospects.length));
    expect(await rows.first().getByText('New', { exact: true }).isVisible()).toBe(true);
    expect(await rows.first().getByRole('link').textContent()).toBe(`@${prospects[0]!.username}`);
    const usage = await api<{ posts: number; prospects: number }>('/quarries/usage');
    expect(usage.prospects).toBe(quarry.prospect_count);
    await page.getByRole('region', { name: 'Usage' }).getByText(`${usage.prospects} of 10,000`).waitFor();
    await saveScreenshot(page, 'prospecting-prospects-desktop');

    // A second run finds the same people: none of them is new.
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect.poll(() => counts.textContent()).toBe(`${quarry.prospect_count} prospects, 0 new`);
    expect(await page.getByTestId('prospect-row').getByText('New', { exact: true }).count()).toBe(0);
    // The quarry's row reads its badge from the list of quarries, refetched after the run's counts.
    await expect.poll(() => row.getByLabel(/new prospects?$/).count()).toBe(0);

    // Export: a CSV with a header and one line per prospect.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('prospects-istanbul-and-mexico-city.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(
      'username,full_name,followers,category,biography,matched_posts,last_post_at,first_seen_at,is_new,profile_url',
    );
    expect(csv).toContain(`https://www.instagram.com/${prospects[0]!.username}/`);
    expect(csv.match(/https:\/\/www\.instagram\.com\//g)).toHaveLength(quarry.prospect_count);

    // The list: pause it with its switch.
    await saveScreenshot(page, 'prospecting-list-desktop');
    await page.getByRole('switch', { name: 'Active: Istanbul and Mexico City' }).click();
    await page.getByText('This quarry is paused').waitFor();
    expect(await page.getByRole('button', { name: 'Run now' }).isDisabled()).toBe(true);
    await expect
      .poll(async () => (await api<{ quarries: { active: boolean }[] }>('/quarries')).quarries[0]!.active)
      .toBe(false);
    expect(await row.getByText('paused').isVisible()).toBe(true);
  });

  it('fits a phone: the list, place search with a selection, and the prospects with the usage', async () => {
    const phone = await newPage(browser, { baseURL: server.url, viewport: 'phone' });
    await phone.context.addCookies(await context.cookies());
    const p = phone.page;
    await p.goto('/prospecting');
    await p.getByTestId('quarry-row').waitFor();
    await p.getByRole('region', { name: 'Usage' }).getByText('Day').first().waitFor();
    await saveScreenshot(p, 'prospecting-list-phone');

    await p.getByRole('button', { name: 'New quarry' }).click();
    await searchAndSelect(p, 'Istanbul', PLACES[0]!);
    await p.getByRole('button', { name: 'Next' }).waitFor();
    await saveScreenshot(p, 'prospecting-search-phone');
    await p.getByRole('button', { name: 'Cancel' }).click();

    await p.getByTestId('quarry-row').getByRole('button').first().click();
    await p.getByTestId('prospect-row').first().waitFor();
    await saveScreenshot(p, 'prospecting-prospects-phone');
    await p.getByRole('region', { name: 'Usage' }).scrollIntoViewIfNeeded();
    await saveScreenshot(p, 'prospecting-usage-phone');
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.context.close();
  });
});
