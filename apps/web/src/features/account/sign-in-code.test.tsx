import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServedCall, serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { testMe } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { renderLoginPage } from './test-login-page';

const CHECK_EMAIL = {
  status: 'check_email',
  message: "If the address can receive mail, we've sent a 6-digit code to it.",
};
const EMAIL = 'tina@example.com';

const bodiesOf = (calls: ServedCall[], route: string) =>
  calls
    .filter((call) => `${call.method} ${new URL(call.url, 'http://app.test').pathname}` === route)
    .map((call) => call.body);

/** Issue 32 §8: an email-trial account has no password; sign-in offers the emailed code. */
describe('signing in with an emailed code', () => {
  afterEach(resetApp);

  it('offers the emailed code beside "Incorrect username or password", and signs in with it', async () => {
    const me = {
      ...testMe('emailTrial'),
      user: { ...testMe('emailTrial').user, email: EMAIL, hasPassword: false },
    };
    const calls = serveFakeApi({
      'POST /api/account/sign-in': {
        status: 401,
        body: { error: { code: 'invalid_credentials', message: 'Incorrect username or password' } },
      },
      'POST /api/account/sign-in-code': { status: 202, body: CHECK_EMAIL },
      'POST /api/account/sign-in-with-code': { body: me },
    });
    const client = renderLoginPage();
    fireEvent.change(screen.getByLabelText(/^Email/, { selector: 'input' }), { target: { value: EMAIL } });
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), {
      target: { value: 'A-Guess-123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Incorrect username or password');
    expect(alert.textContent).toContain('has no password');

    fireEvent.click(within(alert).getByRole('button', { name: 'Email me a sign-in code' }));
    expect(await screen.findByRole('heading', { name: 'Sign in with a code' })).toBeTruthy();
    await waitFor(() =>
      expect(bodiesOf(calls, 'POST /api/account/sign-in-code')).toEqual([{ email: EMAIL }]),
    );
    fireEvent.change(await screen.findByLabelText(/^Verification code/, { selector: 'input' }), {
      target: { value: '135790' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(bodiesOf(calls, 'POST /api/account/sign-in-with-code')).toEqual([
      { email: EMAIL, code: '135790', session: 'cookie' },
    ]);
    expect(client.getQueryData(['me'])).toEqual(me);
  });

  it('offers the emailed code before any password is tried', async () => {
    const calls = serveFakeApi({ 'POST /api/account/sign-in-code': { status: 202, body: CHECK_EMAIL } });
    renderLoginPage();
    fireEvent.change(screen.getByLabelText(/^Email/, { selector: 'input' }), { target: { value: EMAIL } });
    fireEvent.click(screen.getByRole('button', { name: 'Use a code we email you' }));
    const send = await screen.findByRole('button', { name: 'Send the code' });
    // The address typed is kept, and its field has the focus to check or change it.
    const address = screen.getByLabelText(/^Email/, { selector: 'input' });
    expect(address).toHaveProperty('value', EMAIL);
    expect(document.activeElement).toBe(address);
    fireEvent.click(send);
    expect(await screen.findByLabelText(/^Verification code/, { selector: 'input' })).toBeTruthy();
    expect(bodiesOf(calls, 'POST /api/account/sign-in-code')).toEqual([{ email: EMAIL }]);
  });
});
