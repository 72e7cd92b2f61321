import { ThemeProvider } from '@mui/material/styles';
import { resolveAccess } from '@tagscout/core/access';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { useSession } from '../../shell/session-store';
import { testMe, testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { theme } from '../../theme';
import { useSessionBootstrap } from '../account/session-sync';
import { testAppData } from '../appdata/test-app-data';
import { useExportList } from '../export/export-store';
import { SuggestedForList } from '../suggest/suggested-for-list';
import { FindPane } from './find-pane';
import { useSearch } from './search-store';

// Issue 32 §7: a free visitor sees what is left of the day's related searches before spending one,
// is told before "Suggest tags for this list" that it uses one, and is told why only 2 of 40 show.

/** 40 related tags of #coffee, the most a list keeps. */
const COFFEE_RELATED = Array.from({ length: 40 }, (_, i) => ({
  hashtag: `coffee${i + 1}`,
  subcount: 100 - i,
  authors: 50,
  relevance: 1 - i / 100,
}));

function freeVisitorWith(left: number) {
  useSession.setState(testSession('free', Date.now(), { relatedSearches: { allowed: 4, left } }));
}

function renderWithProviders(node: React.ReactNode) {
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/try']}>{node}</MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

function renderSearch(query: string) {
  useSearch.getState().setText(query);
  useSearch.getState().search(query);
  renderWithProviders(<FindPane />);
}

/** Who the visitor is comes from GET /api/account/me, as in the app's frame. */
function SessionFromServer() {
  useSessionBootstrap();
  return null;
}

function renderSearchWithSession(query: string) {
  useSearch.getState().setText(query);
  useSearch.getState().search(query);
  renderWithProviders(
    <>
      <SessionFromServer />
      <FindPane />
    </>,
  );
}

/** The element holding exactly this text; throws when there is none. */
const line = (text: string) => screen.getByText(text);
/** The line saying what a suggestion costs: the old one and the new one both say "uses one". */
const costLine = () => screen.getByText(/uses one|usa uma/i);

/** What the server answers for #coffee's related tags: the whole list, or the 2 a free plan shows and the number of the rest. */
function coffeeInfo(isCut: boolean) {
  const tags = isCut ? COFFEE_RELATED.slice(0, 2) : COFFEE_RELATED;
  return {
    network: 'sample',
    data: [
      {
        hashtag: 'coffee',
        count: 5_000_000,
        related_tags: tags,
        related_post_count: 500,
        related_tags_hidden: COFFEE_RELATED.length - tags.length,
      },
    ],
  };
}

/** The fake server of these tests; `me` makes what GET /api/account/me answers (the contract checks it). */
function serveApi(me?: () => unknown) {
  return serveFakeApi({
    ...(me ? { 'GET /api/account/me': () => ({ body: me() }) } : {}),
    'GET /api/appdata': { body: testAppData() },
    'GET /api/networks': { body: { default: 'sample', networks: ['sample'] } },
    'POST /api/events': { status: 202, body: { accepted: 1, duplicates: 0 } },
    'GET /api/trends/hashtags': {
      body: { network: 'sample', first_day: '2026-10-29', last_day: '2026-11-27', trends: [] },
    },
    'GET /api/autocomplete/hashtag/{query}': {
      body: { network: 'sample', hashtags: [{ hashtag: 'coffee', count: 5_000_000 }] },
    },
    // As the server answers: a free visitor gets the first 2 related tags, and how many more there are.
    'GET /api/info/hashtag/{names}': () => ({
      body: coffeeInfo(resolveAccess(useSession.getState().account).displayedRelatedTags !== null),
    }),
    'GET /api/suggest/hashtags': {
      body: {
        network: 'sample',
        suggestions: [{ hashtag: 'latte', count: 90_000, score: 1, subcount: 9, lists: 1, authors: 5 }],
        hidden: 3,
      },
    },
  });
}

describe('free limits, said before they bite', () => {
  beforeEach(() => serveApi());
  afterEach(async () => {
    resetApp();
    useSearch.getState().reset();
    await i18n.changeLanguage('en');
  });

  it('shows what is left of the related searches before one is spent, and after', async () => {
    freeVisitorWith(2);
    renderSearch('coffee');
    await screen.findByTestId('result-row');
    expect(line('2 of 4 related searches left today')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show related tags of coffee' }));
    await screen.findAllByTestId('related-row');
    expect(line('1 of 4 related searches left today')).toBeTruthy();
  });

  it('says when none is left today, and when they come back', async () => {
    freeVisitorWith(0);
    renderSearch('coffee');
    await screen.findByTestId('result-row');
    expect(
      line("You have used today's 4 related searches: more tomorrow, or without limit with Pro"),
    ).toBeTruthy();
  });

  // The browser keeps no count of its own: the session holds the server's, and at 0 left a click asks
  // the server again, whose day may have turned.
  it('expands when the server has searches left again, though its last answer said none', async () => {
    const counts = [0, 4];
    serveApi(() => ({ ...testMe('free'), relatedSearches: { allowed: 4, left: counts.shift() ?? 4 } }));
    renderSearchWithSession('coffee');
    await screen.findByText(
      "You have used today's 4 related searches: more tomorrow, or without limit with Pro",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show related tags of coffee' }));
    expect(await screen.findAllByTestId('related-row')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks to upgrade when the server says the searches were spent elsewhere (another tab, the app)', async () => {
    serveApi(() => ({ ...testMe('free'), relatedSearches: { allowed: 4, left: 0 } }));
    renderSearchWithSession('coffee');
    await screen.findByText(
      "You have used today's 4 related searches: more tomorrow, or without limit with Pro",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show related tags of coffee' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Related tag limit reached');
    // The number is the one the server allows, and the way out is the plans.
    expect(dialog.textContent).toContain('The free version includes 4 related-tag searches a day.');
    expect(within(dialog).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/upgrade');
    expect(screen.queryAllByTestId('related-row')).toHaveLength(0);
  });

  it('says nothing of a limit to a visitor who has none', async () => {
    useSession.setState(testSession('trial'));
    renderSearch('coffee');
    await screen.findByTestId('result-row');
    expect(screen.queryByText(/related searches left today/)).toBeNull();
  });

  it('explains why a free list shows 2 of its 40 related tags', async () => {
    freeVisitorWith(4);
    renderSearch('coffee');
    fireEvent.click(await screen.findByRole('button', { name: 'Show related tags of coffee' }));
    expect(await screen.findAllByTestId('related-row')).toHaveLength(2);
    expect(
      line('The free version shows the 2 most related of these 40 tags. 38 more related tags with Pro'),
    ).toBeTruthy();
  });

  it('shows the whole list once the plan does (a trial started with the list open), and cuts it again without asking', async () => {
    const calls = serveApi();
    const relatedAsked = () => calls.filter((call) => call.url.includes('recommended=1')).length;
    freeVisitorWith(4);
    renderSearch('coffee');
    fireEvent.click(await screen.findByRole('button', { name: 'Show related tags of coffee' }));
    expect(await screen.findAllByTestId('related-row')).toHaveLength(2);

    act(() => useSession.setState(testSession('trial')));
    await waitFor(() => expect(screen.getAllByTestId('related-row')).toHaveLength(10));
    expect(screen.queryByText(/The free version shows/)).toBeNull();
    expect(relatedAsked()).toBe(2);

    // The trial ends: the whole list already here is cut on screen, and no free search is spent.
    act(() => freeVisitorWith(4));
    await waitFor(() => expect(screen.getAllByTestId('related-row')).toHaveLength(2));
    expect(
      line('The free version shows the 2 most related of these 40 tags. 38 more related tags with Pro'),
    ).toBeTruthy();
    expect(relatedAsked()).toBe(2);
  });

  it('cuts a whole list on screen when a trial ends with it open, asking nothing and spending nothing', async () => {
    const calls = serveApi();
    const relatedAsked = () => calls.filter((call) => call.url.includes('recommended=1')).length;
    useSession.setState(testSession('trial'));
    renderSearch('coffee');
    fireEvent.click(await screen.findByRole('button', { name: 'Show related tags of coffee' }));
    expect(await screen.findAllByTestId('related-row')).toHaveLength(10);

    act(() => freeVisitorWith(4));
    await waitFor(() => expect(screen.getAllByTestId('related-row')).toHaveLength(2));
    expect(
      line('The free version shows the 2 most related of these 40 tags. 38 more related tags with Pro'),
    ).toBeTruthy();
    expect(relatedAsked()).toBe(1);
  });

  it('says before "Suggest tags for this list" that it uses one, and how many are left', async () => {
    freeVisitorWith(2);
    useExportList.getState().add({ hashtag: 'coffee', count: 5_000_000 });
    renderWithProviders(<SuggestedForList />);
    const ask = screen.getByRole('button', { name: 'Suggest tags for this list' });
    const cost = costLine();
    expect(cost.compareDocumentPosition(ask) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(cost.textContent).toBe(
      'Suggesting tags uses one of your free related searches: 2 of 4 related searches left today',
    );

    fireEvent.click(ask);
    await within(await screen.findByTestId('suggested-tags')).findByText(/#latte/);
    expect(useSession.getState().relatedSearches).toEqual({ allowed: 4, left: 1 });
  });

  it('says it all in Portuguese', async () => {
    await i18n.changeLanguage('pt');
    freeVisitorWith(2);
    renderSearch('coffee');
    await screen.findByTestId('result-row');
    expect(line('Restam 2 de 4 buscas de tags relacionadas hoje')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar tags relacionadas de coffee' }));
    await screen.findAllByTestId('related-row');
    expect(
      line(
        'A versão gratuita mostra as 2 mais relacionadas destas 40 tags. Mais 38 tags relacionadas no Pro',
      ),
    ).toBeTruthy();
    cleanup();

    freeVisitorWith(1);
    useExportList.getState().add({ hashtag: 'coffee', count: 5_000_000 });
    renderWithProviders(<SuggestedForList />);
    expect(costLine().textContent).toBe(
      'Sugerir tags usa uma das suas buscas de tags relacionadas grátis: resta 1 de 4 buscas de tags relacionadas hoje',
    );
  });
});
