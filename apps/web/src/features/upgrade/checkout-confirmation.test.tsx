import { FREE_VISITOR, resolveAccess } from '@tagscout/core/access';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractAnswer } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { resetSession, useSession } from '../../shell/session-store';
import { testMe, testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { CheckoutConfirmation } from './checkout-confirmation';

const SIGNED_OUT_ME = {
  user: null,
  deviceId: null,
  account: FREE_VISITOR,
  capabilities: resolveAccess(FREE_VISITOR),
  isAdmin: false,
  relatedSearches: null,
};

let me: unknown;
let asked = 0;

/** Moves the clock in small steps, each in its own act(), so every poll's answer renders before the next. */
async function passTime(ms: number) {
  for (let passed = 0; passed < ms; passed += 500) await act(() => vi.advanceTimersByTimeAsync(500));
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CheckoutConfirmation />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('back from a paid checkout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    asked = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        asked++;
        return contractAnswer({ url, ...init }, me);
      }),
    );
  });
  afterEach(() => {
    resetApp();
    vi.useRealTimers();
  });

  it('asks a visitor who is signed out here to sign in, says the payment is safe, and does not spin', async () => {
    // Paid while signed in at another address of this server (127.0.0.1 and localhost keep separate cookies).
    resetSession();
    me = SIGNED_OUT_ME;
    renderPage();
    await passTime(10_000);

    expect(screen.getByRole('heading', { name: 'Sign in to see your Pro plan' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Your payment is safe');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(asked).toBe(1);
  });

  it('tells a signed-in buyer still unconfirmed after a minute that the payment is safe, and checks again on request', async () => {
    useSession.setState(testSession('trial'));
    me = testMe('trial');
    renderPage();
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    await passTime(61_000);

    expect(screen.getByRole('heading', { name: 'Your payment is still being confirmed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Your payment is safe');
    expect(screen.queryByRole('progressbar')).toBeNull();
    const before = asked;
    me = testMe('CBcustomer');
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await passTime(500);
    expect(asked).toBe(before + 1);
    expect(screen.getByRole('heading', { name: 'Welcome to Tagscout Pro' })).toBeTruthy();
  });
});
