import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceServerClock,
  launchBrowser,
  newVisitor,
  outboxIds,
  type RunningServer,
  readEmailCode,
  readMenu,
  saveScreenshot,
  startAccountsServer,
  viewports,
  waitForStillScreen,
} from './fixtures';

const PASSWORD = 'Violet-Harbor-58q';
const ALL_RULES = ['length', 'lowercase', 'uppercase', 'digit', 'special', 'notGuessable', 'match'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SIGNED_OUT_MENU = ['Search', 'Get Pro', 'Login', 'Settings', 'Help', 'Follow us'];

describe('accounts in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  // The account of the first test, whose password is then forgotten.
  const ana = { email: 'ana@example.com' };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startAccountsServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A new visitor: own browser context, own (simulated) address. */
  async function visitor(viewport: keyof typeof viewports = 'desktop') {
    return newVisitor(browser, { baseURL: server.url, viewport });
  }

  it('sets up an account with the checklist and the emailed code, signs in, and signs out everywhere', async () => {
    const a = await visitor();
    await a.page.goto(`/newaccount?email=${encodeURIComponent(ana.email)}&cbid=cb_e2e_1`);
    const submit = a.page.getByRole('button', { name: 'Create account' });
    await a.page.getByRole('textbox', { name: 'Password', exact: true }).fill('tagscout');
    expect(await metRules(a.page)).toEqual(['lowercase']);
    expect(await submit.isDisabled()).toBe(true);
    await a.page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await a.page.getByRole('textbox', { name: 'Repeat password', exact: true }).fill(`${PASSWORD}x`);
    expect(await metRules(a.page)).toEqual(ALL_RULES.slice(0, 6));
    expect(await submit.isDisabled()).toBe(true);
    await a.page.getByRole('textbox', { name: 'Repeat password', exact: true }).fill(PASSWORD);
    expect(await metRules(a.page)).toEqual(ALL_RULES);
    await snap(a.page, 'accounts-newaccount-desktop');
    await submit.click();

    const codeField = a.page.getByLabel('Verification code');
    await codeField.waitFor();
    const { code } = await readEmailCode(server, ana.email);
    await codeField.fill(code);
    await a.page.getByRole('button', { name: 'Verify', exact: true }).click();
    const verified = a.page.getByRole('dialog', { name: 'Account verified' });
    await verified.getByText('you have verified your account successfully').waitFor();
    await verified.getByRole('button', { name: 'Close' }).click();
    await a.page.waitForURL('**/tags');
    expect(await readMenu(a.page)).toContain('Logout');
    expect(await a.page.evaluate(() => localStorage.getItem('uuID'))).toMatch(UUID);

    // A second browser signs in to the same account.
    const b = await visitor();
    await b.page.goto('/login');
    await b.page.getByLabel('Email').fill(ana.email);
    await b.page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong#password1');
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.getByText('Incorrect username or password').waitFor();
    await snap(b.page, 'accounts-login-desktop');
    await b.page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.waitForURL('**/tags');
    expect(await readMenu(b.page)).toContain('Logout');

    // Signing out in the first browser ends the second browser's session too, and leaves nothing of
    // the account's on the device (a caption being checked in "Check my tags", for one).
    await a.page.evaluate(() => sessionStorage.setItem('checkTagsDraft', 'Sunset walk #travel'));
    await a.page.goto('/logout');
    await a.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await a.page.waitForURL('**/try');
    expect(await readMenu(a.page)).toEqual(SIGNED_OUT_MENU);
    expect(await a.page.evaluate(() => sessionStorage.getItem('checkTagsDraft'))).toBeNull();

    await b.page.reload();
    await b.page.waitForURL('**/try');
    expect(await readMenu(b.page)).toEqual(SIGNED_OUT_MENU);
    const me = await b.page.evaluate(() => fetch('/api/account/me').then((response) => response.json()));
    expect(me.user).toBeNull();
    await a.context.close();
    await b.context.close();
  });

  it('starts an anonymous trial with "no thanks" and keeps it across a reload', async () => {
    const { context, page } = await visitor();
    await page.goto('/try');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Open menu' }).getByRole('link', { name: 'Get Pro' }).click();
    await page.waitForURL('**/upgrade');

    // The upgrade screen opens the trial sign-up by itself for an unregistered visitor.
    const signup = page.getByRole('dialog', { name: 'Try Tagscout Pro free' });
    await signup.waitFor();
    await signup.getByRole('button', { name: 'No thanks, try it without an email' }).click();
    await page.waitForURL('**/tags');
    expect(await page.evaluate(() => localStorage.getItem('uuID'))).toMatch(UUID);
    expect(await readMenu(page)).toEqual([
      'Search',
      'Collections',
      'Upgrade',
      'Login',
      'Settings',
      'Help',
      'Follow us',
    ]);

    // The server holds the trial; the start of the next visit asks to register the email.
    await page.reload();
    const registration = page.getByRole('dialog', { name: 'Keep your Pro trial' });
    await registration.waitFor();
    expect(await registration.textContent()).toContain('3 days left in your trial');
    await registration.getByRole('button', { name: 'Not now' }).click();
    await registration.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/tags');

    // Already in the anonymous trial, "no thanks" only closes the sign-up.
    await page.goto('/upgrade');
    await signup.waitFor();
    await signup.getByRole('button', { name: 'No thanks, try it without an email' }).click();
    await signup.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/upgrade');
    await context.close();
  });

  // Issue 36: a +address is the account's as typed, and its code goes there.
  it('starts an email trial for a +address: the email, then the code emailed to that address', async () => {
    const email = 'bea+trial@example.com';
    const { context, page } = await visitor();
    await page.goto('/upgrade');
    const signup = page.getByRole('dialog');
    await signup.getByText('free for 7 days').waitFor();
    await signup.getByLabel('Email').fill(email);
    await snap(page, 'accounts-trial-signup-desktop');
    await signup.getByRole('button', { name: 'Start free trial' }).click();

    await signup.getByRole('heading', { name: 'Check your email' }).waitFor();
    await snap(page, 'accounts-trial-code-desktop');

    const { code } = await readEmailCode(server, email);
    await signup.getByLabel('Verification code').fill(code);
    await signup.getByRole('button', { name: 'Verify and start' }).click();
    await page.waitForURL('**/tags');
    // The trial starts where the guide asks for a word: the search box has the focus, not the page.
    await page.locator('[data-tour="search-input"] input:focus').waitFor({ timeout: 10_000 });
    // Once: the history entry no longer asks for it, so a reload or Back here does not take the focus.
    await expect.poll(() => page.evaluate(() => history.state?.usr ?? null)).toBeNull();
    expect(await readMenu(page)).toEqual([
      'Search',
      'Collections',
      'Your posts',
      'Account',
      'Logout',
      'Upgrade',
      'Settings',
      'Help',
      'Follow us',
    ]);
    await page.goto('/account');
    await page.getByText(email, { exact: true }).waitFor();
    await context.close();
  });

  it('keeps the collection of an anonymous trial that registers its email', async () => {
    const email = 'cleo@example.com';
    const { context, page } = await visitor('phone');
    await page.goto('/upgrade');
    const signup = page.getByRole('dialog', { name: 'Try Tagscout Pro free' });
    await signup.getByRole('button', { name: 'No thanks, try it without an email' }).click();
    await page.waitForURL('**/tags');
    const saved = await page.request.post('/api/topics', {
      data: { title: 'Beach day', export: ['beach', 'sunset'] },
      headers: { origin: server.url },
    });
    expect(saved.status()).toBe(201);

    // The next visit asks to register the email "so your collections stay yours".
    await page.reload();
    const registration = page.getByRole('dialog', { name: 'Keep your Pro trial' });
    await registration.getByRole('button', { name: 'Register' }).click();
    const emailStep = page.getByRole('dialog');
    await emailStep.getByLabel('Email').fill(email);
    await emailStep.getByRole('button', { name: 'Start free trial' }).click();
    await emailStep.getByRole('heading', { name: 'Check your email' }).waitFor();
    const { code } = await readEmailCode(server, email);
    await emailStep.getByLabel('Verification code').fill(code);
    await emailStep.getByRole('button', { name: 'Verify and start' }).click();
    await page.waitForURL('**/tags');
    expect(await readMenu(page)).toContain('Logout');

    await page.goto('/collections');
    await page.getByTestId('collection-row').filter({ hasText: 'Beach day' }).waitFor();
    await snap(page, 'accounts-registered-collections-phone');
    await context.close();
  });

  it('resets a forgotten password with the emailed code', async () => {
    // The server sends one code per address per minute (a fixed window): its clock moves to the next.
    await advanceServerClock(server, 60_000);
    const { context, page } = await visitor();
    await page.goto('/login');
    await page.getByLabel('Email').fill(ana.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(ana.email);
    const seen = await outboxIds(server, ana.email);
    await page.getByRole('button', { name: 'Reset password' }).click();

    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const { code } = await readEmailCode(server, ana.email, seen);
    const newPassword = 'Quiet-Meadow-73z';
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Repeat password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Your password was changed. Sign in with your new password.').waitFor();

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/tags');
    expect(await readMenu(page)).toContain('Logout');
    await context.close();
  });

  // Issue 32 §8: the account page, and signing in elsewhere without a password.
  it('gives an email-trial account its page: signing in elsewhere and a password by emailed code', async () => {
    const email = 'dora@example.com';
    await advanceServerClock(server, 60_000);
    const { context, page } = await visitor();
    await page.goto('/upgrade');
    const signup = page.getByRole('dialog');
    await signup.getByLabel('Email').fill(email);
    await signup.getByRole('button', { name: 'Start free trial' }).click();
    await signup.getByRole('heading', { name: 'Check your email' }).waitFor();
    await signup.getByLabel('Verification code').fill((await readEmailCode(server, email)).code);
    await signup.getByRole('button', { name: 'Verify and start' }).click();
    await page.waitForURL('**/tags');

    // Elsewhere, the account has no password: the sign-in offers the emailed code.
    await advanceServerClock(server, 60_000);
    const elsewhere = await visitor();
    await elsewhere.page.goto('/login');
    await elsewhere.page.getByLabel('Email').fill(email);
    await elsewhere.page.getByRole('textbox', { name: 'Password', exact: true }).fill('A-Guess-1234');
    await elsewhere.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = elsewhere.page.getByRole('alert');
    await alert.getByText('Incorrect username or password').waitFor();
    let seen = await outboxIds(server, email);
    await alert.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await elsewhere.page.getByRole('heading', { name: 'Sign in with a code' }).waitFor();
    await elsewhere.page
      .getByLabel('Verification code')
      .fill((await readEmailCode(server, email, seen)).code);
    await elsewhere.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await elsewhere.page.waitForURL('**/tags');
    await elsewhere.context.close();

    // The account page, from the menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByText('Your account has no password').waitFor();
    await snap(page, 'accounts-account-page-desktop');

    await advanceServerClock(server, 60_000);
    seen = await outboxIds(server, email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByLabel('Verification code').fill((await readEmailCode(server, email, seen)).code);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Repeat password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password is set.').waitFor();
    await page.getByRole('textbox', { name: 'Current password', exact: true }).waitFor();

    // The same page, now with a password, whole on a phone.
    await page.setViewportSize(viewports.phone);
    await page.getByRole('button', { name: 'Change password' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'accounts-account-page-phone');
    await context.close();
  });

  it('shows the sign-in and account-setup screens whole on a phone', async () => {
    const { context, page } = await visitor('phone');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'accounts-login-phone');

    await page.goto('/newaccount?email=dee%40example.com&cbid=cb_e2e_2');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Tagscout1');
    expect(await metRules(page)).toEqual(['length', 'lowercase', 'uppercase', 'digit']);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'accounts-newaccount-phone');

    await page.goto('/newaccount');
    await page.getByRole('heading', { name: "You shouldn't be here." }).waitFor();
    await context.close();
  });
});

/** The password rules the checklist shows as met. */
async function metRules(page: Page): Promise<string[]> {
  return page
    .locator('[data-rule]')
    .evaluateAll((items) =>
      items
        .filter((item) => item.textContent?.includes('(done)'))
        .map((item) => item.getAttribute('data-rule') ?? ''),
    );
}

/** A screenshot once transitions (dialog fades, label moves, button colours) have finished. */
async function snap(page: Page, name: string): Promise<void> {
  await waitForStillScreen(page);
  await saveScreenshot(page, name);
}

/** Nothing sticks out sideways. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}
