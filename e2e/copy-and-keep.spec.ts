import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  type RunningServer,
  readEmailCode,
  saveScreenshot,
  startSeededServer,
  useOwnClientIp,
} from './fixtures';

type Size = 'desktop' | 'phone';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const SIZES: Size[] = ['desktop', 'phone'];
const PASSWORD = 'Keep-The-List-42';

/** Issue 17: copy for a network, never lose the work, and the audit's fixes; one seeded server for all. */
describe('copy for a network and keeping the work', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // The outbox: the sign-up test reads its emailed code.
    [server, browser] = await Promise.all([
      startSeededServer({ env: { EXPOSE_OUTBOX: 'true' } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openTry(viewport: Size): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await newPage(browser, { baseURL: server.url, viewport });
    await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await opened.context.addInitScript(
      (id) => localStorage.getItem('uuID') ?? localStorage.setItem('uuID', id),
      randomUUID(),
    );
    await opened.page.goto('/try');
    return opened;
  }

  // One viewport per flow: the phone's footer and panes are search.spec.ts's phone test.
  const size: Size = 'desktop';

  it('copies 5 of 8 for Instagram, says so before and after, and picks the best 5', async () => {
    const { context, page } = await openTry(size);
    const added = await addResults(page, 'travel', 8);
    await showExport(page, size);
    expect(await page.getByTestId('copy-for').inputValue()).toBe('instagram');
    const warning = page.getByTestId('cap-warning');
    expect(await warning.textContent()).toContain(
      'Instagram takes 5 hashtags a post and 8 are selected: only the first 5 would be copied.',
    );
    const copy = page.getByRole('button', { name: 'Copy 5 of 8 for Instagram' });
    await copy.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `export-cap-warning-${size}`);
    await copy.click();
    await page.getByText('Copied 5 of 8 for Instagram', { exact: true }).waitFor();
    // The 5 hashtags it names and nothing else: no credit line in a copy for a network (decision 026).
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split(' ')).toEqual(added.slice(0, 5).map((name) => `#${name}`));

    await warning.getByRole('button', { name: 'Pick the best 5' }).click();
    await page.getByRole('button', { name: 'Copy 5 hashtags for Instagram' }).waitFor();
    expect(await warning.count()).toBe(0);
    expect(await page.getByTestId('selected-count').textContent()).toBe('5 of 8 selected');

    // Other: no network limit, so everything selected goes (the free limit is 29), with the credit line.
    await page.getByLabel('Copy for').click();
    await page.getByRole('option', { name: 'Other (no cap)' }).click();
    await page.getByRole('button', { name: 'Copy 5 hashtags + Tagscout credit', exact: true }).waitFor();
    await context.close();
  });

  it("keeps a visitor's list, filters and search over a reload and an offline blip", async () => {
    const { context, page } = await openTry(size);
    const added = await addResults(page, 'coffee', 3);
    await showExport(page, size);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Min posts').fill('1000');
    const selected = await selectedTags(page);

    await page.reload();
    await showExport(page, size);
    expect(await exportList(page)).toEqual(added);
    expect(await selectedTags(page)).toEqual(selected);
    await page.getByRole('button', { name: 'Filters' }).click();
    expect(await page.getByLabel('Min posts').inputValue()).toBe('1,000');
    expect(await page.getByRole('textbox', { name: 'Search text' }).inputValue()).toBe('coffee');

    // Offline in the middle of a search: a banner, the same screen, and the search resumes.
    await context.setOffline(true);
    const banner = page.getByTestId('connection-banner');
    await banner.getByText('Offline, retrying').waitFor();
    const box = page.getByRole('textbox', { name: 'Search text' });
    await box.fill('food');
    // The search waits for the connection: the screen stays and says so, and it runs once online.
    await box.press('Enter');
    await page.getByText('You are offline: the search runs when the connection is back.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/try');
    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
    await page.getByTestId('result-row').getByRole('link', { name: '#food', exact: true }).waitFor();
    await showExport(page, size);
    expect(await exportList(page)).toEqual(added);
    await context.close();
  });
  it("keeps a visitor's list and Copy for choice through signing up, and the account keeps the choice", async () => {
    const { context, page } = await openTry(size);
    await useOwnClientIp(context);
    const added = await addResults(page, 'sunset', 4);
    await showExport(page, size);
    await page.getByLabel('Copy for').click();
    await page.getByRole('option', { name: 'Threads' }).click();
    await page.getByRole('button', { name: 'Copy 1 of 4 for Threads' }).waitFor();

    // Account setup, as from the sign-up email's link: a new page load, the password, the emailed code.
    const email = `keeper-${size}-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(`/newaccount?email=${encodeURIComponent(email)}`);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Repeat password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    const codeField = page.getByLabel('Verification code');
    await codeField.waitFor();
    const { code } = await readEmailCode(server, email);
    // Pasted as the email shows it: the field keeps the digits.
    await codeField.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    expect(await codeField.inputValue()).toBe(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const verified = page.getByRole('dialog', { name: 'Account verified' });
    await verified.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL('**/tags');

    await showExport(page, size);
    expect(await exportList(page)).toEqual(added);
    expect(await page.getByTestId('copy-for').inputValue()).toBe('threads');
    await saveScreenshot(page, `signed-up-keeps-list-${size}`);

    // Another browser, signed in to the same account: Copy for is Threads there too.
    const other = await newPage(browser, { baseURL: server.url, viewport: size });
    await useOwnClientIp(other.context);
    await other.page.goto('/login');
    await other.page.getByLabel('Email').fill(email);
    await other.page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await other.page.getByRole('button', { name: 'Sign in' }).click();
    await other.page.waitForURL('**/tags');
    await addResults(other.page, 'coffee', 1);
    await showExport(other.page, size);
    await expect.poll(() => other.page.getByTestId('copy-for').inputValue()).toBe('threads');
    // Changed there, it follows the account back.
    await other.page.getByLabel('Copy for').click();
    await other.page.getByRole('option', { name: 'YouTube' }).click();
    await expect
      .poll(() =>
        other.page.evaluate(() => fetch('/api/account/settings').then((response) => response.json())),
      )
      .toEqual({ copyNetwork: 'youtube' });
    await other.context.close();
    await context.close();
  });

  // Layout: where the notice sits against Add and Copy differs by viewport. What Accept and Decline
  // store and send is the web test cookie-notice.test.tsx.
  for (const viewport of SIZES) {
    it(`keeps the cookie notice off Copy and Add (${viewport})`, async () => {
      const { context, page } = await newPage(browser, {
        baseURL: server.url,
        viewport,
        storage: { firstTimeUser: 'false', showGuide: 'false' },
      });
      await page.goto('/try');
      const notice = page.getByRole('region', { name: 'Cookies' });
      await notice.waitFor();
      await addResults(page, 'sunset', 1);
      const noticeBox = (await notice.boundingBox())!;
      const addBox = (await page
        .getByRole('button', { name: /^Add #/ })
        .first()
        .boundingBox())!;
      expect(overlaps(noticeBox, addBox)).toBe(false);
      await showExport(page, viewport);
      const copyBox = (await page.getByRole('button', { name: /^Copy 1 hashtag/ }).boundingBox())!;
      expect(overlaps(noticeBox, copyBox)).toBe(false);
      await saveScreenshot(page, `cookie-notice-export-${viewport}`);
      await context.close();
    });
  }
});

async function addResults(page: Page, text: string, count: number): Promise<string[]> {
  const box = page.getByRole('textbox', { name: 'Search text' });
  await box.fill(text);
  await box.press('Enter');
  await page
    .getByTestId('result-row')
    .nth(count - 1)
    .waitFor();
  const names = (await page.getByTestId('result-row').getByRole('link').allTextContents()).slice(0, count);
  for (const name of names) {
    await page
      .getByRole('button', { name: `Add ${name} to the export list`, exact: true })
      .first()
      .click();
  }
  return names.map((name) => name.slice(1));
}

async function showExport(page: Page, size: Size) {
  if (size === 'phone') {
    await page
      .getByRole('navigation', { name: 'Find or export' })
      .getByRole('button', { name: /Export/ })
      .click();
  }
  await page.getByRole('list', { name: 'Export list' }).waitFor();
}

async function exportList(page: Page): Promise<string[]> {
  const boxes = page.getByRole('list', { name: 'Export list' }).getByRole('checkbox');
  return (
    await boxes.evaluateAll((inputs) => inputs.map((input) => input.getAttribute('aria-label') ?? ''))
  ).map((name) => name.slice(1));
}

async function selectedTags(page: Page): Promise<string[]> {
  const boxes = page.getByRole('list', { name: 'Export list' }).getByRole('checkbox');
  const states = await boxes.evaluateAll((inputs) =>
    inputs.map(
      (input) => [input.getAttribute('aria-label') ?? '', (input as HTMLInputElement).checked] as const,
    ),
  );
  return states.filter(([, checked]) => checked).map(([name]) => name.slice(1));
}
