import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { useSession } from '../../shell/session-store';
import { testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { theme } from '../../theme';
import { useExportList } from '../export/export-store';
import { DEFAULT_SETTINGS, useSettings } from '../settings/settings-store';
import { SuggestedForList } from './suggested-for-list';

const SUGGESTED = ['latte', 'espresso', 'coffeetime'];

function renderSuggestions() {
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <SuggestedForList />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const chips = () => screen.queryAllByRole('button', { name: /^Add #.+ to the list$/ });

/** What a reload does to the settings: a fresh store, read back from what was saved. */
async function reloadSettings() {
  const saved = localStorage.getItem('settings');
  useSettings.setState(DEFAULT_SETTINGS);
  if (saved !== null) localStorage.setItem('settings', saved);
  await useSettings.persist.rehydrate();
}

// Issue 32 §1: the suggestions fold, and stay folded.
describe('"Suggested for this list" folded', () => {
  beforeEach(() => {
    // A trial asks for suggestions as the list changes (no allowance to spend).
    useSession.setState(testSession('trial'));
    serveFakeApi({
      'GET /api/suggest/hashtags': {
        body: {
          network: 'sample',
          suggestions: SUGGESTED.map((hashtag) => ({
            hashtag,
            count: 90_000,
            score: 1,
            subcount: 9,
            lists: 1,
            authors: 5,
          })),
        },
      },
    });
    useExportList.getState().add({ hashtag: 'coffee', count: 5_000_000 });
  });
  afterEach(resetApp);

  it('hides its chips, says how many it holds, and shows them again', async () => {
    renderSuggestions();
    await screen.findByRole('button', { name: 'Add #latte to the list' });
    expect(chips()).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'Fold the suggestions' }));
    expect(chips()).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Suggested for this list (3)' })).toBeTruthy();
    const unfold = screen.getByRole('button', { name: 'Show the suggestions' });
    expect(unfold.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(unfold);
    expect(chips()).toHaveLength(3);
  });

  it('stays folded across a reload', async () => {
    renderSuggestions();
    await screen.findByRole('button', { name: 'Add #latte to the list' });
    fireEvent.click(screen.getByRole('button', { name: 'Fold the suggestions' }));
    cleanup();

    await reloadSettings();
    renderSuggestions();
    await screen.findByRole('heading', { name: 'Suggested for this list (3)' });
    expect(chips()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Show the suggestions' })).toBeTruthy();
  });
});
