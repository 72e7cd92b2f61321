import { ThemeProvider } from '@mui/material/styles';
import type { Network } from '@tagscout/core/networks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveFakeApi } from '../../api/contract-test-helpers';
import { i18n } from '../../i18n/i18n';
import { useSession } from '../../shell/session-store';
import { testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { theme } from '../../theme';
import { FIRST_ROWS, ResultsTable } from './results-table';
import type { ResultItem } from './search-api';
import { useSearch } from './search-store';

const COFFEE: ResultItem = {
  key: 'coffee',
  kind: 'hashtag',
  label: 'coffee',
  count: 5_000_000,
  isBanned: false,
  isIndexing: false,
};

/** The table of `items` (one result unless given), on the fake server's default network. */
function renderTable(network: Network, items: ResultItem[] = [COFFEE], onCommit?: () => void) {
  serveFakeApi({
    'GET /api/networks': { body: { default: network, networks: [network] } },
    'GET /api/trends/hashtags': {
      body: { network, first_day: '2026-10-29', last_day: '2026-11-27', trends: [] },
    },
  });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <Profiler id="results" onRender={() => onCommit?.()}>
            <ResultsTable items={items} />
          </Profiler>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

/** The count column's header says `text` once the network is known (it names the network's kind of count). */
const expectCountHeader = (text: string) =>
  waitFor(() => expect(screen.getByTestId('count-header').textContent).toBe(text));

// Issue 32 §10: the count column said "Posts" in Portuguese too.
describe('the results table in Portuguese', () => {
  beforeEach(async () => {
    useSession.setState(testSession('trial'));
    await i18n.changeLanguage('pt');
  });
  afterEach(async () => {
    resetApp();
    await i18n.changeLanguage('en');
  });

  it('heads the count column "Publicações", on the sample and on a live network', async () => {
    renderTable('sample');
    await expectCountHeader('Publicações (dados de exemplo)');
    cleanup();
    renderTable('bluesky');
    await expectCountHeader('Publicações, últimos 7 dias');
  });

  it('heads it "Posts" in English', async () => {
    await i18n.changeLanguage('en');
    renderTable('sample');
    await expectCountHeader('Posts (sample data)');
  });
});

// Issue 33: typing to results waited for all 50 rows to be drawn (60-130 ms in Chromium here).
describe('new results', () => {
  beforeEach(() => useSession.setState(testSession('trial')));
  afterEach(resetApp);

  it('show their first screen of rows at once, and every row, in order, right after', async () => {
    const items = Array.from({ length: 50 }, (_, i) => ({
      ...COFFEE,
      key: `coffee${i}`,
      label: `coffee${i}`,
    }));
    const rowsAtCommit: number[] = [];
    renderTable('sample', items, () => rowsAtCommit.push(screen.queryAllByTestId('result-row').length));
    await waitFor(() => expect(screen.getAllByTestId('result-row')).toHaveLength(50));
    expect(rowsAtCommit[0]).toBe(FIRST_ROWS);
    const names = screen.getAllByTestId('result-row').map((row) => row.querySelector('a')?.textContent);
    expect(names).toEqual(items.map((item) => `#${item.label}`));
  });
});

describe('a long name on a narrow screen', () => {
  beforeEach(() => useSession.setState(testSession('trial')));
  afterEach(resetApp);

  it('may break after the word searched for, not in the middle of a word', async () => {
    useSearch.getState().search('photography');
    const items = ['photography', 'photographylovers', 'streetphotography'].map((label) => ({
      ...COFFEE,
      key: label,
      label,
    }));
    renderTable('sample', items);
    await waitFor(() => expect(screen.getAllByTestId('result-row')).toHaveLength(3));
    const names = screen.getAllByTestId('result-row').map((row) => row.querySelector('a')!.innerHTML);
    // A tag that is the word alone, or holds it elsewhere, has no break of its own.
    expect(names).toEqual(['#photography', '#photography<wbr>lovers', '#streetphotography']);
  });
});
