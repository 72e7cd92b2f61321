import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractAnswer, notServed } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import type { StorePlatform } from '../../native/native-platform';
import type { StorePurchases } from '../../native/store-purchases';
import { SIGNED_OUT, useSession } from '../../shell/session-store';
import { testMe, testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { closeTrialSignup, useTrialSignup } from '../account/trial-signup-store';
import { UpgradePage } from './upgrade-page';

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);
const platform = vi.hoisted(() => ({ current: null as StorePlatform | null }));
const store = vi.hoisted(() => ({ current: null as StorePurchases | null }));

vi.mock('../../native/native-platform', () => ({
  storePlatform: () => platform.current,
  openStorePage: vi.fn(),
}));
vi.mock('../../native/store-purchases', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../native/store-purchases')>()),
  storePurchasesFor: () => store.current,
}));

type Answer = { status?: number; body: unknown };
let answers: Record<string, Answer> = {};
const calls: { url: string; body: unknown }[] = [];

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/upgrade" element={<UpgradePage />} />
          <Route path="/specialoffer" element={<UpgradePage isSpecialOnly />} />
          <Route path="/login" element={<p>login screen</p>} />
          <Route path="/tags" element={<p>search screen</p>} />
          <Route path="/try" element={<p>limited search screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the plans page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    answers = { '/api/billing/info': { body: { provider: 'local', isSpecialOfferOpen: false } } };
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        const answer = answers[url.split('?')[0]!];
        if (!answer) notServed({ url, ...init });
        return contractAnswer({ url, ...init }, answer.body, { status: answer.status });
      }),
    );
  });
  afterEach(() => {
    resetApp();
    vi.useRealTimers();
    platform.current = null;
    store.current = null;
    closeTrialSignup();
  });

  it('shows the web plans with their prices, terms and privacy to a trial user', () => {
    useSession.setState(
      testSession('trial', NOW, {
        user: { id: 'u1', email: 'a@example.com', name: null, isAnonymous: false },
      }),
    );
    renderAt('/upgrade');
    const monthly = screen.getByRole('region', { name: 'Monthly' });
    const annual = screen.getByRole('region', { name: 'Annual' });
    expect(monthly.textContent).toContain('$4.99');
    expect(annual.textContent).toContain('$39.99');
    expect(annual.textContent).toContain('Best value');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeTruthy();
    // An account with an email is never asked for one.
    expect(useTrialSignup.getState().isOpen).toBe(false);
  });

  it('writes prices the Portuguese way in Portuguese, the offer’s old price beside the offer only', async () => {
    await i18n.changeLanguage('pt');
    try {
      useSession.setState(testSession('expiredTrial', NOW, { trialEndsAtMs: NOW - 60_000 }));
      renderAt('/upgrade');
      const nbsp = '\u00a0';
      expect(screen.getByRole('region', { name: 'Mensal' }).textContent).toContain(`US$${nbsp}4,99`);
      const annual = screen.getByRole('region', { name: 'Anual' });
      expect(annual.textContent).toContain(`US$${nbsp}39,99`);
      expect(annual.textContent).toContain(`US$${nbsp}3,33`);
      // The crossed-out $29.99 sits with the offer's $19.99, not with the annual plan.
      expect(annual.textContent).not.toContain('29,99');
      const offer = screen.getByTestId('offer-price');
      expect(offer.textContent).toContain(`US$${nbsp}19,99`);
      expect(offer.querySelector('s')?.textContent).toBe(`Antes US$${nbsp}29,99`);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('starts the hosted checkout for the chosen plan', async () => {
    useSession.setState(testSession('trial', NOW));
    answers['/api/billing/checkout'] = {
      body: { url: 'http://localhost:3000/local-billing/checkout/cs_local_x' },
    };
    renderAt('/upgrade');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Choose annual' }));
    });
    expect(calls.find((call) => call.url === '/api/billing/checkout')?.body).toEqual({
      plan: 'annual',
      language: 'en',
    });
  });

  it('says why a checkout could not start', async () => {
    useSession.setState(testSession('trial', NOW));
    answers['/api/billing/checkout'] = {
      status: 409,
      body: { error: { code: 'already_subscribed', message: 'You already have Tagscout Pro.' } },
    };
    renderAt('/upgrade');
    fireEvent.click(screen.getByRole('button', { name: 'Choose monthly' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You already have Tagscout Pro.');
  });

  it('says payments are not set up when the server has no billing provider, in place of the plans', async () => {
    useSession.setState(testSession('trial', NOW));
    answers['/api/billing/info'] = { body: { provider: 'none', isSpecialOfferOpen: false } };
    renderAt('/upgrade');
    await screen.findByText('Payments are not set up on this server yet, so plans cannot be bought here.');
    expect(screen.queryByRole('button', { name: 'Choose monthly' })).toBeNull();
  });

  it('restores a web purchase: the address paid with is sent a link', async () => {
    useSession.setState({ ...SIGNED_OUT, isLoaded: true });
    answers['/api/billing/restore'] = {
      status: 202,
      body: { status: 'check_email', message: 'sent' },
    };
    renderAt('/upgrade?restore=1');
    const panel = screen.getByRole('region', { name: 'Restore a purchase' });
    fireEvent.change(within(panel).getByLabelText(/Email you paid with/), {
      target: { value: 'buyer@example.com' },
    });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Email me the link' }));
    });
    expect(calls.find((call) => call.url === '/api/billing/restore')?.body).toEqual({
      email: 'buyer@example.com',
      language: 'en',
    });
    expect((await within(panel).findByRole('status')).textContent).toContain(
      'a link to your account is on its way',
    );
    // The trial sign-up does not open over it.
    expect(useTrialSignup.getState().isOpen).toBe(false);
  });

  it('opens the trial sign-up by itself for a visitor without an account, except on /specialoffer', () => {
    useSession.setState({ ...SIGNED_OUT, isLoaded: true });
    renderAt('/specialoffer');
    expect(useTrialSignup.getState().isOpen).toBe(false);
    cleanup();
    renderAt('/upgrade');
    expect(useTrialSignup.getState().isOpen).toBe(true);
  });

  it('opens the special offer with its countdown on /specialoffer while the window is open', () => {
    useSession.setState(testSession('expiredTrial', NOW, { trialEndsAtMs: NOW - 60_000 }));
    renderAt('/specialoffer');
    const offer = screen.getByRole('dialog', { name: 'Special offer' });
    expect(within(offer).getByTestId('offer-price').textContent).toBe('$19.99Was $29.99per year');
    expect(within(offer).getByRole('timer').textContent).toBe('Offer ends in 2d 23:59:00');
    // Special-offer-only mode: the trial sign-up stays shut.
    expect(useTrialSignup.getState().isOpen).toBe(false);
    fireEvent.click(within(offer).getByRole('button', { name: 'No thanks' }));
    expect(screen.getByText('search screen')).toBeTruthy();
    expect(useSession.getState().hasSeenSpecial).toBe(true);
  });

  it('keeps the special offer above the plans on /upgrade while its window is open, its old price beside it', () => {
    useSession.setState(testSession('expiredTrial', NOW, { trialEndsAtMs: NOW - 60_000 }));
    renderAt('/upgrade');
    expect(screen.getByText('Special offer: a year of Pro at a special price')).toBeTruthy();
    expect(screen.getByText('Offer ends in 2d 23:59:00')).toBeTruthy();
    // The crossed-out price belongs to the offer, beside its own price, not to the annual plan.
    expect(screen.getByTestId('offer-price').textContent).toBe('$19.99Was $29.99per year');
    expect(screen.getByRole('region', { name: 'Annual' }).textContent).not.toContain('29.99');
    expect(screen.queryByRole('dialog', { name: 'Special offer' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'See the offer' }));
    const offer = screen.getByRole('dialog', { name: 'Special offer' });
    expect(within(offer).getByRole('timer').textContent).toBe('Offer ends in 2d 23:59:00');
  });

  it('tells a paying customer they have Pro instead of selling it again', () => {
    useSession.setState(testSession('CBcustomer', NOW));
    renderAt('/upgrade');
    expect(screen.getByRole('heading', { name: 'You have Tagscout Pro' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage Account' }).getAttribute('href')).toBe('/portal');
    expect(screen.queryByRole('button', { name: 'Choose annual' })).toBeNull();
  });
});

describe('the plans page in the apps', () => {
  const fakeStore = (changes: Partial<StorePurchases> = {}): StorePurchases => ({
    loadProducts: async (ids) =>
      ids.map((productId) => ({ productId, price: 'R$ 24,90', title: productId, description: '' })),
    subscribe: async () => ({ platform: 'ios', signedTransaction: 'a.b.c' }),
    restore: async () => [],
    manageSubscriptions: async () => {},
    ...changes,
  });

  beforeEach(() => {
    platform.current = 'ios';
    useSession.setState(testSession('unRegTrial', NOW));
    answers = {
      '/api/store/account-token': { body: { accountToken: '6f9619ff-8b86-4011-b42d-00c04fc964ff' } },
      '/api/billing/info': { body: { provider: 'local', isSpecialOfferOpen: false } },
      '/api/account/me': { body: testMe('trial') },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const answer = answers[url.split('?')[0]!];
        if (!answer) notServed({ url, ...init });
        return contractAnswer({ url, ...init }, answer.body, { status: answer.status });
      }),
    );
  });
  afterEach(() => {
    resetApp();
    platform.current = null;
    store.current = null;
    closeTrialSignup();
  });

  it('lists the store products in their order, with the store prices and restore purchases', async () => {
    store.current = fakeStore();
    renderAt('/upgrade?checkout=none');
    const cards = await screen.findAllByRole('region');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Monthly',
      'Annual',
      'Monthly, 30 days free',
    ]);
    expect(cards[0]!.textContent).toContain('R$ 24,90');
    expect(screen.getByRole('button', { name: 'Restore purchases' })).toBeTruthy();
  });

  it('says "No products retrieved" when the store answers none', async () => {
    store.current = fakeStore({ loadProducts: async () => [] });
    renderAt('/upgrade?checkout=none');
    expect((await screen.findByText(/No products retrieved/)).textContent).toContain('No products retrieved');
  });

  it('goes to /login after a restore that finds no valid subscription', async () => {
    store.current = fakeStore({ restore: async () => [] });
    renderAt('/upgrade?restore=1');
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('We could not find a valid subscription.');
    fireEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByText('login screen')).toBeTruthy());
    expect(localStorage.getItem('validSubscription')).toBe('false');
  });

  it('goes to /tags once the server has validated the purchase', async () => {
    store.current = fakeStore();
    answers['/api/store/ios-verify'] = { body: { return: { validSubscription: true } } };
    renderAt('/upgrade?checkout=none');
    const annual = await screen.findByRole('region', { name: 'Annual' });
    fireEvent.click(within(annual).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.getByText('search screen')).toBeTruthy());
    expect(localStorage.getItem('validSubscription')).toBe('true');
  });

  it('alerts and goes to the search when the server refuses the purchase', async () => {
    store.current = fakeStore();
    answers['/api/store/ios-verify'] = { body: { return: { validSubscription: false } } };
    renderAt('/upgrade?checkout=none');
    const monthly = await screen.findByRole('region', { name: 'Monthly' });
    fireEvent.click(within(monthly).getByRole('button', { name: 'Subscribe' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('There was a problem validating your subscription.');
    fireEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByText('search screen')).toBeTruthy());
  });

  it('asks to try again, and stays, when the App Store could not be asked', async () => {
    store.current = fakeStore();
    answers['/api/store/ios-verify'] = {
      status: 503,
      body: { error: { code: 'unavailable', message: 'The App Store could not confirm the purchase.' } },
    };
    renderAt('/upgrade?checkout=none');
    const monthly = await screen.findByRole('region', { name: 'Monthly' });
    fireEvent.click(within(monthly).getByRole('button', { name: 'Subscribe' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('Try again in a moment; you will not be charged twice.');
    expect(alert.textContent).not.toContain('problem validating');
    fireEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('region', { name: 'Monthly' })).toBeTruthy();
  });
});
