import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServedCall, serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { useSession } from '../../shell/session-store';
import { testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { theme } from '../../theme';
import { OwnPostsPage } from './own-posts-page';
import { useOwnPostsStore } from './own-posts-store';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <OwnPostsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const NO_TAGS = { hashtags: [], networks: [] };
const HANDLES = {
  handles: [
    {
      network: 'bluesky',
      handle: 'ana.bsky.social',
      connected_at: '2024-07-01T10:00:00.000Z',
      refreshed_at: '2024-07-01T10:00:00.000Z',
      refresh_error: null,
      posts: 14,
    },
  ],
  suggest_from_own_tags: false,
};
const ENGAGEMENT = {
  min_posts: 5,
  tags: [
    {
      hashtag: 'travel',
      network: 'bluesky',
      posts: 7,
      median_with: 51,
      median_without: 13,
      lift: 51 / 13,
      too_few: false,
    },
    {
      hashtag: 'city',
      network: 'bluesky',
      posts: 6,
      median_with: 8,
      median_without: 16,
      lift: 0.5,
      too_few: false,
    },
    {
      hashtag: 'food',
      network: 'bluesky',
      posts: 14,
      median_with: null,
      median_without: null,
      lift: null,
      too_few: true,
    },
  ],
  timeline: [{ week: '2024-06-03', posts: 14, median: 20 }],
  hashtag_timeline: null,
};
const tagOrder = () =>
  screen.getAllByTestId('tag-that-works').map((row) => within(row).getAllByRole('cell')[0]!.textContent);
const routeOf = (call: ServedCall) => `${call.method} ${new URL(call.url, 'http://app.test').pathname}`;

describe('Your posts', () => {
  afterEach(async () => {
    resetApp();
    useOwnPostsStore.setState({ suggestFromOwnTags: false });
    await i18n.changeLanguage('en');
  });

  it('asks a visitor to sign in and asks the server nothing', async () => {
    useSession.setState({ ...testSession('free'), isLoaded: true });
    const calls = serveFakeApi({});
    renderPage();
    expect(await screen.findByText('Sign in with your account to bring your own posts.')).toBeTruthy();
    expect(calls.filter((call) => routeOf(call).includes('/api/me/'))).toEqual([]);
  });

  it('sorts the tags that work, says "too few posts to tell", and turns the suggestions on only when asked', async () => {
    useSession.setState(testSession('emailTrial'));
    let isOn = false;
    const calls = serveFakeApi({
      'GET /api/me/hashtags': { body: NO_TAGS },
      'GET /api/me/handles': () => ({ body: { ...HANDLES, suggest_from_own_tags: isOn } }),
      'GET /api/me/engagement': { body: ENGAGEMENT },
      'PUT /api/me/settings': () => {
        isOn = true;
        return { body: { ...HANDLES, suggest_from_own_tags: true } };
      },
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Your tags that work' });
    await waitFor(() => expect(tagOrder()).toEqual(['#travelBluesky', '#cityBluesky', '#foodBluesky']));
    expect(
      within(screen.getAllByTestId('tag-that-works')[2]!).getByText('Too few posts to tell'),
    ).toBeTruthy();
    expect(screen.getByText(/Instagram gives how posts did only through Meta's business APIs/)).toBeTruthy();

    // Most posts first, then fewest; too few posts stay last whichever way the lift sorts.
    const sortBy = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
    sortBy('Your posts');
    expect(tagOrder()).toEqual(['#foodBluesky', '#travelBluesky', '#cityBluesky']);
    sortBy('Your posts');
    expect(tagOrder()).toEqual(['#cityBluesky', '#travelBluesky', '#foodBluesky']);
    sortBy('Lift');
    expect(tagOrder()).toEqual(['#travelBluesky', '#cityBluesky', '#foodBluesky']);
    sortBy('Lift');
    expect(tagOrder()).toEqual(['#cityBluesky', '#travelBluesky', '#foodBluesky']);

    expect(useOwnPostsStore.getState().suggestFromOwnTags).toBe(false);
    expect(calls.filter((call) => routeOf(call) === 'PUT /api/me/settings')).toEqual([]);
    fireEvent.click(screen.getByLabelText("Use my tags that work in the list's suggestions"));
    await waitFor(() => expect(useOwnPostsStore.getState().suggestFromOwnTags).toBe(true));
    expect(calls.filter((call) => routeOf(call) === 'PUT /api/me/settings').map((call) => call.body)).toEqual(
      [{ suggest_from_own_tags: true }],
    );
  });

  it.each([
    [
      'en',
      'No posts yet',
      'Your archive file',
      /^This JSON file is neither Instagram's posts file nor Mastodon's outbox\. Upload Instagram's posts_1\.json/,
    ],
    [
      'pt',
      'Nenhum post ainda',
      'Seu arquivo',
      /^Este arquivo JSON não é o arquivo de posts do Instagram nem o outbox do Mastodon\. Envie o posts_1\.json do Instagram/,
    ],
  ] as const)(
    'says in %s why the server could not read a file, and what file it expected',
    async (language, empty, fileLabel, message) => {
      useSession.setState(testSession('emailTrial'));
      serveFakeApi({
        'GET /api/me/hashtags': { body: NO_TAGS },
        'GET /api/me/handles': { body: { handles: [], suggest_from_own_tags: false } },
        'POST /api/me/archive': {
          status: 400,
          body: { error: { code: 'archive_unknown_json', message: 'This JSON file is not one we read.' } },
        },
      });
      await i18n.changeLanguage(language);
      renderPage();
      expect(await screen.findByText(empty)).toBeTruthy();
      const file = new File(['{"notes": []}'], 'notes.json', { type: 'application/json' });
      fireEvent.change(screen.getByLabelText(fileLabel), { target: { files: [file] } });
      expect(await screen.findByText(message)).toBeTruthy();
    },
  );
});
