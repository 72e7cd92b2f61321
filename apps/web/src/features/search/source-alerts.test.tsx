import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractAnswer } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { useSession } from '../../shell/session-store';
import { testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { SourceAlerts } from './source-alerts';

const FIREHOSE_OFF = {
  is_enabled: false,
  role: 'off',
  state: 'stopped',
  instance: null,
  lag_seconds: null,
  events_per_second: 0,
  events: 0,
  malformed: 0,
  posts_counted: 0,
  posts_stored: 0,
  last_error: null,
};

function renderAlerts(alerts: string[]) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    contractAnswer({ url, ...init }, { sources: [], alerts, failures: [], bluesky: FIREHOSE_OFF }),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SourceAlerts />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('SourceAlerts', () => {
  afterEach(resetApp);

  it('shows administrators the blocked-search, blocked-lookup and CORS alerts', async () => {
    useSession.setState(testSession('admin', Date.now()));
    const fetchMock = renderAlerts(['searches_blocked', 'lookups_blocked', 'possible_cors']);
    const region = await screen.findByRole('region', { name: 'Alerts about the social network' });
    expect(region.textContent).toContain('blocking all searches');
    expect(region.textContent).toContain('blocking direct lookups');
    expect(region.textContent).toContain('Possible CORS issue');
    expect(fetchMock).toHaveBeenCalledWith('/api/sources/status', expect.anything());
  });

  it('never asks for them, nor shows anything, for anyone else', async () => {
    useSession.setState(testSession('CBcustomer', Date.now()));
    const fetchMock = renderAlerts(['searches_blocked']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
