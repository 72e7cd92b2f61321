import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractAnswer, notServed } from '../../api/contract-test-helpers';
import { useSession } from '../../shell/session-store';
import { testMe } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { meKeys } from './queries';
import { useSessionBootstrap } from './session-sync';

function App() {
  useSessionBootstrap();
  return null;
}

/** The app starts while /api/account/me answers `busy` times 503 (shed under load), then who the visitor is. */
function startApp(busy: number, queryClient = new QueryClient()) {
  const me = testMe('beta');
  let asked = 0;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url !== '/api/account/me') notServed({ url, ...init });
    if (asked++ < busy) {
      return contractAnswer(
        { url, ...init },
        { error: { code: 'unavailable', message: 'The service is busy. Try again in a few seconds.' } },
        { status: 503 },
      );
    }
    return contractAnswer({ url, ...init }, me);
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>,
  );
  return { me, fetch };
}

describe('who the visitor is, when the app starts', () => {
  afterEach(resetApp);

  it('asks again while the server is busy: a reload under load is not a sign-out', async () => {
    const { me, fetch } = startApp(2);
    await vi.waitFor(() => expect(useSession.getState().isLoaded).toBe(true), { timeout: 5000 });
    expect(useSession.getState().user?.email).toBe(me.user!.email);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('takes an answer that came before the session began to follow the query', async () => {
    // The answer is in the query before the app's first effects run (a fast server on a busy page).
    const queryClient = new QueryClient();
    queryClient.setQueryData(meKeys.all, testMe('beta'));
    const { fetch } = startApp(0, queryClient);
    await vi.waitFor(() => expect(useSession.getState().isLoaded).toBe(true));
    expect(useSession.getState().user?.email).toBe('beta@example.com');
    expect(fetch).not.toHaveBeenCalled();
  });
});
