import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { useSession } from '../../shell/session-store';
import { testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { theme } from '../../theme';
import { testAppData } from '../appdata/test-app-data';
import { DEFAULT_SETTINGS, useSettings } from '../settings/settings-store';
import { ExportPanel } from './export-panel';
import { useExportList } from './export-store';

const HELP = 'Tick the tags you want, or let the filters choose, then copy them into your post.';

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

/** A reload as far as the settings go: the store read back from local storage. */
async function reloadSettings() {
  const saved = localStorage.getItem('settings');
  useSettings.setState(DEFAULT_SETTINGS);
  if (saved !== null) localStorage.setItem('settings', saved);
  await useSettings.persist.rehydrate();
}

const helpBox = () => screen.queryAllByRole('alert').find((alert) => alert.textContent?.includes(HELP));
const add = (hashtag: string) => useExportList.getState().add({ hashtag, count: 1000 });

// Moved from the browser (issue 30 §4): export-pane.spec's desktop walk no longer reloads to see the help
// box gone; the pane's room with everything open stays there (geometry).
describe("the export list's help box", () => {
  beforeEach(() => {
    useSession.setState(testSession('free'));
    serveFakeApi({
      'GET /api/appdata': { body: testAppData() },
      'POST /api/events': { status: 202, body: { accepted: 1, duplicates: 0 } },
      'GET /api/networks': { body: { default: 'sample', networks: ['sample'] } },
      'GET /api/banned-tags': { body: { bannedTags: [] } },
      'GET /api/trends/hashtags': {
        body: { network: 'sample', first_day: '2026-10-29', last_day: '2026-11-27', trends: [] },
      },
    });
  });
  afterEach(resetApp);

  it('shows once 3 tags were added, and "Don\'t show again" keeps it gone across a reload', async () => {
    add('travel');
    add('food');
    renderPanel();
    expect(helpBox()).toBeUndefined();
    cleanup();
    add('beach');
    renderPanel();
    const help = helpBox()!;
    expect(help).toBeTruthy();
    fireEvent.click(within(help).getByRole('button', { name: "Don't show again" }));
    expect(helpBox()).toBeUndefined();
    cleanup();

    await reloadSettings();
    renderPanel();
    expect(screen.getByRole('list', { name: 'Export list' })).toBeTruthy();
    expect(helpBox()).toBeUndefined();
  });
});
