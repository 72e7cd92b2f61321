import { ThemeProvider } from '@mui/material/styles';
import { SelectionStrategy } from '@tagscout/core/export';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { useSession } from '../../shell/session-store';
import { testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { theme } from '../../theme';
import { testAppData } from '../appdata/test-app-data';
import { ExportPanel } from './export-panel';
import { useExportList } from './export-store';

// Issue 32 §5: the auto selection says what it unticked, and never unticks a tag ticked by hand.

const list = () => useExportList.getState();
/** #travel has the most posts; tag1..tag11 fewer, so "lowest post count" picks them first. */
function fillList(strategy: string = SelectionStrategy.lowestPostCount) {
  list().setFilters({ selectionCount: 12, selectionStrategy: strategy });
  list().add({ hashtag: 'travel', count: 900_000_000 });
  for (let i = 1; i <= 11; i++) list().add({ hashtag: `tag${i}`, count: 1000 * i });
}

function renderPanel() {
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ExportPanel />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const checkbox = (tag: string) =>
  screen.getByRole('checkbox', { name: `#${tag}`, hidden: true }) as HTMLInputElement;
const note = () => screen.queryByTestId('auto-select-note')?.textContent ?? null;

describe('the auto selection, said', () => {
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
    });
    useSession.setState(testSession('trial'));
  });
  afterEach(async () => {
    resetApp();
    await i18n.changeLanguage('en');
  });

  it('names the tag an added one pushed out of "lowest post count" (slider at 12)', () => {
    fillList();
    renderPanel();
    expect(checkbox('travel').checked).toBe(true);
    expect(note()).toBeNull();

    act(() => list().add({ hashtag: 'tiny', count: 10 }));
    expect(checkbox('travel').checked).toBe(false);
    expect(note()).toBe('1 unticked by the filter: #travel');
  });

  it('lists what the filter just unticked first, in Portuguese too', async () => {
    fillList();
    for (let i = 12; i <= 18; i++) list().add({ hashtag: `tag${i}`, count: 1000 * i });
    await i18n.changeLanguage('pt');
    renderPanel();
    // #tag12 took #travel's place; #tag13 to #tag18 came in above the 12 lowest.
    expect(note()).toBe('7 desmarcadas pelo filtro: #tag18 #travel #tag13 #tag14 #tag15 …');

    act(() => list().add({ hashtag: 'tiny', count: 10 }));
    expect(note()).toBe('8 desmarcadas pelo filtro: #tag12 #travel #tag13 #tag14 #tag15 …');
  });

  it('keeps a tag ticked by hand when a filter applies again, and says so', () => {
    fillList();
    list().add({ hashtag: 'tiny', count: 10 });
    renderPanel();
    fireEvent.click(checkbox('travel'));
    expect(checkbox('travel').checked).toBe(true);

    // Moving the slider turns the filter back on: 10 by lowest post count, plus #travel.
    fireEvent.change(screen.getByRole('slider', { hidden: true }), { target: { value: 11 } });
    expect(checkbox('travel').checked).toBe(true);
    expect(screen.getByTestId('selected-count').textContent).toBe('11 of 13 selected');
    expect(note()).toBe('1 ticked by hand stays ticked: #travel · 2 unticked by the filter: #tag10 #tag11');

    // Adding more keeps it too.
    act(() => list().add({ hashtag: 'tinier', count: 5 }));
    expect(checkbox('travel').checked).toBe(true);
    expect(checkbox('tinier').checked).toBe(true);
  });

  it('keeps a random sample when a tag is added, instead of drawing a new one', () => {
    fillList(SelectionStrategy.random);
    for (let i = 12; i <= 20; i++) list().add({ hashtag: `tag${i}`, count: 1000 * i });
    const before = list().selected;
    renderPanel();

    act(() => list().add({ hashtag: 'tiny', count: 10 }));
    expect(list().selected).toEqual(before);
    expect(checkbox('tiny').checked).toBe(false);
    expect(note()).toMatch(/^10 unticked by the filter: #tiny /);
  });
});
