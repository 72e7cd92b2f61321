import { ThemeProvider } from '@mui/material/styles';
import type { CopyNetwork } from '@tagscout/core/export';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { useSession } from '../../shell/session-store';
import { type TestGroup, testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { theme } from '../../theme';
import { testAppData } from '../appdata/test-app-data';
import { useSettings } from '../settings/settings-store';
import { ExportPanel } from './export-panel';
import { useExportList } from './export-store';

// Issue 32 §2 and §3: the Copy button and the toast count what goes to the clipboard, name the
// Tagscout credit when the copy holds it, in the user's language; commas keep a network's #.

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `tag${i + 1}`);
const hashed = (tags: readonly string[], separator = ' ') => tags.map((tag) => `#${tag}`).join(separator);

let clipboard: string[];

function renderPanel(options: {
  group: TestGroup;
  network: CopyNetwork;
  tags: number;
  language?: 'en' | 'pt';
  commas?: boolean;
}) {
  useSession.setState(testSession(options.group));
  useSettings.setState({ copyNetwork: options.network, exportCommaDelimited: options.commas ?? false });
  for (const hashtag of numbered(options.tags)) useExportList.getState().add({ hashtag, count: 1000 });
  // Every tag ticked by hand (the filters select at most 29 for the free version).
  useExportList.getState().selectOnly(numbered(options.tags));
  void i18n.changeLanguage(options.language ?? 'en');
  renderExportPanel();
}

/** The pane as the search screen holds it, with the list and session the test set up. */
function renderExportPanel() {
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

async function copy(buttonName: string): Promise<{ toast: string; copied: string }> {
  fireEvent.click(screen.getByRole('button', { name: buttonName, hidden: true }));
  // The panel's own alerts (help, the network's cap) share the role: the toast is the snackbar's.
  const toast = await waitFor(() => {
    const found = screen
      .getAllByRole('alert', { hidden: true })
      .find((alert) => alert.closest('.MuiSnackbar-root'));
    if (!found) throw new Error('no toast yet');
    return found;
  });
  return { toast: toast.textContent ?? '', copied: clipboard.at(-1) ?? '' };
}

/** The fake server: the app data as `appData` (no administrator's changes unless given), and `routes`. */
function serveApi(appData = testAppData(), routes: Parameters<typeof serveFakeApi>[0] = {}) {
  return serveFakeApi({
    'GET /api/appdata': { body: appData },
    'POST /api/events': { status: 202, body: { accepted: 1, duplicates: 0 } },
    'GET /api/networks': { body: { default: 'sample', networks: ['sample'] } },
    'GET /api/banned-tags': { body: { bannedTags: [] } },
    'GET /api/suggest/hashtags': { body: { network: 'sample', suggestions: [] } },
    'GET /api/trends/hashtags': {
      body: { network: 'sample', first_day: '2026-10-29', last_day: '2026-11-27', trends: [] },
    },
    ...routes,
  });
}

describe('the Copy button and its toast', () => {
  beforeEach(() => {
    serveApi();
    clipboard = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: async (text: string) => void clipboard.push(text) },
    });
  });
  afterEach(async () => {
    resetApp();
    await i18n.changeLanguage('en');
  });

  it('copies 8 for X as the 8 hashtags it names, with no credit and no #tagscout', async () => {
    renderPanel({ group: 'free', network: 'x', tags: 8 });
    const { toast, copied } = await copy('Copy 8 hashtags for X');
    expect(toast).toBe('Copied 8 hashtags for X');
    expect(copied).toBe(hashed(numbered(8)));
  });

  it('names the credit line in the button and the toast where it goes (Other), in English', async () => {
    renderPanel({ group: 'trial', network: 'other', tags: 8 });
    const { toast, copied } = await copy('Copy 8 hashtags + Tagscout credit');
    expect(toast).toBe('Copied 8 hashtags + Tagscout credit');
    expect(copied).toBe(`Hashtags by Tagscout\n${hashed(numbered(8))}`);
  });

  it('says the free limit and the credit when 29 of 32 go', async () => {
    renderPanel({ group: 'free', network: 'other', tags: 32 });
    const { toast, copied } = await copy('Copy 29 of 32 + Tagscout credit');
    expect(toast).toBe('29 of 32 copied + Tagscout credit; Pro copies all');
    expect(copied).toBe(`Hashtags by Tagscout\n${hashed(numbered(29))}`);
  });

  it('translates the credit line, the button and the toast into Portuguese', async () => {
    renderPanel({ group: 'free', network: 'other', tags: 8, language: 'pt' });
    const { toast, copied } = await copy('Copiar 8 hashtags + crédito do Tagscout');
    expect(toast).toBe('8 hashtags copiadas + crédito do Tagscout');
    expect(copied).toBe(`Hashtags por Tagscout\n${hashed(numbered(8))}`);
  });

  it('copies 5 of 8 for Instagram in Portuguese without a credit, commas keeping every #', async () => {
    renderPanel({ group: 'free', network: 'instagram', tags: 8, language: 'pt', commas: true });
    const { toast, copied } = await copy('Copiar 5 de 8 para o Instagram');
    expect(toast).toBe('5 de 8 copiadas para o Instagram');
    expect(copied).toBe(hashed(numbered(5), ', '));
  });

  it("copies as many as the administrator's cap for the network allows (app data, no release)", async () => {
    serveApi(testAppData({ networkCaps: { instagram: { hashtagCap: 3 } } }));
    renderPanel({ group: 'free', network: 'instagram', tags: 4 });
    await screen.findByRole('button', { name: 'Copy 3 of 4 for Instagram', hidden: true });
    const { copied } = await copy('Copy 3 of 4 for Instagram');
    expect(copied).toBe(hashed(numbered(3)));
  });

  it('says when the text before the hashtags fills the post, instead of "Copy 0 of 20" (issue 32 §10)', async () => {
    useSettings.setState({
      textBeforeHashtagsEnabled: true,
      textBeforeHashtagsText: 'Long caption. '.repeat(25),
    });
    renderPanel({ group: 'trial', network: 'x', tags: 20 });
    await screen.findByText(
      'Your text before the hashtags fills a X post: no hashtag fits. Shorten the text in Settings to make room.',
    );
    expect(screen.getByRole('link', { name: 'Edit the text', hidden: true }).getAttribute('href')).toBe(
      '/settings',
    );
    expect(screen.queryByRole('button', { name: /Pick the best/, hidden: true })).toBeNull();
    const copyButton = screen.getByRole('button', { name: 'No room for hashtags on X', hidden: true });
    expect(copyButton.hasAttribute('disabled')).toBe(true);
  });
});

describe('a tag of the list still being indexed', () => {
  afterEach(() => {
    resetApp();
    vi.useRealTimers();
  });

  it('says "indexing" in its row instead of a count or "No uses", and takes the count when it arrives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let isIndexed = false;
    const calls = serveApi(testAppData(), {
      // No uses yet on the network, as the server answers a tag it has not indexed.
      'GET /api/trends/hashtags': {
        body: {
          network: 'mastodon',
          first_day: '2026-10-29',
          last_day: '2026-11-27',
          trends: [
            {
              hashtag: 'focaccia',
              daily: Array(30).fill(0),
              last_7_days: 0,
              last_30_days: 0,
              week_change: null,
            },
          ],
        },
      },
      'GET /api/info/hashtag/{names}': () => ({
        body: {
          network: 'mastodon',
          data: [
            isIndexed
              ? { hashtag: 'focaccia', count: 280 }
              : { hashtag: 'focaccia', count: -2, indexing: true },
          ],
        },
      }),
    });
    useSession.setState(testSession('free'));
    // Added from a result row while the server was looking it up: its count unknown (-1).
    useExportList.getState().add({ hashtag: 'focaccia', count: -1 });
    renderExportPanel();
    const row = () =>
      within(screen.getByRole('list', { name: 'Export list', hidden: true })).getAllByRole('listitem', {
        hidden: true,
      })[0]!;
    await waitFor(() =>
      expect(calls.some((call) => call.url.startsWith('/api/info/hashtag/focaccia'))).toBe(true),
    );
    expect(within(row()).getByTestId('count-indexing').textContent).toBe('indexing');
    expect(within(row()).queryByText('No uses')).toBeNull();

    // The server has it now: the list asks again on its own, with no new search.
    isIndexed = true;
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(within(row()).queryByTestId('count-indexing')).toBeNull());
    expect(row().textContent).toContain('280');
    expect(useExportList.getState().tags).toEqual([{ hashtag: 'focaccia', count: 280 }]);
  });
});

describe('a banned tag in the list', () => {
  afterEach(() => resetApp());

  it('carries the banned warning in its row, as it does in the results, and the others do not', async () => {
    serveApi(testAppData(), { 'GET /api/banned-tags': { body: { bannedTags: ['dating', 'zzbanned'] } } });
    useSession.setState(testSession('free'));
    // Added from a result row, where the warning showed; the list keeps the name and count only.
    useExportList.getState().add({ hashtag: 'travel', count: 1000 });
    useExportList.getState().add({ hashtag: 'dating', count: 5120 });
    renderExportPanel();
    const rows = within(screen.getByRole('list', { name: 'Export list', hidden: true })).getAllByRole(
      'listitem',
      { hidden: true },
    );
    await waitFor(() =>
      expect(within(rows[1]!).queryByRole('img', { name: 'Banned tag', hidden: true })).toBeTruthy(),
    );
    expect(within(rows[0]!).queryByRole('img', { name: 'Banned tag', hidden: true })).toBeNull();
  });
});
