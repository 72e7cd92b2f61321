import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ServedCall, serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { useSession } from '../../shell/session-store';
import { testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { theme } from '../../theme';
import { useExportList } from '../export/export-store';
import { DEFAULT_SETTINGS, useSettings } from '../settings/settings-store';
import { CheckTagsButton } from './check-tags-dialog';

/** The store's counts as /api/info/hashtag answers them: #dating is banned on the network. */
const COUNTS: Record<string, { count: number; banned?: boolean }> = {
  travel: { count: 1_234_567 },
  beach: { count: 80_214 },
  dating: { count: 5_120, banned: true },
  zzqqnotatag: { count: 0 },
  viagem: { count: 4_321 },
};

/** A free visitor's fake server: counts per name, no trends, and tags for a caption's words. */
function serveApi(): ServedCall[] {
  return serveFakeApi({
    'GET /api/networks': { body: { default: 'sample', networks: ['sample'] } },
    'GET /api/info/hashtag/{names}': (call) => {
      const names = decodeURIComponent(new URL(call.url, 'http://app.test').pathname.split('/').at(-1)!);
      return {
        body: {
          network: 'sample',
          data: names.split(',').map((hashtag) => ({ hashtag, ...COUNTS[hashtag]! })),
        },
      };
    },
    'GET /api/trends/hashtags': {
      body: { network: 'sample', first_day: '2026-10-29', last_day: '2026-11-27', trends: [] },
    },
    'POST /api/suggest/caption': {
      body: {
        network: 'sample',
        words: ['viagem', 'trip', 'wanderlust'],
        given: ['viagem'],
        suggestions: [
          { hashtag: 'wanderlust', count: 9_000, score: 1, authors: 30, words: ['wanderlust'] },
          { hashtag: 'roadtrip', count: 7_000, score: 0.8, authors: 12, words: ['trip'] },
        ],
        hidden: 6,
      },
    },
    'POST /api/events': { status: 202, body: { accepted: 1, duplicates: 0 } },
  });
}

function renderCheckTags() {
  useSession.setState(testSession('free'));
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <CheckTagsButton />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const listed = () => useExportList.getState().tags.map((tag) => tag.hashtag);

// Moved from the browser (issue 30 §4): suggest.spec's pasted caption and caption.spec's Portuguese phone.
describe('Check my tags', () => {
  let calls: ServedCall[];
  beforeEach(() => {
    useSettings.setState(DEFAULT_SETTINGS);
    calls = serveApi();
  });
  afterEach(async () => {
    resetApp();
    await i18n.changeLanguage('en');
  });

  it('checks a pasted caption: its tags once each, their counts and banned flags, then adds all but the banned', async () => {
    renderCheckTags();
    fireEvent.click(screen.getByRole('button', { name: 'Check my tags' }));
    const dialog = screen.getByRole('dialog', { name: 'Check my tags' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Caption or list of tags' }), {
      target: { value: 'Sunset walk 🌅 #Travel #beach #dating #travel #zzqqnotatag' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(
      await within(dialog).findByText('4 tags found. 1 is banned and stays out of the list.'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('/api/info/hashtag/')).map((call) => call.url)).toEqual([
      expect.stringMatching(/\/api\/info\/hashtag\/travel(,|%2C)beach(,|%2C)dating(,|%2C)zzqqnotatag(\?|$)/),
    ]);
    const rows = within(dialog).getAllByTestId('checked-tag');
    // Each row: the tag (its name before the banned flag's icon) and its count.
    const nameOf = (row: HTMLElement) =>
      within(row).getAllByRole('cell')[0]!.firstChild?.firstChild?.textContent;
    expect(rows.map((row) => [nameOf(row), within(row).getAllByRole('cell')[1]!.textContent])).toEqual([
      ['#travel', '1,234,567'],
      ['#beach', '80,214'],
      ['#dating', '5,120'],
      ['#zzqqnotatag', '0'],
    ]);
    const bannedRows = rows.filter((row) => within(row).queryByRole('img', { name: 'Banned tag' }));
    expect(bannedRows.map(nameOf)).toEqual(['#dating']);

    // A banned tag hides the post it is on: "Add all" leaves it out (it can still be added from search).
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add all 3 to the list' }));
    expect(within(dialog).getByText('3 tags added to the export list.')).toBeTruthy();
    expect(listed()).toEqual(['travel', 'beach', 'zzqqnotatag']);
    expect(useExportList.getState().tags.find((tag) => tag.hashtag === 'travel')?.count).toBe(1_234_567);
    expect(within(dialog).getByRole('button', { name: 'Nothing to add' }).hasAttribute('disabled')).toBe(
      true,
    );
    // The keyboard goes on from Close, not from the top of the page.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
  });

  it('counts only the tags the list does not hold yet, and says how many it holds', async () => {
    useExportList.getState().add({ hashtag: 'travel', count: 1_234_567 });
    renderCheckTags();
    fireEvent.click(screen.getByRole('button', { name: 'Check my tags' }));
    const dialog = screen.getByRole('dialog', { name: 'Check my tags' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Caption or list of tags' }), {
      target: { value: '#travel #beach #dating' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(
      await within(dialog).findByText(
        '3 tags found. 1 is banned and stays out of the list. 1 is in the list already.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 1 to the list' }));
    expect(within(dialog).getByText('1 tag added to the export list.')).toBeTruthy();
    expect(listed()).toEqual(['travel', 'beach']);
  });

  it('works in Portuguese: checks, asks for the words’ tags and adds one from the keyboard', async () => {
    await i18n.changeLanguage('pt');
    renderCheckTags();
    fireEvent.click(screen.getByRole('button', { name: 'Verificar minhas tags' }));
    const dialog = screen.getByRole('dialog', { name: 'Verificar minhas tags' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Legenda ou lista de tags' }), {
      target: { value: 'Uma viagem inesquecível: trip, wanderlust e adventure na praia #viagem' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verificar' }));
    expect(await within(dialog).findByText('1 tag encontrada.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Adicionar 1 à lista' })).toBeTruthy();
    // A free visitor's related searches are counted: the words' tags come when asked for.
    expect(calls.some((call) => call.url.endsWith('/api/suggest/caption'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sugerir tags para estas palavras' }));
    const chips = await within(dialog).findByTestId('caption-suggestions');
    expect(within(dialog).getByText(/^Das suas palavras: viagem, trip, wanderlust\./)).toBeTruthy();
    const add = within(chips).getByRole('button', { name: 'Adicionar #wanderlust à lista' });
    add.focus();
    fireEvent.keyDown(add, { key: 'Enter' });
    expect(listed()).toEqual(['wanderlust']);
    expect(within(chips).getByLabelText('#wanderlust está na lista')).toBeTruthy();
  });

  it('keeps a pasted text across a reload until its tags are added', async () => {
    renderCheckTags();
    fireEvent.click(screen.getByRole('button', { name: 'Check my tags' }));
    const field = () => within(screen.getByRole('dialog', { name: 'Check my tags' })).getByRole('textbox');
    fireEvent.change(field(), { target: { value: 'A long caption I wrote #travel #beach' } });
    // A reload: the page and its dialog go, the tab's storage stays.
    cleanup();
    renderCheckTags();
    fireEvent.click(screen.getByRole('button', { name: 'Check my tags' }));
    expect((field() as HTMLTextAreaElement).value).toBe('A long caption I wrote #travel #beach');

    const dialog = screen.getByRole('dialog', { name: 'Check my tags' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add all 2 to the list' }));
    cleanup();
    renderCheckTags();
    fireEvent.click(screen.getByRole('button', { name: 'Check my tags' }));
    expect((field() as HTMLTextAreaElement).value).toBe('');
  });
});
