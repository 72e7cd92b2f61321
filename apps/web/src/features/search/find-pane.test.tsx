import { ThemeProvider } from '@mui/material/styles';
import type { HashtagTrend } from '@tagscout/core/api';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ServedCall, serveFakeApi } from '../../api/contract-test-helpers';
import { i18n } from '../../i18n/i18n';
import { useSession } from '../../shell/session-store';
import { testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { theme } from '../../theme';
import { useSettings } from '../settings/settings-store';
import { FindPane } from './find-pane';
import { SearchKind } from './search-api';
import { searchQueryOf } from './search-query';
import { useSearch } from './search-store';

/** The tags the fake server's autocomplete answers, per query. */
const TAGS: Record<string, { hashtag: string; count: number; banned?: true }[]> = {
  pizza: [
    { hashtag: 'pizza', count: 9_000_000 },
    { hashtag: 'pizza🍕', count: 40_000 },
    { hashtag: 'pizzatime', count: 700_000 },
  ],
  '🍕': [{ hashtag: 'pizza🍕', count: 40_000 }],
  zzqqxxnothing: [],
  dating: [{ hashtag: 'dating', count: 2_000_000, banned: true }],
  coffee: [{ hashtag: 'coffee', count: 5_000_000 }],
};

/** Related tags of #coffee, in the order the server ranked them. */
/** The tags the fake server knows a trend of: two related tags, one of a tag and one of a place. */
const TRENDS: Record<string, HashtagTrend> = Object.fromEntries(
  ['espresso', 'portugal'].map((hashtag) => [
    hashtag,
    {
      hashtag,
      daily: [...new Array(23).fill(2), 5, 5, 5, 5, 5, 5, 5],
      last_7_days: 35,
      last_30_days: 81,
      week_change: 1.5,
    },
  ]),
);

const COFFEE_RELATED = [
  { hashtag: 'latteart', subcount: 40, authors: 29, relevance: 0.9 },
  { hashtag: 'espresso', subcount: 90, authors: 90, relevance: 0.7 },
  { hashtag: 'coffeetime', subcount: 120, authors: 1, relevance: 0.2 },
];

let calls: ServedCall[];

/** The pane after `text` was typed in the search box and searched for (tags unless another tab). */
function renderSearch(text: string, kind: SearchKind = SearchKind.tags) {
  useSearch.getState().setKind(kind);
  useSearch.getState().setText(text);
  useSearch.getState().search(searchQueryOf(kind, text, null));
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/try']}>
          <FindPane />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const resultNames = () =>
  screen.getAllByTestId('result-row').map((row) => within(row).getByRole('link').textContent);

/** Tags a store holds with and without accents (issue 32 §4). */
const CAFE_TAGS = [
  { hashtag: 'café', count: 3_000_000 },
  { hashtag: 'cafe', count: 2_000_000 },
  { hashtag: 'cafélife', count: 90_000 },
];

/** The server's search key: accents folded both ways, the tag answered as stored (decision 028). */
const foldAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * The fake server; `networks` are those holding data, the first the default; `tagsFor` what its
 * autocomplete answers a query.
 */
function serveApi(networks: string[] = ['sample'], tagsFor = (query: string) => TAGS[query] ?? []) {
  calls = serveFakeApi({
    'GET /api/autocomplete/place/{query}': {
      body: {
        places: [
          { place_id: 'pl-lisbon', title: 'Lisbon, Portugal', count: 12_000 },
          { place_id: 'pl-oceanarium', title: 'Lisbon Oceanarium', count: 900 },
        ],
      },
    },
    'GET /api/info/place/{id}': {
      body: {
        data: [
          {
            place_id: 'pl-lisbon',
            title: 'Lisbon, Portugal',
            count: 12_000,
            related_tags: [
              { hashtag: 'lisbon', subcount: 80, authors: 40, relevance: 0.9 },
              { hashtag: 'portugal', subcount: 60, authors: 35, relevance: 0.8 },
            ],
            related_post_count: 200,
          },
        ],
      },
    },
    'GET /api/sources/status': {
      body: {
        sources: [],
        alerts: ['lookups_blocked'],
        failures: [],
        bluesky: {
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
        },
      },
    },
    'GET /api/networks': { body: { default: networks[0], networks } },
    // Usage events the searches queue: not what these tests look at.
    'POST /api/events': { status: 202, body: { accepted: 1, duplicates: 0 } },
    // Trends of the tags in TRENDS only.
    'GET /api/trends/hashtags': (call) => {
      const asked = new URL(call.url, 'http://app.test').searchParams.get('tags')?.split(',') ?? [];
      const trends = asked.filter((tag) => tag in TRENDS).map((tag) => TRENDS[tag]!);
      return { body: { network: 'sample', first_day: '2026-10-29', last_day: '2026-11-27', trends } };
    },
    'GET /api/autocomplete/hashtag/{query}': (call) => {
      const query = decodeURIComponent(new URL(call.url, 'http://app.test').pathname.split('/').at(-1)!);
      return { body: { network: 'sample', hashtags: tagsFor(query) } };
    },
    // Coffee with its related tags; asked for counts, the store knows every tag but #espresso (-1).
    'GET /api/info/hashtag/{names}': (call) => {
      const url = new URL(call.url, 'http://app.test');
      const names = decodeURIComponent(url.pathname.split('/').at(-1)!).split(',');
      const data = url.searchParams.has('recommended')
        ? [{ hashtag: 'coffee', count: 5_000_000, related_tags: COFFEE_RELATED, related_post_count: 500 }]
        : names.map((hashtag) => ({ hashtag, count: hashtag === 'espresso' ? -1 : 1000 }));
      return { body: { network: 'sample', data } };
    },
  });
}

describe('the find pane', () => {
  beforeEach(() => {
    useSession.setState(testSession('trial'));
    serveApi();
  });
  afterEach(() => {
    resetApp();
    useSearch.getState().reset();
  });

  it('says a search typed offline runs when the connection is back, and runs it then', async () => {
    onlineManager.setOnline(false);
    try {
      renderSearch('coffee');
      await screen.findByText('You are offline: the search runs when the connection is back.');
      expect(calls.some((call) => call.url.includes('/api/autocomplete/'))).toBe(false);
    } finally {
      onlineManager.setOnline(true);
    }
    await screen.findByTestId('result-row');
    expect(screen.queryByText('You are offline: the search runs when the connection is back.')).toBeNull();
  });

  it('marks a banned tag with a warning', async () => {
    renderSearch('dating');
    const row = await screen.findByTestId('result-row');
    expect(within(row).getByRole('link').textContent).toBe('#dating');
    expect(within(row).getAllByRole('img', { name: 'Banned tag' })).toHaveLength(1);
  });

  it('shows emoji tags while emojis are on', async () => {
    renderSearch('pizza');
    await screen.findAllByTestId('result-row');
    expect(resultNames()).toEqual(['#pizza', '#pizza🍕', '#pizzatime']);
  });

  it('hides emoji tags when emojis are off', async () => {
    useSettings.setState({ emojisEnabled: false });
    renderSearch('pizza');
    await screen.findAllByTestId('result-row');
    expect(resultNames()).toEqual(['#pizza', '#pizzatime']);
  });

  it('says when emojis being off left nothing, and when there was nothing', async () => {
    useSettings.setState({ emojisEnabled: false });
    renderSearch('🍕');
    await screen.findByText(
      'No results found due to emojis being turned off. Turn emojis on in Settings to see them.',
    );
    cleanup();
    renderSearch('zzqqxxnothing');
    await screen.findByText('No Results', { exact: true });
  });

  it('says what to try when no tag starts with the search, and that words were joined', async () => {
    renderSearch('zzqq xxnothing');
    await screen.findByText('No Results', { exact: true });
    screen.getByText('Tags have no spaces, so your words were searched as one tag: #zzqqxxnothing.');
    screen.getByText('Try a shorter word.');
    cleanup();
    renderSearch('zzqqxxnothing');
    await screen.findByText('No tag starts with #zzqqxxnothing.');
    screen.getByText('Try a shorter word.');
  });

  it('says what a tag is made of when the search has no letter, number or emoji, not to shorten it', async () => {
    renderSearch('!@$%^&*()');
    await screen.findByText('No Results', { exact: true });
    screen.getByText('A tag is made of letters, numbers, emoji and _: type some to find tags.');
    expect(screen.queryByText('Try a shorter word.')).toBeNull();
    expect(screen.queryByText(/^No tag starts with/)).toBeNull();
  });

  it('suggests another network when the Network menu offers one', async () => {
    serveApi(['sample', 'bluesky']);
    renderSearch('#ZZQQxxnothing');
    await screen.findByText('No tag starts with #zzqqxxnothing.');
    await screen.findByText('Try a shorter word, or another network in the Network menu.');
  });

  it('says in Portuguese what to try', async () => {
    await i18n.changeLanguage('pt');
    try {
      renderSearch('zzqq xxnothing');
      await screen.findByText(
        'Tags não têm espaços, então suas palavras foram pesquisadas como uma tag só: #zzqqxxnothing.',
      );
      screen.getByText('Tente uma palavra mais curta.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows #café for "cafe" and #cafe for "café": the server folds accents, the tag keeps them (issue 32 §4)', async () => {
    serveApi(['sample'], (query) =>
      CAFE_TAGS.filter((tag) => foldAccents(tag.hashtag).startsWith(foldAccents(query))),
    );
    const askedFor = () =>
      calls
        .filter((call) => call.url.startsWith('/api/autocomplete/hashtag/'))
        .map((call) => decodeURIComponent(new URL(call.url, 'http://app.test').pathname.split('/').at(-1)!));
    renderSearch('cafe');
    await screen.findAllByTestId('result-row');
    expect(resultNames()).toEqual(['#café', '#cafe', '#cafélife']);
    expect(askedFor()).toEqual(['cafe']);
    cleanup();
    useSearch.getState().reset();
    renderSearch('café');
    await screen.findAllByTestId('result-row');
    expect(resultNames()).toEqual(['#café', '#cafe', '#cafélife']);
    expect(askedFor()).toEqual(['cafe', 'café']);
  });

  it('says a search is longer than any tag, without asking the server', async () => {
    renderSearch(`${'travel '.repeat(20)}photography`);
    await screen.findByText(
      'A tag has at most 100 characters, not counting spaces; this search has 131. Shorten it to find tags.',
    );
    expect(screen.queryByText('No Results', { exact: true })).toBeNull();
    expect(calls.some((call) => call.url.includes('/api/autocomplete/'))).toBe(false);
  });

  it('searches a query as long as a tag, counting emoji as one character each', async () => {
    renderSearch('🍕'.repeat(100));
    await screen.findByText(`No tag starts with #${'🍕'.repeat(100)}.`);
    expect(calls.some((call) => call.url.includes('/api/autocomplete/'))).toBe(true);
  });

  it('asks for related tags by relevance when chosen in settings, and shows them in its order', async () => {
    useSettings.setState({ relatedRanking: 'spec' });
    renderSearch('coffee');
    fireEvent.click(await screen.findByRole('button', { name: 'Show related tags of coffee' }));
    const related = await screen.findAllByTestId('related-row');
    expect(related.map((row) => within(row).getByRole('link').textContent)).toEqual([
      '#latteart',
      '#espresso',
      '#coffeetime',
    ]);
    const asked = calls.find((call) => call.url.startsWith('/api/info/hashtag/coffee'));
    expect(new URL(asked!.url, 'http://app.test').searchParams.get('ranking')).toBe('spec');
  });

  it('says how many posts and how many people each related tag comes from', async () => {
    renderSearch('coffee');
    fireEvent.click(await screen.findByRole('button', { name: 'Show related tags of coffee' }));
    const why = (await screen.findAllByTestId('related-why')).map((row) => row.textContent);
    expect(why).toEqual([
      'in 40 of 500 recent posts, by 29 people',
      'in 90 of 500 recent posts, by 90 people',
      'in 120 of 500 recent posts, by 1 person',
    ]);
  });

  it('searches a related tag from its row: the box shows it and the server is asked for it', async () => {
    renderSearch('coffee');
    fireEvent.click(await screen.findByRole('button', { name: 'Show related tags of coffee' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Search #espresso' }));
    expect(useSearch.getState()).toMatchObject({
      kind: SearchKind.tags,
      text: 'espresso',
      query: 'espresso',
    });
    expect((screen.getByRole('textbox', { name: 'Search text' }) as HTMLInputElement).value).toBe('espresso');
    await vi.waitFor(() =>
      expect(calls.some((call) => call.url.startsWith('/api/autocomplete/hashtag/espresso'))).toBe(true),
    );
  });

  it('asks again for related counts the store does not know with a back-off, not over and over', async () => {
    // This fake never knows #espresso's count.
    renderSearch('coffee');
    fireEvent.click(await screen.findByRole('button', { name: 'Show related tags of coffee' }));
    await screen.findAllByTestId('related-row');
    const countsAsked = () =>
      calls.filter((call) => call.url.startsWith('/api/info/hashtag/') && !call.url.includes('recommended'))
        .length;
    await vi.waitFor(() => expect(countsAsked()).toBeGreaterThanOrEqual(2));
    // The next ask waits 500 ms: nothing more within 300 ms of the first two.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(countsAsked()).toBe(2);
  });

  it("shows each related tag's trend, under a tag and under a place", async () => {
    renderSearch('coffee');
    fireEvent.click(await screen.findByRole('button', { name: 'Show related tags of coffee' }));
    const espresso = (await screen.findAllByTestId('related-row')).find((row) =>
      row.textContent?.includes('#espresso'),
    )!;
    expect(
      (await within(espresso).findByRole('button', { name: /^Trend of #espresso: 35 uses/ })).textContent,
    ).toContain('+150%');
    cleanup();
    renderSearch('lisbon', SearchKind.places);
    fireEvent.click(await screen.findByRole('button', { name: 'Show related tags of Lisbon, Portugal' }));
    expect(await screen.findByRole('button', { name: /^Trend of #portugal: 35 uses/ })).toBeTruthy();
  });

  it("searches a place and shows the tags posted there, asking for the place's related tags", async () => {
    renderSearch('lisbon', SearchKind.places);
    await screen.findAllByTestId('result-row');
    expect(resultNames()).toEqual(['Lisbon, Portugal', 'Lisbon Oceanarium']);
    fireEvent.click(screen.getByRole('button', { name: 'Show related tags of Lisbon, Portugal' }));
    const related = await screen.findAllByTestId('related-row');
    expect(related.map((row) => within(row).getByRole('link').textContent)).toEqual(['#lisbon', '#portugal']);
    expect(calls.map((call) => new URL(call.url, 'http://app.test').pathname)).toContain(
      '/api/info/place/pl-lisbon',
    );
  });

  it('shows an administrator above the results that the social network blocks lookups', async () => {
    useSession.setState(testSession('admin'));
    renderSearch('coffee');
    const alerts = await screen.findByRole('region', { name: 'Alerts about the social network' });
    expect(alerts.textContent).toContain('The social network is blocking direct lookups');
  });
});
