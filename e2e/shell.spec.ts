import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, saveScreenshot, startServer } from './fixtures';

// One server and browser for the shell and the app's files: starting them (the server above all) took
// a file longer than its two tests.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the app shell in a browser', () => {
  it('shows the title bar and the signed-out menu, and follows a menu link', async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    await page.goto('/settings');
    const title = page.getByRole('banner').getByText('Tagscout');
    await title.waitFor();
    expect(await title.isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation');
    const labels = await menu.getByRole('link').allInnerTexts();
    expect(labels).toEqual(['Search', 'Get Pro', 'Login', 'Settings', 'Help', 'Follow us']);
    const drawerWidth = await page
      .locator('.MuiDrawer-paper')
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(drawerWidth).toBe(350);
    await saveScreenshot(page, 'shell-menu-desktop');

    await menu.getByRole('link', { name: 'Help' }).click();
    await page.waitForURL('**/help');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Help');
    await context.close();
  });

  it('uses a 300 px menu and Portuguese on a Portuguese phone', async () => {
    const { context, page } = await newPage(browser, {
      baseURL: server.url,
      viewport: 'phone',
      locale: 'pt-BR',
    });
    await page.goto('/try');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const labels = await page.getByRole('navigation').getByRole('link').allInnerTexts();
    expect(labels).toEqual(['Pesquisar', 'Seja Pro', 'Entrar', 'Configurações', 'Ajuda', 'Siga-nos']);
    const drawerWidth = await page
      .locator('.MuiDrawer-paper')
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(drawerWidth).toBe(300);
    await saveScreenshot(page, 'shell-menu-phone');
    await context.close();
  });
});

describe("the web app's own files in a browser", () => {
  it('loads the app compressed, its hashed scripts cached for a year and the page revalidated', async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto('/settings');
    await page.getByRole('banner').getByText('Tagscout').waitFor();

    const document = responses.find((response) => response.request().resourceType() === 'document');
    expect(document?.headers()['cache-control']).toBe('no-cache');
    const scripts = responses.filter((response) => new URL(response.url()).pathname.startsWith('/assets/'));
    expect(scripts.length).toBeGreaterThan(10);
    for (const script of scripts) {
      const headers = await script.allHeaders();
      expect(headers['cache-control'], script.url()).toBe('public, max-age=31536000, immutable');
      // Files under 1 KiB are sent as they are (vite-precompress.ts).
      if ((await script.body()).length < 1024) continue;
      expect(headers['content-encoding'], script.url()).toBe('br');
    }
    await context.close();
  });

  it('says a screen whose file the server refused could not be loaded, and Try again shows it', async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    await page.route('**/assets/login-page-*.js', (route) => route.fulfill({ status: 503, body: 'busy' }), {
      times: 1,
    });
    await page.goto('/settings');
    await page.getByRole('banner').getByText('Tagscout').waitFor();
    // Gone if the page reloads.
    await page.evaluate(() => Object.assign(window, { loadedOnce: true }));

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Login' }).click();
    await page.getByRole('alert').getByText('This screen could not be loaded').waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();

    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => 'loadedOnce' in window)).toBe(true);
    await context.close();
  });
});
