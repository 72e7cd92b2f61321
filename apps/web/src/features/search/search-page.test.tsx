import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ServedCall, serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { SIGNED_OUT, useSession } from '../../shell/session-store';
import { testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { theme } from '../../theme';
import { testAppData } from '../appdata/test-app-data';
import { useExportList } from '../export/export-store';
import { SearchPage } from './search-page';

function renderAt(path: '/try' | '/tags') {
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/try" element={<SearchPage />} />
            <Route path="/tags/:topicId?" element={<SearchPage />} />
            <Route path="/upgrade" element={<p>plans</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

// Role queries take `hidden`: checking every element's visibility on this screen is slow on a busy machine.
const exportList = () => screen.findByRole('list', { name: 'Export list', hidden: true });
const saveButton = () => screen.queryByRole('button', { name: 'Save', hidden: true });

describe('saving the list as a collection', () => {
  let calls: ServedCall[];
  beforeEach(() => {
    calls = serveFakeApi({
      'GET /api/appdata': { body: testAppData() },
      // Usage events the app queues: not what these tests look at.
      'POST /api/events': { status: 202, body: { accepted: 1, duplicates: 0 } },
      'GET /api/networks': { body: { default: 'sample', networks: ['sample'] } },
      'GET /api/banned-tags': { body: { bannedTags: [] } },
      'GET /api/trends/hashtags': {
        body: { network: 'sample', first_day: '2026-10-29', last_day: '2026-11-27', trends: [] },
      },
      'GET /api/trends/now': {
        body: { network: 'sample', as_of: '2026-11-27T12:00:00.000Z', trending: [] },
      },
      'GET /api/info/hashtag/{names}': {
        body: { network: 'sample', data: [{ hashtag: 'travel', count: 120_000_000 }] },
      },
    });
    useExportList.getState().add({ hashtag: 'travel', count: 120_000_000 });
  });
  afterEach(resetApp);

  it('gives a signed-out visitor on /try a list to copy, without Save or a collection name', async () => {
    useSession.setState({ ...SIGNED_OUT, isLoaded: true });
    renderAt('/try');
    await exportList();
    expect(saveButton()).toBeNull();
    expect(screen.queryByTestId('topic-title')).toBeNull();
  });

  it('offers the upgrade when a signed-in free user saves, and saves nothing', async () => {
    useSession.setState(testSession('signedInFree'));
    renderAt('/tags');
    await exportList();
    fireEvent.click(saveButton()!);
    const upgrade = await screen.findByRole('dialog', { name: 'Save collections with Pro' });
    expect(upgrade.textContent).toContain('Saving hashtag collections is part of Tagscout Pro.');
    expect(within(upgrade).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/upgrade');
    fireEvent.click(within(upgrade).getByRole('button', { name: 'Close' }));
    expect(calls.filter((call) => call.url.startsWith('/api/topics'))).toEqual([]);
  });
});
