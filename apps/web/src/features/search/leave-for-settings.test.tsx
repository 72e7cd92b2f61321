import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { useSession } from '../../shell/session-store';
import { testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { theme } from '../../theme';
import { testAppData } from '../appdata/test-app-data';
import { useExportList } from '../export/export-store';
import { SearchPage } from './search-page';

// Issue 32 §6: the guide's "Make it yours" step and the related tags' "Change" link lead to Settings;
// the list is kept across Settings as across a reload, so going there asks nothing.

const SIDE_TRIPS = ['/settings', '/help', '/upgrade'] as const;

function renderApp() {
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/tags']}>
          <nav>
            {[...SIDE_TRIPS, '/login', '/tags'].map((to) => (
              <Link key={to} to={to}>
                {`go ${to}`}
              </Link>
            ))}
          </nav>
          <Routes>
            <Route path="/tags/:topicId?" element={<SearchPage />} />
            {[...SIDE_TRIPS, '/login'].map((path) => (
              <Route key={path} path={path} element={<p>{`screen ${path}`}</p>} />
            ))}
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const exportList = () => screen.findByRole('list', { name: 'Export list', hidden: true });
const go = (to: string) => fireEvent.click(screen.getByRole('link', { name: `go ${to}`, hidden: true }));
const dialog = () => screen.queryByRole('dialog', { hidden: true });

describe('leaving the search screen with a list not saved', () => {
  beforeEach(() => {
    serveFakeApi({
      'GET /api/appdata': { body: testAppData() },
      'POST /api/events': { status: 202, body: { accepted: 1, duplicates: 0 } },
      'GET /api/networks': { body: { default: 'sample', networks: ['sample'] } },
      'GET /api/banned-tags': { body: { bannedTags: [] } },
      'GET /api/suggest/hashtags': { body: { network: 'sample', suggestions: [] } },
      'GET /api/trends/hashtags': {
        body: { network: 'sample', first_day: '2026-10-29', last_day: '2026-11-27', trends: [] },
      },
      'GET /api/trends/now': {
        body: { network: 'sample', as_of: '2026-11-27T12:00:00.000Z', trending: [] },
      },
    });
    useSession.setState(testSession('trial'));
    useExportList.getState().add({ hashtag: 'travel', count: 120_000_000 });
    useExportList.getState().add({ hashtag: 'sunset', count: 9_000_000 });
  });
  afterEach(resetApp);

  it.each(SIDE_TRIPS)('goes to %s without asking, and the list is there on return', async (path) => {
    renderApp();
    await exportList();
    go(path);
    expect(dialog()).toBeNull();
    await screen.findByText(`screen ${path}`);

    go('/tags');
    await exportList();
    expect(screen.getByRole('checkbox', { name: '#travel', hidden: true })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '#sunset', hidden: true })).toBeTruthy();
    expect(useExportList.getState().isModified).toBe(true);
  });

  it('still asks before signing in elsewhere', async () => {
    renderApp();
    await exportList();
    go('/login');
    expect(dialog()).not.toBeNull();
    expect(screen.queryByText('screen /login')).toBeNull();
  });
});
