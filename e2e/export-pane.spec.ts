import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  type RunningServer,
  saveScreenshot,
  startSeededServer,
  waitForStillScreen,
} from './fixtures';
import { isShownWhole, visiblePart } from './visible-part';

type Size = 'desktop' | 'phone';

/** Rows of the export list a user sees whole, and whether the Copy button is on screen. */
async function visibleRows(page: Page): Promise<number> {
  return page.getByRole('list', { name: 'Export list' }).evaluate((list) => {
    let scroller: HTMLElement | null = list.parentElement;
    while (scroller && getComputedStyle(scroller).overflowY !== 'auto') scroller = scroller.parentElement;
    const area = (scroller ?? list).getBoundingClientRect();
    const top = Math.max(area.top, 0);
    const bottom = Math.min(area.bottom, window.innerHeight);
    return [...list.querySelectorAll('li')].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.height > 0 && box.top >= top - 1 && box.bottom <= bottom + 1;
    }).length;
  });
}

async function isOnScreen(page: Page, name: RegExp): Promise<boolean> {
  const box = await page.getByRole('button', { name }).last().boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

/** Issue 32 §1: the export list stays the pane's main area with everything open. */
describe('the export pane with a full list', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startSeededServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function fullList(size: Size) {
    const opened = await newPage(browser, { baseURL: server.url, viewport: size });
    await opened.context.addInitScript((id) => localStorage.setItem('uuID', id), randomUUID());
    const { page } = opened;
    await page.goto('/try');
    const box = page.getByRole('textbox', { name: 'Search text' });
    await box.fill('travel');
    await box.press('Enter');
    await page.getByTestId('result-row').nth(11).waitFor();
    const names = (await page.getByTestId('result-row').getByRole('link').allTextContents()).slice(0, 12);
    for (const name of names)
      await page
        .getByRole('button', { name: `Add ${name} to the export list`, exact: true })
        .first()
        .click();
    await openExportPane(page, size);
    return opened;
  }

  /** The export pane: beside the results on a desktop, behind its tab on a phone. */
  async function openExportPane(page: Page, size: Size) {
    if (size === 'phone')
      await page
        .getByRole('navigation', { name: 'Find or export' })
        .getByRole('button', { name: /Export/ })
        .click();
    await page.getByRole('list', { name: 'Export list' }).waitFor();
  }

  /** Asks for suggestions (a free visitor spends a related search on them) and waits for the chips. */
  async function loadSuggestions(page: Page) {
    await page.getByRole('button', { name: 'Suggest tags for this list' }).click();
    await page.getByTestId('suggested-tags').getByRole('button').first().waitFor();
  }

  // One walk per size: everything open, then the suggestions folded. Filling the list takes most of a
  // walk's time, so it is filled once.
  for (const size of ['desktop', 'phone'] as const) {
    it(`shows ${size === 'desktop' ? 6 : 4} rows and Copy with everything open, and more once suggestions fold (${size})`, async () => {
      const { context, page } = await fullList(size);
      expect(await page.getByTestId('selected-count').textContent()).toBe('12 of 12 selected');
      // What Copy leaves out and why is in view when it starts to (the 6th tag for Instagram), not
      // below the help in the controls' scroll box.
      await expect
        .poll(() => isShownWhole(page.getByTestId('cap-warning')), {
          timeout: 2_000,
          message: 'the cap warning',
        })
        .toBe(true);
      expect(await page.getByTestId('cap-warning').textContent()).toContain('Instagram takes 5 hashtags');
      // The help box shows once 3 tags were added.
      await page.getByText('Tick the tags you want, or let the filters choose').waitFor();
      await loadSuggestions(page);
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      await page.getByLabel('Min posts').waitFor();
      // Opening Filters shows their fields, not just their header at the foot of the controls (§1).
      const shownWhole = (label: string) =>
        expect.poll(() => isShownWhole(page.getByLabel(label)), {
          timeout: 2_000,
          message: `${label} on screen`,
        });
      await shownWhole('Min posts').toBe(true);
      await shownWhole('Max posts').toBe(true);
      await waitForStillScreen(page);
      await saveScreenshot(page, `export-pane-full-${size}`);
      const rowsOpen = await visibleRows(page);
      expect(rowsOpen).toBeGreaterThanOrEqual(size === 'desktop' ? 6 : 4);
      expect(await isOnScreen(page, /^Copy \d+/)).toBe(true);
      // Nothing of the suggestions cut: every line whole, above Copy.
      const suggestions = page.getByRole('region', { name: 'Suggested for this list' });
      expect(await isShownWhole(suggestions), 'the suggestions whole').toBe(true);
      expect(await isShownWhole(page.getByText(/^\d+ more suggestions with the full version\.$/))).toBe(true);
      for (const chip of await page.getByTestId('suggested-tags').getByRole('button').all()) {
        if (await visiblePart(chip))
          expect(await isShownWhole(chip), 'a chip shown whole or not at all').toBe(true);
      }
      const copyTop = (await page.getByRole('button', { name: /^Copy \d+/ }).boundingBox())!.y;
      const suggestionsBox = (await suggestions.boundingBox())!;
      expect(suggestionsBox.y + suggestionsBox.height).toBeLessThanOrEqual(copyTop);

      // Folded suggestions give the list their room (that they stay folded across a reload is
      // suggested-for-list.test's, and the help box's "Don't show again" export-help.test's).
      await page.getByRole('button', { name: 'Fold the suggestions' }).click();
      expect(await page.getByTestId('suggested-tags').isVisible()).toBe(false);
      await waitForStillScreen(page);
      expect(await visibleRows(page)).toBeGreaterThan(rowsOpen);

      // In a shorter window the controls give way, but keep room for the whole warning and its buttons.
      await page.setViewportSize({ width: page.viewportSize()!.width, height: 640 });
      await page.getByTestId('cap-warning').scrollIntoViewIfNeeded();
      await waitForStillScreen(page);
      expect(await isShownWhole(page.getByTestId('cap-warning')), 'the cap warning whole').toBe(true);
      expect(await isShownWhole(page.getByRole('button', { name: 'Pick the best 5' }))).toBe(true);
      await context.close();
    });
  }
});
