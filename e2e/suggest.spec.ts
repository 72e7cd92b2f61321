import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, saveScreenshot, startSeededServer } from './fixtures';

// Check my tags (counts, banned flags, add all) is check-tags-dialog.test's; why a tag is related
// ('in 40 of 500 recent posts, by 29 people') find-pane.test's.
describe('suggestions for the list', () => {
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
});
