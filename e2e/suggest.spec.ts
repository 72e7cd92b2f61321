import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, saveScreenshot, startSeededServer } from './fixtures';

describe('suggestions for the list, why tags are related, and Check my tags', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startSeededServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openTry(viewport: 'desktop' | 'phone') {
    const opened = await newPage(browser, { baseURL: server.url, viewport });
    // Each test is its own device, so the server's per-device related-search count starts at zero.
    await opened.context.addInitScript((id) => localStorage.setItem('uuID', id), randomUUID());
    await opened.page.goto('/try');
    return opened;
  }

  async function search(page: Page, text: string) {
    const box = page.getByRole('textbox', { name: 'Search text' });
    await box.fill(text);
    await box.press('Enter');
    await page.getByTestId('result-row').first().waitFor();
  }

  const suggested = (page: Page) => page.getByTestId('suggested-tags').getByRole('button');
  const suggestedNames = async (page: Page) =>
    (await suggested(page).allTextContents()).map((text) => text.split(' ')[0]!.slice(1));

  it('builds a list, sees the suggestions change as tags are added, adds one in one click', async () => {
    const { context, page } = await openTry('desktop');
    let suggestRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/suggest/')) suggestRequests += 1;
    });
    await search(page, 'travel');
    await page.getByRole('button', { name: 'Show related tags of travel', exact: true }).click();
    const why = page.getByTestId('related-why').first();
    await why.waitFor();
    expect(await why.textContent()).toMatch(/^in \d+ of 500 recent posts, by \d+ people$/);
    await saveScreenshot(page, 'related-why-desktop');

    await page.getByRole('button', { name: 'Add #travel to the export list', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Suggested for this list' }).waitFor();
    // A free visitor's suggestions cost a related search each, so they come only when asked for.
    const ask = page.getByRole('button', { name: 'Suggest tags for this list' });
    await ask.waitFor();
    expect(suggestRequests).toBe(0);
    await ask.click();
    await suggested(page).first().waitFor();
    const first = await suggestedNames(page);
    expect(first.length).toBeGreaterThan(0);
    expect(first).not.toContain('travel');
    // A free visitor sees the first 2 and the upgrade prompt for the rest.
    expect(first.length).toBeLessThanOrEqual(2);
    await page.getByText(/more suggestions? with the full version/).waitFor();

    await search(page, 'food');
    await page.getByRole('button', { name: 'Add #food to the export list', exact: true }).first().click();
    await page.getByRole('button', { name: 'Refresh suggestions' }).click();
    await page.waitForFunction((before) => {
      const chips = [...document.querySelectorAll('[data-testid="suggested-tags"] [role="button"]')];
      const now = chips.map((chip) => chip.textContent?.split(' ')[0]?.slice(1)).join(',');
      return now !== '' && now !== before;
    }, first.join(','));
    const second = await suggestedNames(page);
    expect(second).not.toContain('food');
    await saveScreenshot(page, 'suggest-desktop');

    const pick = second[0]!;
    await page.getByRole('button', { name: `Add #${pick} to the list`, exact: true }).click();
    const list = page.getByRole('list', { name: 'Export list' }).getByRole('checkbox');
    await page
      .getByRole('list', { name: 'Export list' })
      .getByRole('checkbox', { name: `#${pick}` })
      .waitFor();
    expect(await list.count()).toBe(3);
    await context.close();
  });

  it('checks a pasted caption: its tags, their counts and banned flags, then adds them all', async () => {
    const { context, page } = await openTry('phone');
    await search(page, 'travel');
    await page.getByRole('button', { name: 'Show related tags of travel', exact: true }).click();
    await page.getByTestId('related-why').first().waitFor();
    await saveScreenshot(page, 'related-why-phone');
    await page.getByRole('button', { name: 'Add #travel to the export list', exact: true }).first().click();
    await page
      .getByRole('navigation', { name: 'Find or export' })
      .getByRole('button', { name: /Export/ })
      .click();
    await page.getByRole('button', { name: 'Suggest tags for this list' }).click();
    await suggested(page).first().waitFor();
    await saveScreenshot(page, 'suggest-phone');
    await page.getByRole('button', { name: 'Check my tags' }).click();
    const dialog = page.getByRole('dialog', { name: 'Check my tags' });
    await dialog
      .getByRole('textbox', { name: 'Caption or list of tags' })
      .fill('Sunset walk 🌅 #Travel #beach #dating #travel #zzqqnotatag');
    await dialog.getByRole('button', { name: 'Check', exact: true }).click();
    await dialog.getByText('4 tags found. 1 is banned.').waitFor();
    const rows = dialog.getByTestId('checked-tag');
    expect(await rows.count()).toBe(4);
    const response = await fetch(`${server.url}/api/info/hashtag/travel,beach`);
    const { data } = (await response.json()) as { data: { hashtag: string; count: number }[] };
    for (const tag of data) {
      const row = rows.filter({ hasText: `#${tag.hashtag}` });
      expect(await row.getByRole('cell').nth(1).textContent()).toBe(tag.count.toLocaleString('en'));
    }
    expect(await rows.filter({ hasText: '#dating' }).getByRole('img', { name: 'Banned tag' }).count()).toBe(
      1,
    );
    await saveScreenshot(page, 'check-tags-phone');
    await dialog.getByRole('button', { name: 'Add all 4 to the list' }).click();
    await dialog.getByText('4 tags added to the export list.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const list = page.getByRole('list', { name: 'Export list' }).getByRole('checkbox');
    expect(
      (await list.evaluateAll((inputs) => inputs.map((input) => input.getAttribute('aria-label')))).sort(),
    ).toEqual(['#beach', '#dating', '#travel', '#zzqqnotatag']);
    await saveScreenshot(page, 'check-tags-added-phone');
    await context.close();
  });
});
