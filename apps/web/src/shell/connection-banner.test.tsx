import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import '../i18n/i18n';
import { ConnectionBanner } from './connection-banner';

/** A query whose requests get no answer (as when the server is down), retried until the test ends. */
function Unanswered() {
  useQuery({
    queryKey: ['unanswered'],
    queryFn: () => Promise.reject(new ApiError(0, 'network', 'No answer')),
    retry: true,
    retryDelay: 60_000,
  });
  return null;
}

describe('the connection banner', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('says the server is not answering while the device is online, and offline when it is', async () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <ConnectionBanner />
        <Unanswered />
      </QueryClientProvider>,
    );
    const banner = await screen.findByTestId('connection-banner');
    expect(banner.textContent).toBe('Tagscout is not answering, retrying');

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect((await screen.findByTestId('connection-banner')).textContent).toBe('Offline, retrying');
    client.clear();
  });
});
