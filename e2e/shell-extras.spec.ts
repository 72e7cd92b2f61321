import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newVisitor,
  RETURNING_VISITOR,
  type RunningServer,
  readDeviceId,
  readEmailCode,
  readMenu,
  saveScreenshot,
  startAccountsServer,
  type viewports,
  waitForStillScreen,
} from './fixtures';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'Amber-Lantern-47k';
const ADMIN_EMAIL = 'shell-admin@example.com';
/** A visitor who has seen the tutorial and turned the guide off, but not answered the cookie notice. */
const COOKIES_UNANSWERED = { firstTimeUser: 'false', showGuide: 'false' };

describe('shell extras in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startAccountsServer(), launchBrowser()]);
    await signUp(ADMIN_EMAIL);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(repoRoot, 'apps/server/dist/cli/grant-admin.js'), 'grant', ADMIN_EMAIL],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: server.databasePath } },
    );
    expect(stdout).toContain('is now an administrator');
    admin = await visitor();
    await signIn(admin.page, ADMIN_EMAIL);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function visitor(
    options: { viewport?: keyof typeof viewports; storage?: Record<string, string>; locale?: string } = {},
  ) {
    return newVisitor(browser, { baseURL: server.url, ...options });
  }

  const post = (path: string, body: object) =>
    fetch(`${server.url}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(body),
    });

  /** An account made through the API; its code comes from the dev outbox. */
  async function signUp(email: string) {
    expect(
      (await post('account/sign-up', { email, password: PASSWORD, passwordConfirm: PASSWORD })).status,
    ).toBe(202);
    const { code } = await readEmailCode(server, email);
    expect((await post('account/verify-email', { email, code })).status).toBe(200);
  }

  async function signIn(page: Page, email: string) {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
  }

  /** Calls the API from inside the page, with its cookies and origin. */
  async function pagePost(page: Page, path: string, body: object): Promise<number> {
    return page.evaluate(
      async ([url, payload]) =>
        (
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(payload),
          })
        ).status,
      [`/api/${path}`, body] as const,
    );
  }

  async function settle(page: Page) {
    await waitForStillScreen(page);
  }

  describe('the menu shows each group the entries its capabilities allow', () => {
    it('signed out (free)', async () => {
      const { context, page } = await visitor();
      await page.goto('/try');
      expect(await readMenu(page)).toEqual(['Search', 'Get Pro', 'Login', 'Settings', 'Help', 'Follow us']);
      await context.close();
    });

    it('anonymous trial (unRegTrial)', async () => {
      const { context, page } = await visitor();
      await page.goto('/try');
      const uuid = await readDeviceId(page);
      expect(await pagePost(page, 'trial/trialRegister', { uuid })).toBe(200);
      await page.goto('/tags');
      // The start of a visit in an anonymous trial asks to keep it with an email.
      await page
        .getByRole('dialog', { name: 'Keep your Pro trial' })
        .getByRole('button', { name: 'Not now' })
        .click();
      expect(await readMenu(page)).toEqual([
        'Search',
        'Collections',
        'Upgrade',
        'Login',
        'Settings',
        'Help',
        'Follow us',
      ]);
      await context.close();
    });

    it('email trial', async () => {
      const email = `trial-${randomUUID()}@example.com`;
      const { context, page } = await visitor();
      await page.goto('/try');
      const uuid = await readDeviceId(page);
      expect(await pagePost(page, 'trial/trialRegister', { uuid, email })).toBe(200);
      const { code } = await readEmailCode(server, email);
      expect(await pagePost(page, 'trial/verifyAccount', { email, code, uuid })).toBe(200);
      await page.goto('/tags');
      expect(await readMenu(page)).toEqual([
        'Search',
        'Collections',
        'Logout',
        'Upgrade',
        'Settings',
        'Help',
        'Follow us',
      ]);
      await context.close();
    });

    it('signed in without a trial or plan (free)', async () => {
      const email = `free-${randomUUID()}@example.com`;
      await signUp(email);
      const { context, page } = await visitor();
      await signIn(page, email);
      expect(await readMenu(page)).toEqual(['Search', 'Logout', 'Get Pro', 'Settings', 'Help', 'Follow us']);
      await context.close();
    });

    it('administrator', async () => {
      await admin.page.goto('/tags');
      expect(await readMenu(admin.page)).toEqual([
        'Search',
        'Collections',
        'Logout',
        'Prospecting',
        'Settings',
        'Help',
        'Follow us',
      ]);
    });
  });

  it('cookie notice: accept stores the acceptance; decline removes it and is remembered', async () => {
    const accepting = await visitor({ storage: COOKIES_UNANSWERED });
    await accepting.page.goto('/settings');
    const notice = accepting.page.getByRole('region', { name: 'Cookies' });
    await notice.waitFor();
    await settle(accepting.page);
    await saveScreenshot(accepting.page, 'shell-cookie-notice-desktop');
    await notice.getByRole('button', { name: 'Accept' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await accepting.page.evaluate(() => localStorage.getItem('hasAcceptedCookies'))).toBe('true');
    await accepting.page.reload();
    await accepting.page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await notice.count()).toBe(0);
    await accepting.context.close();

    const declining = await visitor({ storage: COOKIES_UNANSWERED });
    await declining.page.goto('/help');
    const asked = declining.page.getByRole('region', { name: 'Cookies' });
    await asked.waitFor();
    await declining.page.getByRole('button', { name: 'Open menu' }).click();
    await declining.page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
    await declining.page.waitForURL('**/settings');
    await asked.getByRole('button', { name: 'Decline' }).click();
    await asked.waitFor({ state: 'detached' });
    expect(new URL(declining.page.url()).pathname).toBe('/settings');
    expect(await declining.page.evaluate(() => localStorage.getItem('hasAcceptedCookies'))).toBeNull();
    await declining.context.close();
    // Another browser (a new context) asks again.
    const again = await visitor({ storage: COOKIES_UNANSWERED });
    await again.page.goto('/settings');
    await again.page.getByRole('region', { name: 'Cookies' }).waitFor();
    await again.context.close();

    const phone = await visitor({ viewport: 'phone', storage: COOKIES_UNANSWERED });
    await phone.page.goto('/try');
    await phone.page.getByRole('region', { name: 'Cookies' }).waitFor();
    await settle(phone.page);
    await saveScreenshot(phone.page, 'shell-cookie-notice-phone');
    await phone.context.close();
  });

  it("lets an administrator change a network's copy cap, refusing a wrong number clearly", async () => {
    const publicCaps = async () =>
      ((await (await fetch(`${server.url}/api/appdata`)).json()) as { networkCaps: unknown }).networkCaps;
    await admin.page.goto('/admin/appdata');
    const caps = admin.page.getByRole('form', { name: 'Copy limits per network' });
    const instagram = caps.getByRole('textbox', { name: 'Hashtags a post on Instagram' });
    expect(await instagram.getAttribute('placeholder')).toBe('5');
    await instagram.fill('three');
    await caps.getByRole('button', { name: 'Save copy limits' }).click();
    expect(await caps.getByRole('alert').textContent()).toBe(
      'One number is not right: fix the highlighted field and save again.',
    );
    expect(await caps.getByText('A whole number, 0 to 100,000').isVisible()).toBe(true);
    await instagram.scrollIntoViewIfNeeded();
    await settle(admin.page);
    await saveScreenshot(admin.page, 'admin-network-caps-error-desktop');
    expect(await publicCaps()).toEqual({});

    await instagram.fill('3');
    await caps.getByRole('button', { name: 'Save copy limits' }).click();
    await caps.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await publicCaps()).toEqual({ instagram: { hashtagCap: 3 } });

    // A visitor with four tags selected now copies three for Instagram.
    const tags = ['sun', 'sea', 'sand', 'surf'];
    const shopper = await visitor({
      storage: {
        ...RETURNING_VISITOR,
        exportList: JSON.stringify({
          state: {
            tags: tags.map((hashtag) => ({ hashtag, count: 1000 })),
            selected: tags,
            applyFilter: false,
          },
          version: 1,
        }),
      },
    });
    await shopper.page.goto('/try');
    await shopper.page.getByRole('button', { name: 'Copy 3 of 4 for Instagram' }).waitFor();
    await shopper.context.close();

    const adminPhone = await visitor({ viewport: 'phone' });
    await signIn(adminPhone.page, ADMIN_EMAIL);
    await adminPhone.page.goto('/admin/appdata');
    const phoneCaps = adminPhone.page.getByRole('form', { name: 'Copy limits per network' });
    expect(await phoneCaps.getByRole('textbox', { name: 'Hashtags a post on Instagram' }).inputValue()).toBe(
      '3',
    );
    await phoneCaps.scrollIntoViewIfNeeded();
    await settle(adminPhone.page);
    await saveScreenshot(adminPhone.page, 'admin-network-caps-phone');
    await adminPhone.context.close();

    // Emptied, the field goes back to the rule in core.
    await instagram.fill('');
    await caps.getByRole('button', { name: 'Save copy limits' }).click();
    await caps.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await publicCaps()).toEqual({});
  });

  it('shows the outage banner and the live countdown to everyone once an administrator sets them', async () => {
    const { context, page } = await visitor();
    await page.goto('/try');
    await page.getByRole('textbox', { name: 'Search text' }).waitFor();
    expect(await page.getByRole('status', { name: 'Service notice' }).count()).toBe(0);

    await admin.page.goto('/help');
    await admin.page.getByRole('link', { name: 'App data and analytics' }).click();
    await admin.page.waitForURL('**/admin/appdata');
    const form = admin.page.getByRole('form', { name: 'App data' });
    await form.getByRole('switch', { name: 'Show the message' }).check();
    await form
      .getByRole('textbox', { name: 'Message in English' })
      .fill('Related tags are paused for maintenance.');
    await form
      .getByRole('textbox', { name: 'Message in Portuguese' })
      .fill('As hashtags relacionadas estão em manutenção.');
    await form.getByRole('button', { name: 'Save app data' }).click();
    await admin.page.getByText('App data saved').waitFor();
    const adminBanner = admin.page.getByRole('status', { name: 'Service notice' });
    await adminBanner.waitFor();
    await admin.page.evaluate(() => window.scrollTo(0, 0));
    await settle(admin.page);
    await saveScreenshot(admin.page, 'admin-appdata-desktop');

    // A visitor who opens the app now sees it (the public answer is cached for 15 s at most).
    const fresh = await visitor();
    await fresh.page.goto('/try');
    const banner = fresh.page.getByRole('status', { name: 'Service notice' });
    await banner.waitFor();
    expect(await banner.textContent()).toBe('Related tags are paused for maintenance.');
    await settle(fresh.page);
    await saveScreenshot(fresh.page, 'shell-outage-banner-desktop');

    const portuguese = await visitor({ viewport: 'phone', locale: 'pt-BR' });
    await portuguese.page.goto('/try');
    const aviso = portuguese.page.getByRole('status', { name: 'Aviso de serviço' });
    await aviso.waitFor();
    expect(await aviso.textContent()).toBe('As hashtags relacionadas estão em manutenção.');
    await settle(portuguese.page);
    await saveScreenshot(portuguese.page, 'shell-outage-banner-phone');

    const adminPhone = await visitor({ viewport: 'phone' });
    await signIn(adminPhone.page, ADMIN_EMAIL);
    await adminPhone.page.goto('/admin/appdata');
    await adminPhone.page.getByRole('form', { name: 'App data' }).waitFor();
    await settle(adminPhone.page);
    await saveScreenshot(adminPhone.page, 'admin-appdata-phone');

    // The live-event date is app data too: an hour and 5 minutes from now (to the minute: 4-5 minutes
    // of slack for a busy machine), the menu counts down to it.
    await admin.page.reload();
    const liveDate = await admin.page.evaluate(() => {
      const date = new Date(Date.now() + 3_600_000 + 5 * 60_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
    });
    await form.getByLabel('Live event date').fill(liveDate);
    await form.getByRole('button', { name: 'Save app data' }).click();
    await admin.page.getByText('App data saved').waitFor();
    const live = await visitor();
    await live.page.goto('/try');
    await live.page.getByRole('button', { name: 'Open menu' }).click();
    const joinLive = live.page.getByRole('navigation').getByRole('link', { name: /Join Live/ });
    expect(await joinLive.textContent()).toMatch(/Starts in 01:0\d:\d\d/);
    await live.context.close();

    // Switched off again for the other tests.
    await form.getByRole('switch', { name: 'Show the message' }).uncheck();
    await form.getByLabel('Live event date').fill('');
    await form.getByRole('button', { name: 'Save app data' }).click();
    await adminBanner.waitFor({ state: 'detached' });
    for (const opened of [{ context }, fresh, portuguese, adminPhone]) await opened.context.close();
  });

  it('switches the language in settings, and keeps it', async () => {
    const { context, page } = await visitor();
    await page.goto('/settings');
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Português' }).click();
    await page.getByRole('heading', { name: 'Configurações', level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('pt');
    await page.reload();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const labels = await page.getByRole('navigation').locator('.MuiListItemText-primary').allInnerTexts();
    expect(labels).toEqual(['Pesquisar', 'Seja Pro', 'Entrar', 'Configurações', 'Ajuda', 'Siga-nos']);
    await context.close();
  });

  it('shows the no-internet screen only when the app cannot start; going offline later keeps the screen', async () => {
    const { context, page } = await visitor();
    await context.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.goto('/settings');
    await page.waitForURL('**/noInternet');
    await page.getByRole('heading', { name: 'No internet connection' }).waitFor();
    await context.unroute('**/api/**');

    // Back online, Restart reloads the app from its start.
    await page.getByRole('button', { name: 'Restart' }).click();
    await page.waitForURL('**/try');

    await context.setOffline(true);
    await page.getByTestId('connection-banner').getByText('Offline, retrying').waitFor();
    expect(new URL(page.url()).pathname).toBe('/try');
    await settle(page);
    await saveScreenshot(page, 'shell-offline-banner-desktop');
    await context.setOffline(false);
    await page.getByTestId('connection-banner').waitFor({ state: 'detached' });
    await context.close();
  });

  it('help: videos, the info dialog, the tutorial advancing every 3500 ms, and beta feedback an admin reads', async () => {
    const { context, page } = await visitor();
    await page.clock.install();
    await page.goto('/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Getting started' }).getAttribute('href')).toMatch(/^https:/);
    expect(await page.getByRole('button', { name: 'Restart the guide' }).isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Restore purchase' }).getAttribute('href')).toBe(
      '/upgrade?restore=1',
    );
    await settle(page);
    await saveScreenshot(page, 'help-desktop');

    await page.getByRole('button', { name: 'About Tagscout' }).click();
    const info = page.getByRole('dialog', { name: 'About Tagscout' });
    const deviceId = await readDeviceId(page);
    expect(await info.textContent()).toContain('2.1.33');
    expect(await info.textContent()).toContain(deviceId);
    expect(await info.textContent()).toMatch(/© \d{4} Tagscout/);
    await info.getByRole('button', { name: 'Close' }).click();
    await info.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Watch the tutorial' }).click();
    const tutorial = page.getByRole('dialog', { name: 'Search hashtags' });
    await tutorial.waitFor();
    await page.clock.runFor(3500);
    await page.getByRole('dialog', { name: 'Search places' }).waitFor();
    for (const title of ['Build your list', 'Copy in one tap', 'Save collections']) {
      await page.clock.runFor(3500);
      await page.getByRole('dialog', { name: title }).waitFor();
    }
    await page.clock.runFor(3500);
    const last = page.getByRole('dialog', { name: "We'll show you around" });
    await last.waitFor();
    await last.getByRole('button', { name: 'Get started' }).click();
    await last.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Send feedback' }).click();
    const feedback = page.getByRole('dialog', { name: 'Send feedback' });
    const submit = feedback.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await feedback.getByRole('textbox', { name: 'Your feedback' }).fill('The related tags are great.');
    await submit.click();
    await feedback.waitFor({ state: 'detached' });

    await admin.page.goto('/admin/feedback');
    const row = admin.page.getByRole('table', { name: 'Beta feedback' }).getByRole('row').nth(1);
    await row.waitFor();
    expect(await row.textContent()).toContain('The related tags are great.');
    await context.close();

    const phone = await visitor({ viewport: 'phone' });
    await phone.page.goto('/help');
    await phone.page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    await settle(phone.page);
    await saveScreenshot(phone.page, 'help-phone');
    await phone.context.close();
  });

  it('counts events from the app by type and day on the admin analytics screen', async () => {
    // A first-time visitor: the tutorial opens by itself and accepting cookies is recorded.
    const { context, page } = await visitor({ storage: { showGuide: 'false' } });
    await page.goto('/try');
    await page.getByRole('dialog', { name: 'Search hashtags' }).waitFor();
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Accept' }).click();
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/events'));
    expect((await sent).status()).toBe(202);

    await admin.page.goto('/admin/analytics');
    const totals = admin.page.getByRole('table', { name: 'Totals by event type' });
    await totals.waitFor();
    const text = await totals.textContent();
    expect(text).toContain('tutorialViewed');
    expect(text).toContain('cookiesAccepted');
    await admin.page
      .getByRole('img', { name: /Events by type and day/ })
      .locator('.recharts-bar-rectangle')
      .first()
      .waitFor();
    await settle(admin.page);
    await saveScreenshot(admin.page, 'admin-analytics-desktop');

    const adminPhone = await visitor({ viewport: 'phone' });
    await signIn(adminPhone.page, ADMIN_EMAIL);
    await adminPhone.page.goto('/admin/analytics');
    await adminPhone.page.getByRole('table', { name: 'Totals by event type' }).waitFor();
    await settle(adminPhone.page);
    await saveScreenshot(adminPhone.page, 'admin-analytics-phone');
    await adminPhone.context.close();
    await context.close();
  });
});
