import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ServedCall, serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { AdminPage } from './admin-page';

// Recharts ships CommonJS that requires an ES module, which Vitest's Node 20 cannot load; and with no
// layout in jsdom its ResponsiveContainer draws nothing anyway. The chart's data is chart-rows.test's.
vi.mock('recharts', () => {
  const drawsNothing = () => null;
  return {
    Bar: drawsNothing,
    BarChart: drawsNothing,
    CartesianGrid: drawsNothing,
    Legend: drawsNothing,
    ResponsiveContainer: drawsNothing,
    Tooltip: drawsNothing,
    XAxis: drawsNothing,
    YAxis: drawsNothing,
  };
});

/** The admin screen at /admin/`section`, against a fake server answering `routes`. */
function openAdmin(section: 'analytics' | 'feedback', routes: Parameters<typeof serveFakeApi>[0]) {
  const calls = serveFakeApi(routes);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/admin/${section}`]}>
        <Routes>
          <Route path="/admin/:section" element={<AdminPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

const urls = (calls: ServedCall[]) => calls.map((call) => call.url);

describe('the admin screens', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("counts the app's events by type and day: a chart of the period and the totals by type", async () => {
    const calls = openAdmin('analytics', {
      'GET /api/admin/analytics': {
        body: {
          from: '2026-10-29',
          to: '2026-11-27',
          rows: [
            { day: '2026-11-26', eventType: 'tutorialViewed', count: 1200 },
            { day: '2026-11-27', eventType: 'tutorialViewed', count: 34 },
            { day: '2026-11-27', eventType: 'cookiesAccepted', count: 7 },
          ],
          totals: [
            { eventType: 'tutorialViewed', count: 1234 },
            { eventType: 'cookiesAccepted', count: 7 },
          ],
        },
      },
    });
    const totals = await screen.findByRole('table', { name: 'Totals by event type' });
    // Named as a reader says them, not as the code does (tutorialViewed).
    expect(rowsOf(totals)).toEqual([
      ['Tutorial viewed', '1,234'],
      ['Cookies accepted', '7'],
    ]);
    expect(
      screen.getByRole('img', { name: 'Events by type and day from 2026-10-29 to 2026-11-27' }),
    ).toBeTruthy();
    // The last 30 days unless another period is chosen.
    expect(urls(calls)).toEqual(['/api/admin/analytics?days=30']);
  });

  it('says when the period holds no events', async () => {
    openAdmin('analytics', {
      'GET /api/admin/analytics': { body: { from: '2026-10-29', to: '2026-11-27', rows: [], totals: [] } },
    });
    expect(await screen.findByText('No events in this period.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists the beta feedback with who sent it, from which group, platform and version', async () => {
    const calls = openAdmin('feedback', {
      'GET /api/admin/feedback': {
        body: {
          feedback: [
            {
              id: 'f2',
              message: 'The related tags are great.',
              userId: null,
              email: null,
              group: 'anonymous',
              platform: 'web',
              appVersion: '2.1.33',
              createdAt: '2026-11-27T10:00:00.000Z',
            },
            {
              id: 'f1',
              message: 'Copy for TikTok, please.',
              userId: 'u1',
              email: 'ana@example.com',
              group: 'CBcustomer',
              platform: 'ios',
              appVersion: null,
              createdAt: '2026-11-26T10:00:00.000Z',
            },
          ],
        },
      },
    });
    const list = await screen.findByRole('table', { name: 'Beta feedback' });
    expect(rowsOf(list).map(([, from, message]) => [from, message])).toEqual([
      ['Anonymousanonymous · web · 2.1.33', 'The related tags are great.'],
      ['ana@example.comCBcustomer · ios', 'Copy for TikTok, please.'],
    ]);
    expect(urls(calls)).toEqual(['/api/admin/feedback']);
  });
});
