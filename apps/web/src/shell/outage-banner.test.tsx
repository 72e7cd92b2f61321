import type { OutageMessage } from '@tagscout/core/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveFakeApi } from '../api/contract-test-helpers';
import { appDataKeys } from '../features/appdata/queries';
import { testAppData } from '../features/appdata/test-app-data';
import '../i18n/i18n';
import { OutageBanner } from './outage-banner';

const MAINTENANCE: OutageMessage = {
  showMessage: true,
  en: 'Related tags are paused for maintenance.',
  pt: 'As hashtags relacionadas estão em manutenção.',
};

/** GET /api/appdata as the server answers it, with this outage message. */
function serveOutage(outage: OutageMessage) {
  serveFakeApi({ 'GET /api/appdata': { body: testAppData({ outage }) } });
}

/** The banner over a screen; answers the query client, to wait for the app data. */
function renderBanner(): QueryClient {
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <OutageBanner />
      <p>the screen</p>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('the outage banner', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the message an administrator switched on, in English', async () => {
    serveOutage(MAINTENANCE);
    renderBanner();
    const banner = await screen.findByRole('status', { name: 'Service notice' });
    expect(banner.textContent).toBe('Related tags are paused for maintenance.');
  });

  it('shows the Portuguese message to a Portuguese visitor', async () => {
    await i18n.changeLanguage('pt');
    try {
      serveOutage(MAINTENANCE);
      renderBanner();
      const aviso = await screen.findByRole('status', { name: 'Aviso de serviço' });
      expect(aviso.textContent).toBe('As hashtags relacionadas estão em manutenção.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows nothing while the message is switched off', async () => {
    serveOutage({ ...MAINTENANCE, showMessage: false });
    const queryClient = renderBanner();
    await vi.waitFor(() => expect(queryClient.getQueryState(appDataKeys.public)?.status).toBe('success'));
    // React renders what the query answered.
    await act(async () => {});
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
