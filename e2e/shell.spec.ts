import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, saveScreenshot, startServer } from './fixtures';

describe('the app shell in a browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

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
