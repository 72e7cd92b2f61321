import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ServedCall, serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { useSession } from '../../shell/session-store';
import { testMe } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { DEVICE_ID_KEY } from './device-id';
import { useSessionBootstrap } from './session-sync';
import { TrialSignup } from './trial-signup';
import { closeTrialSignup, openTrialSignup, useTrialSignup } from './trial-signup-store';

const EMAIL = 'bea+trial@example.com';
const ACCOUNT_DEVICE = '6f9619ff-8b86-4011-b42d-00c04fc964ff';
const SIGNED_OUT_ME = { ...testMe('free'), user: null };
const PROMO = { promoPeriod: 7, promoCode: 'DEFAULT' };
const CODE_SENT = {
  message: 'code_sent',
  UID: null,
  uuID: 'b1a5e2f0-0000-4000-8000-000000000001',
  expire: 0,
  userGroup: 'free',
  trialStatus: 'unverified',
  inTrial: false,
};

/** The verifyAccount answer of the server for a trial begun (or an account found) at `email`. */
function verified(email: string, changes: { alreadyRegistered?: boolean; uuID?: string } = {}) {
  return {
    message: changes.alreadyRegistered ? 'The email you entered is already registered' : 'verified',
    alreadyRegistered: false,
    inTrial: true,
    userGroup: 'trial',
    trialStatus: 'active',
    expire: 7 * 86_400,
    UID: 'user-emailTrial',
    uuID: ACCOUNT_DEVICE,
    email,
    firstname: '',
    lastname: '',
    promocode: 'DEFAULT',
    ...changes,
  };
}

/** The email-trial account as GET /api/account/me answers it once the code is proven. */
function meOf(email: string) {
  const me = testMe('emailTrial');
  return { ...me, user: { ...me.user, email, hasPassword: false } };
}

let pathname = '/upgrade';

/** The sign-up as the frame holds it: over /upgrade, with the session following the me query. */
function renderSignup() {
  pathname = '/upgrade';
  openTrialSignup();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/upgrade']}>
        <Frame />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function Frame() {
  useSessionBootstrap();
  const location = useLocation();
  useEffect(() => {
    pathname = location.pathname;
  }, [location.pathname]);
  return <TrialSignup />;
}

/** The email step, then the code step for `email`. */
async function reachCodeStep(email: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Try Tagscout Pro free' });
  await within(dialog).findByText(/free for 7 days/);
  fireEvent.change(within(dialog).getByLabelText(/^Email/, { selector: 'input' }), {
    target: { value: email },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Start free trial' }));
  return screen.findByRole('dialog', { name: 'Check your email' });
}

function enterCode(dialog: HTMLElement, code: string) {
  fireEvent.change(within(dialog).getByLabelText(/^Verification code/, { selector: 'input' }), {
    target: { value: code },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Verify and start' }));
}

const bodiesOf = (calls: ServedCall[], route: string) =>
  calls
    .filter((call) => `${call.method} ${new URL(call.url, 'http://app.test').pathname}` === route)
    .map((call) => call.body);

/** The trial sign-up's code step (docs/product-rules.md#trials), against the server's answers. */
describe('the trial sign-up', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetApp();
    closeTrialSignup();
  });

  it('says a wrong code was not verified and stays on the code step; the right code starts the trial', async () => {
    let isVerified = false;
    const calls = serveFakeApi({
      'GET /api/account/me': () => ({ body: isVerified ? meOf(EMAIL) : SIGNED_OUT_ME }),
      'GET /api/trial/checkPromoCode': { body: PROMO },
      'POST /api/trial/checkEmail': { body: { message: 'continue' } },
      'POST /api/trial/trialRegister': { body: CODE_SENT },
      'POST /api/trial/verifyAccount': (call) => {
        const { code } = call.body as { code: string };
        if (code !== '482913') {
          return {
            status: 400,
            body: {
              error: {
                code: 'code_not_verified',
                message: 'The code you entered was not verified, check the code and try again.',
              },
            },
          };
        }
        isVerified = true;
        return { body: verified(EMAIL) };
      },
    });
    renderSignup();
    const codeStep = await reachCodeStep(EMAIL);
    expect(codeStep.textContent).toContain(EMAIL);

    enterCode(codeStep, '000000');
    const message = await within(codeStep).findByText(
      'The code you entered was not verified, check the code and try again.',
    );
    expect(message.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Check your email' })).toBe(codeStep);

    enterCode(codeStep, '482913');
    await waitFor(() => expect(pathname).toBe('/tags'));
    expect(useTrialSignup.getState().isOpen).toBe(false);
    expect(useSession.getState().user?.email).toBe(EMAIL);
    expect(bodiesOf(calls, 'POST /api/trial/verifyAccount')).toMatchObject([
      { email: EMAIL, code: '000000', trial: true },
      { email: EMAIL, code: '482913', trial: true },
    ]);
  });

  it('comes back to the code step after a reload, for the same address, without sending another code', async () => {
    let isVerified = false;
    const calls = serveFakeApi({
      'GET /api/account/me': () => ({ body: isVerified ? meOf(EMAIL) : SIGNED_OUT_ME }),
      'GET /api/trial/checkPromoCode': { body: PROMO },
      'POST /api/trial/checkEmail': { body: { message: 'continue' } },
      'POST /api/trial/trialRegister': { body: CODE_SENT },
      'POST /api/trial/verifyAccount': () => {
        isVerified = true;
        return { body: verified(EMAIL) };
      },
    });
    renderSignup();
    await reachCodeStep(EMAIL);
    // A reload: the page starts again, the tab's storage stays.
    cleanup();
    useTrialSignup.setState({ isOpen: false });
    renderSignup();
    const codeStep = await screen.findByRole('dialog', { name: 'Check your email' });
    expect(codeStep.textContent).toContain(EMAIL);
    expect(bodiesOf(calls, 'POST /api/trial/trialRegister')).toHaveLength(1);
    enterCode(await screen.findByRole('dialog', { name: 'Check your email' }), '482913');
    await waitFor(() => expect(pathname).toBe('/tags'));
    // Done: the next sign-up on this tab starts at the address again.
    cleanup();
    renderSignup();
    expect(await screen.findByRole('dialog', { name: 'Try Tagscout Pro free' })).toBeTruthy();
  });

  it('starts at the address again once the sign-up was closed, or its code stopped working', async () => {
    serveFakeApi({
      'GET /api/account/me': { body: SIGNED_OUT_ME },
      'GET /api/trial/checkPromoCode': { body: PROMO },
      'POST /api/trial/checkEmail': { body: { message: 'continue' } },
      'POST /api/trial/trialRegister': { body: CODE_SENT },
    });
    renderSignup();
    await reachCodeStep(EMAIL);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    cleanup();
    renderSignup();
    await screen.findByRole('dialog', { name: 'Try Tagscout Pro free' });

    await reachCodeStep(EMAIL);
    cleanup();
    useTrialSignup.setState({ isOpen: false });
    const eleven = Date.now() + 11 * 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(eleven);
    renderSignup();
    await screen.findByRole('dialog', { name: 'Try Tagscout Pro free' });
  });

  it("says an email trial's mailbox had its trial, in place of starting another", async () => {
    serveFakeApi({
      'GET /api/account/me': { body: SIGNED_OUT_ME },
      'GET /api/trial/checkPromoCode': { body: PROMO },
      'POST /api/trial/checkEmail': { body: { message: 'continue' } },
      'POST /api/trial/trialRegister': { body: CODE_SENT },
      'POST /api/trial/verifyAccount': {
        status: 409,
        body: {
          error: {
            code: 'mailbox_trial_used',
            message:
              'This mailbox has already had its free trial: addresses that differ only after a + share one. Sign in with the address you used, or create an account with a password.',
          },
        },
      },
    });
    renderSignup();
    const codeStep = await reachCodeStep('bea+again@example.com');
    enterCode(codeStep, '135790');
    expect(
      (await within(codeStep).findByText(/This email’s mailbox has already had its free trial/)).textContent,
    ).toContain('name+anything@ is the same mailbox as name@');
    expect(pathname).toBe('/upgrade');
    expect(useTrialSignup.getState().isOpen).toBe(true);
    expect(useSession.getState().user).toBeNull();
  });

  it('takes a registered address to its account: "Welcome back", the account\'s device id, signed in', async () => {
    let isVerified = false;
    serveFakeApi({
      'GET /api/account/me': () => ({ body: isVerified ? meOf('ana@example.com') : SIGNED_OUT_ME }),
      'GET /api/trial/checkPromoCode': { body: PROMO },
      'POST /api/trial/checkEmail': { body: { message: 'continue' } },
      'POST /api/trial/trialRegister': { body: CODE_SENT },
      'POST /api/trial/verifyAccount': () => {
        isVerified = true;
        return { body: verified('ana@example.com', { alreadyRegistered: true }) };
      },
    });
    renderSignup();
    enterCode(await reachCodeStep('ana@example.com'), '246810');

    const told = await screen.findByRole('dialog', { name: 'Welcome back' });
    expect(told.textContent).toContain('The email you entered is already registered');
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(ACCOUNT_DEVICE);
    expect(useSession.getState().user?.email).toBe('ana@example.com');
    fireEvent.click(within(told).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(pathname).toBe('/'));
    expect(useTrialSignup.getState().isOpen).toBe(false);
  });

  it('says the length of the trial a typed promo code gives, and when the code is not one', async () => {
    let hasEnded = false;
    serveFakeApi({
      'GET /api/account/me': { body: SIGNED_OUT_ME },
      'POST /api/trial/checkEmail': { body: { message: 'continue' } },
      'GET /api/trial/checkPromoCode': (call) => {
        const code = new URL(call.url, 'http://app.test').searchParams.get('code');
        if (code === null) return { body: PROMO };
        if (code === 'TRIAL30') return { body: { promoPeriod: 30, promoCode: 'TRIAL30' } };
        // A code that stops working between the check while typing and the send.
        if (code === 'ENDED' && !hasEnded) {
          hasEnded = true;
          return { body: { promoPeriod: 7, promoCode: 'ENDED' } };
        }
        return {
          status: 404,
          body: { error: { code: 'unknown_promo_code', message: 'That promo code is not valid.' } },
        };
      },
    });
    renderSignup();
    const dialog = await screen.findByRole('dialog', { name: 'Try Tagscout Pro free' });
    await within(dialog).findByText(/free for 7 days/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have a promo code' }));
    const field = within(dialog).getByLabelText('Promo code', { selector: 'input' });
    fireEvent.change(field, { target: { value: 'trial30 ' } });
    expect(await within(dialog).findByText(/free for 30 days/)).toBeTruthy();

    fireEvent.change(field, { target: { value: 'NOPE' } });
    expect(
      await within(dialog).findByText(
        "We don't recognise that promo code. Check it, or leave the field empty.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(/free for 7 days/)).toBeTruthy();

    // Answered to the send: said once, at the field, and gone once the code is changed.
    const unknownCode = "We don't recognise that promo code. Check it, or leave the field empty.";
    fireEvent.change(within(dialog).getByLabelText(/^Email/, { selector: 'input' }), {
      target: { value: EMAIL },
    });
    fireEvent.change(field, { target: { value: 'ENDED' } });
    expect(await within(dialog).findByText(/free for 7 days/)).toBeTruthy();
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('false'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start free trial' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getAllByText(unknownCode)).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.change(field, { target: { value: '' } });
    await waitFor(() => expect(within(dialog).queryByText(unknownCode)).toBeNull());
  });
});
