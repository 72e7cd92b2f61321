import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServedCall, serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { useSession } from '../../shell/session-store';
import { testMe, testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { renderLoginPage } from './test-login-page';

const EMAIL = 'zoe@example.com';
const PASSWORD = 'Violet-Harbor-58q';

const bodiesOf = (calls: ServedCall[], route: string) =>
  calls
    .filter((call) => `${call.method} ${new URL(call.url, 'http://app.test').pathname}` === route)
    .map((call) => call.body);

/** docs/product-rules.md#sign-in-and-account-setup: a sign-up left at its code step. */
describe('the sign-in page', () => {
  afterEach(resetApp);

  it('tells someone already signed in who they are signed in as, and to sign out before using another account', () => {
    useSession.setState(testSession('signedInFree'));
    renderLoginPage();
    screen.getByText(
      'You are signed in as signedInFree@example.com. To use another account, sign out first.',
    );
    expect(screen.getByRole('link', { name: 'Sign out' }).getAttribute('href')).toBe('/logout');
    cleanup();
    resetApp();
    renderLoginPage();
    expect(screen.queryByText(/You are signed in as/)).toBeNull();
  });

  it('finishes a sign-up left at the code step: asks for the emailed code, sends it with the password typed, signs in', async () => {
    const me = { ...testMe('signedInFree'), user: { ...testMe('signedInFree').user, email: EMAIL } };
    const calls = serveFakeApi({
      'POST /api/account/sign-in': {
        status: 403,
        body: { error: { code: 'email_not_verified', message: 'Verify your email address first.' } },
      },
      'POST /api/account/verify-email': { body: me },
    });
    const client = renderLoginPage();
    fireEvent.change(screen.getByLabelText(/^Email/, { selector: 'input' }), { target: { value: EMAIL } });
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), {
      target: { value: PASSWORD },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(screen.queryByText('Incorrect username or password')).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Verification code/, { selector: 'input' }), {
      target: { value: '314159' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(bodiesOf(calls, 'POST /api/account/verify-email')).toEqual([
      { email: EMAIL, code: '314159', password: PASSWORD, session: 'cookie' },
    ]);
    expect(client.getQueryData(['me'])).toEqual(me);
  });
});
