import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, saveScreenshot, startSeededServer } from './fixtures';

// One server and browser for the list's suggestions and the caption's: starting them (the server above
// all) took a file about as long as its test.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startSeededServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// Check my tags (counts, banned flags, add all) is check-tags-dialog.test's; why a tag is related
// ('in 40 of 500 recent posts, by 29 people') find-pane.test's.
describe('suggestions for the list', () => {
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

// Issue 35: "Check my tags" also suggests tags for the words of what was pasted, one click to add.
// In Portuguese and from the keyboard: check-tags-dialog.test.
describe('tags for the words of a pasted caption', () => {
  /** A visitor on a desktop with #travel in the list, the Check my tags dialog open. */
  async function openCheckTags() {
    const opened = await newPage(browser, { baseURL: server.url, viewport: 'desktop' });
    await opened.context.addInitScript((id) => localStorage.setItem('uuID', id), randomUUID());
    const { page } = opened;
    await page.goto('/try');
    const box = page.getByRole('textbox', { name: 'Search text' });
    await box.fill('travel');
    await box.press('Enter');
    await page.getByTestId('result-row').first().waitFor();
    await page.getByRole('button', { name: 'Add #travel to the export list', exact: true }).first().click();
    await page.getByRole('button', { name: 'Check my tags' }).click();
    return opened;
  }

  const chipNames = async (page: Page) =>
    (await page.getByTestId('caption-suggestions').getByRole('button').allTextContents()).map((text) =>
      text.split(' ')[0]!.slice(1),
    );

  it('pastes a caption on a desktop, asks for tags for its words and adds one in one click', async () => {
    const { context, page } = await openCheckTags();
    const dialog = page.getByRole('dialog', { name: 'Check my tags' });
    await dialog
      .getByRole('textbox', { name: 'Caption or list of tags' })
      .fill('A trip to remember: wanderlust, adventure and a sunset in Lisbon #travel');
    await dialog.getByRole('button', { name: 'Check', exact: true }).click();
    await dialog.getByText('1 tag found.').waitFor();
    // A visitor's related searches are counted, so the words' tags come when asked for.
    await dialog.getByRole('button', { name: 'Suggest tags for these words' }).click();
    await dialog.getByTestId('caption-suggestions').waitFor();
    await dialog
      .getByText(/From your words: trip, remember, wanderlust, adventure, sunset, lisbon/)
      .waitFor();
    const names = await chipNames(page);
    // A free visitor sees the first 2, never the text's own #travel, and is told what Pro adds.
    expect(names.length).toBe(2);
    expect(names).not.toContain('travel');
    await dialog.getByText(/more suggestions? with the full version/).waitFor();
    await saveScreenshot(page, 'caption-tags-desktop');

    const pick = names[0]!;
    await dialog.getByRole('button', { name: `Add #${pick} to the list`, exact: true }).click();
    await dialog.getByLabel(`#${pick} is in the list`).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const list = page.getByRole('list', { name: 'Export list' });
    await list.getByRole('checkbox', { name: `#${pick}` }).waitFor();
    expect(
      (
        await list
          .getByRole('checkbox')
          .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('aria-label')))
      ).sort(),
    ).toEqual([`#${pick}`, '#travel'].sort());
    await context.close();
  });
});
