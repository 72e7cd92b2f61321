import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ServedCall, serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { restartApp } from '../../shell/restart-app';
import { useSession } from '../../shell/session-store';
import { type TestGroup, testMe, testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { useExportList } from '../export/export-store';
import { AccountPage } from './account-page';

// A web worker runs several files in turn: without the reset, an account page another file loaded
// without this mock may be reused here, with the real restartApp (vitest-dev/vitest#11284).
vi.hoisted(() => vi.resetModules());
// A deleted account leaves by reloading the app, which jsdom cannot do.
vi.mock('../../shell/restart-app', () => ({ restartApp: vi.fn() }));

const CHECK_EMAIL = {
  status: 'check_email',
  message: "If the address can receive mail, we've sent a 6-digit code to it.",
};
const STRONG = 'Saltmarsh-Quokka-71';
const RENEWS_AT = Date.UTC(2026, 11, 1);

function meOf(group: TestGroup, changes: { hasPassword?: boolean; email?: string } = {}) {
  const me = testMe(group);
  return { ...me, user: { ...me.user, ...changes } };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AccountPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const bodiesOf = (calls: ServedCall[], route: string) =>
  calls
    .filter((call) => `${call.method} ${new URL(call.url, 'http://app.test').pathname}` === route)
    .map((call) => call.body);

/** Issue 32 §8: the account page (reached from the menu and Settings). */
describe('the account page', () => {
  beforeEach(() => {
    vi.mocked(restartApp).mockClear();
  });
  afterEach(async () => {
    resetApp();
    await i18n.changeLanguage('en');
  });

  it('sets a first password on an email-trial account with an emailed code, checking the common-word rule', async () => {
    useSession.setState(testSession('emailTrial'));
    const calls = serveFakeApi({
      'GET /api/account/me': { body: meOf('emailTrial', { hasPassword: false }) },
      'POST /api/account/send-code': { status: 202, body: CHECK_EMAIL },
      'POST /api/account/set-password': { body: meOf('emailTrial', { hasPassword: true }) },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your account', level: 1 })).toBeTruthy();
    expect(
      await screen.findByText(/Your account has no password: you sign in with a code we email you/),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();

    fireEvent.click(button('Email me a code'));
    await screen.findByLabelText(/^Verification code/, { selector: 'input' });
    expect(bodiesOf(calls, 'POST /api/account/send-code')).toEqual([{ purpose: 'set-password' }]);
    type(/^Verification code/, '123456');
    type(/^New password/, 'My-Tagscout-2026');
    type(/^Repeat password/, 'My-Tagscout-2026');
    const rule = screen.getByText(/Not a common password or an easy word/);
    expect(rule.closest('li')?.textContent).toContain('(not yet)');
    expect(button('Set password').disabled).toBe(true);

    type(/^New password/, STRONG);
    type(/^Repeat password/, STRONG);
    await waitFor(() => expect(button('Set password').disabled).toBe(false));
    fireEvent.click(button('Set password'));
    expect(await screen.findByText('Your password is set. Your other devices were signed out.')).toBeTruthy();
    expect(bodiesOf(calls, 'POST /api/account/set-password')).toEqual([
      { code: '123456', password: STRONG, passwordConfirm: STRONG },
    ]);
  });

  it('changes the password with the current one, and says in Portuguese when the current one is wrong', async () => {
    useSession.setState(testSession('CBcustomer'));
    let isWrong = true;
    const calls = serveFakeApi({
      'GET /api/account/me': { body: meOf('CBcustomer') },
      'POST /api/account/change-password': () =>
        isWrong
          ? {
              status: 400,
              body: {
                error: { code: 'wrong_password', message: 'The current password you entered is not right.' },
              },
            }
          : { body: meOf('CBcustomer') },
    });
    await i18n.changeLanguage('pt');
    renderPage();
    await screen.findByRole('heading', { name: 'Sua conta', level: 1 });
    type(/^Senha atual/, 'Not-It-1');
    type(/^Nova senha/, STRONG);
    type(/^Repita a senha/, STRONG);
    await waitFor(() => expect(button('Alterar senha').disabled).toBe(false));
    fireEvent.click(button('Alterar senha'));
    expect(await screen.findByText('A senha atual que você digitou não está certa.')).toBeTruthy();

    await i18n.changeLanguage('en');
    isWrong = false;
    type(/^Current password/, 'Correct-Horse-9-Battery');
    fireEvent.click(button('Change password'));
    expect(
      await screen.findByText('Your password was changed. Your other devices were signed out.'),
    ).toBeTruthy();
    expect(bodiesOf(calls, 'POST /api/account/change-password').at(-1)).toEqual({
      currentPassword: 'Correct-Horse-9-Battery',
      password: STRONG,
      passwordConfirm: STRONG,
    });
  });

  it('changes the email address with a code sent to the new one', async () => {
    useSession.setState(testSession('CBcustomer'));
    const calls = serveFakeApi({
      'GET /api/account/me': { body: meOf('CBcustomer') },
      'POST /api/account/change-email/code': { status: 202, body: CHECK_EMAIL },
      'POST /api/account/change-email': { body: meOf('CBcustomer', { email: 'new@example.com' }) },
    });
    renderPage();
    expect(await screen.findByText('CBcustomer@example.com')).toBeTruthy();
    fireEvent.click(button('Change email'));
    const form = screen.getByRole('form', { name: 'Change email' });
    fireEvent.change(within(form).getByLabelText(/^New email address/, { selector: 'input' }), {
      target: { value: 'new@example.com' },
    });
    fireEvent.change(within(form).getByLabelText(/^Current password/, { selector: 'input' }), {
      target: { value: 'Correct-Horse-9-Battery' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send a code' }));
    expect(await screen.findByText(/We sent a 6-digit code to/)).toBeTruthy();
    type(/^Verification code/, '654321');
    fireEvent.click(
      within(screen.getByRole('form', { name: 'Change email' })).getByRole('button', {
        name: 'Change email',
      }),
    );
    expect(await screen.findByText('Your account now uses new@example.com.')).toBeTruthy();
    expect(bodiesOf(calls, 'POST /api/account/change-email/code')).toEqual([
      { email: 'new@example.com', currentPassword: 'Correct-Horse-9-Battery' },
    ]);
    expect(bodiesOf(calls, 'POST /api/account/change-email')).toEqual([
      { email: 'new@example.com', code: '654321' },
    ]);
  });

  it('downloads my data as a JSON file', async () => {
    useSession.setState(testSession('CBcustomer'));
    const data = {
      format: 'tagscout-account-data',
      version: 1,
      exportedAt: '2026-06-01T12:00:00.000Z',
      userId: 'user-CBcustomer',
      data: { account: {} },
    };
    const calls = serveFakeApi({
      'GET /api/account/me': { body: meOf('CBcustomer') },
      'GET /api/account/data': { body: data },
    });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:tagscout-data');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('tagscout-data-2026-06-01.json');
    expect(clicked[0]?.href).toBe('blob:tagscout-data');
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(JSON.parse(await blob.text())).toEqual(data);
    expect(bodiesOf(calls, 'GET /api/account/data')).toHaveLength(1);
    click.mockRestore();
  });

  it('names the App Store subscription before deleting, and deletes only with the password and the word that it keeps running', async () => {
    useSession.setState(testSession('CBcustomer'));
    const calls = serveFakeApi({
      'GET /api/account/me': { body: meOf('CBcustomer') },
      'GET /api/account/deletion': {
        body: {
          proof: 'password',
          activeSubscriptions: [{ store: 'app-store', product: 'Tagscout Pro Monthly', renewsAt: RENEWS_AT }],
        },
      },
      'POST /api/account/delete': { body: { ...testMe('free'), user: null } },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(await within(dialog).findByText(/Tagscout Pro Monthly \(App Store\)/)).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain(
      'Deleting your account does not cancel them',
    );
    const confirm = () =>
      within(dialog).getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
    expect(confirm().disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/^Password/, { selector: 'input' }), {
      target: { value: 'Correct-Horse-9-Battery' },
    });
    expect(confirm().disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /keeps charging until I cancel it/ }));
    expect(confirm().disabled).toBe(false);
    fireEvent.click(confirm());
    await waitFor(() => expect(restartApp).toHaveBeenCalledOnce());
    expect(bodiesOf(calls, 'POST /api/account/delete')).toEqual([
      { password: 'Correct-Horse-9-Battery', keepsSubscriptions: true },
    ]);
  });

  it('lets the delete dialog be tried again or closed when the server refuses to say what deleting needs', async () => {
    useSession.setState(testSession('emailTrial'));
    let isLimited = true;
    serveFakeApi({
      'GET /api/account/me': { body: meOf('emailTrial') },
      'GET /api/account/deletion': () =>
        isLimited
          ? {
              status: 429,
              headers: { 'retry-after': '54' },
              body: {
                error: { code: 'rate_limited', message: 'Too many requests. Try again in 54 seconds.' },
              },
            }
          : { body: { proof: 'password', activeSubscriptions: [] } },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await within(dialog).findByRole('alert');
    isLimited = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByLabelText(/^Password/, { selector: 'input' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes an account with its password alone when nothing keeps charging', async () => {
    useSession.setState(testSession('emailTrial'));
    const calls = serveFakeApi({
      'GET /api/account/me': { body: meOf('emailTrial') },
      'GET /api/account/deletion': { body: { proof: 'password', activeSubscriptions: [] } },
      'POST /api/account/delete': { body: { ...testMe('free'), user: null } },
    });
    // What the device kept of the account for a reload goes with it.
    useExportList.getState().add({ hashtag: 'travel', count: 1000 });
    sessionStorage.setItem('checkTagsDraft', 'Sunset walk #travel');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const password = await within(dialog).findByLabelText(/^Password/, { selector: 'input' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    const confirm = () =>
      within(dialog).getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
    expect(confirm().disabled).toBe(true);
    fireEvent.change(password, { target: { value: STRONG } });
    expect(confirm().disabled).toBe(false);
    fireEvent.click(confirm());
    await waitFor(() => expect(restartApp).toHaveBeenCalledOnce());
    expect(bodiesOf(calls, 'POST /api/account/delete')).toEqual([
      { password: STRONG, keepsSubscriptions: false },
    ]);
    expect(useExportList.getState().tags).toEqual([]);
    expect(sessionStorage.getItem('checkTagsDraft')).toBeNull();
  });

  it('deletes an account without a password with an emailed code', async () => {
    useSession.setState(testSession('emailTrial'));
    const calls = serveFakeApi({
      'GET /api/account/me': { body: meOf('emailTrial', { hasPassword: false }) },
      'GET /api/account/deletion': { body: { proof: 'code', activeSubscriptions: [] } },
      'POST /api/account/send-code': { status: 202, body: CHECK_EMAIL },
      'POST /api/account/delete': { body: { ...testMe('free'), user: null } },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Email me a code' }));
    const code = await within(dialog).findByLabelText(/^Verification code/, { selector: 'input' });
    fireEvent.change(code, { target: { value: '246810' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(restartApp).toHaveBeenCalledOnce());
    expect(bodiesOf(calls, 'POST /api/account/send-code')).toEqual([{ purpose: 'delete-account' }]);
    expect(bodiesOf(calls, 'POST /api/account/delete')).toEqual([
      { code: '246810', keepsSubscriptions: false },
    ]);
  });
});
