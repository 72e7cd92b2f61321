import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractAnswer, notServed } from '../api/contract-test-helpers';
import '../i18n/i18n';
import { useSessionBootstrap } from '../features/account/session-sync';
import { resetApp } from '../test-reset';
import { SessionDialogs } from './session-dialogs';
import { SIGNED_OUT, useSession } from './session-store';
import { testMe } from './test-sessions';

/** The app's start: who the visitor is (from a stubbed /api/account/me), then the dialogs. */
function App() {
  useSessionBootstrap();
  return <SessionDialogs />;
}

function startApp() {
  const me = testMe('lapsedCustomer');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== '/api/account/me') notServed({ url, ...init });
      return contractAnswer({ url, ...init }, me);
    }),
  );
  // A page load: a new query cache as well.
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/tags']}>
        <App />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the subscription-ended notice', () => {
  afterEach(() => {
    resetApp();
    sessionStorage.clear();
  });

  it('shows once per browser session: after "Not now" a reload does not bring it back', async () => {
    startApp();
    const notice = await screen.findByRole('dialog', { name: 'Your subscription has ended' });
    fireEvent.click(buttonIn(notice, 'Not now'));
    expect(screen.queryByRole('dialog')).toBeNull();

    // A page load in the same browser session: the app starts again from the server's answer.
    cleanup();
    useSession.setState(SIGNED_OUT);
    startApp();
    await vi.waitFor(() => expect(useSession.getState().isLoaded).toBe(true));
    expect(useSession.getState().account.subscriptions).toEqual([{ status: 'cancelled' }]);
    expect(screen.queryByRole('dialog')).toBeNull();

    // A new browser session shows it again.
    cleanup();
    sessionStorage.clear();
    useSession.setState(SIGNED_OUT);
    startApp();
    await screen.findByRole('dialog', { name: 'Your subscription has ended' });
  });
});

function buttonIn(dialog: HTMLElement, name: string): HTMLElement {
  const button = [...dialog.querySelectorAll('button')].find((item) => item.textContent === name);
  if (!button) throw new Error(`no ${name} button`);
  return button;
}
