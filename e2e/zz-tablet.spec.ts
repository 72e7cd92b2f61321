import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, saveScreenshot, startSeededServer } from './fixtures';

describe('tablet look', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startSeededServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  it('shots', async () => {
    for (const width of [620, 700, 820, 960]) {
      const { context, page } = await newPage(browser, { baseURL: server.url, viewport: 'desktop' });
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/try');
      const box = page.getByRole('textbox', { name: 'Search text' });
      await box.fill('travel');
      await box.press('Enter');
      await page.getByTestId('result-row').first().waitFor();
      await page.getByTestId('result-row').first().getByRole('button', { name: /Add/ }).first().click();
      await page.waitForTimeout(500);
      await saveScreenshot(page, `zz-tablet-${width}`);
      await context.close();
    }
  });
});
