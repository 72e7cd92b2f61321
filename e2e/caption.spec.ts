import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, saveScreenshot, startSeededServer } from './fixtures';

// Issue 35: "Check my tags" also suggests tags for the words of what was pasted, one click to add.
// In Portuguese and from the keyboard: check-tags-dialog.test.
describe('tags for the words of a pasted caption', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startSeededServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

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
