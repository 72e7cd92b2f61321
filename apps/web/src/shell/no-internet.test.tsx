import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useExportList } from '../features/export/export-store';
import { renderApp } from '../test-app';
import { resetApp } from '../test-reset';
import { restartApp } from './restart-app';

// A web worker runs several files in turn: without the reset, the app's modules another file loaded
// may be reused here, with the real restartApp (vitest-dev/vitest#11284).
vi.hoisted(() => vi.resetModules());
vi.mock('./restart-app', () => ({ restartApp: vi.fn() }));

describe('/noInternet', () => {
  afterEach(() => {
    vi.useRealTimers();
    resetApp();
    vi.mocked(restartApp).mockClear();
  });

  it('shows the no-internet screen when the app cannot start, and keeps the work through its Restart', async () => {
    const add = useExportList.getState().add;
    add({ hashtag: 'beach', count: 1200 });
    add({ hashtag: 'sunset', count: 900 });

    // The app data is asked for three times, 1 s and 2 s apart, before the app gives up on starting.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { currentPath } = renderApp('/try', { isUnreachable: true });
    await vi.waitFor(
      async () => {
        await act(() => vi.advanceTimersByTimeAsync(1000));
        screen.getByRole('heading', { level: 1, name: 'No internet connection' });
      },
      { timeout: 10_000 },
    );
    vi.useRealTimers();
    await waitFor(() => expect(currentPath()).toBe('/noInternet'));
    fireEvent.click(screen.getByRole('button', { name: 'Restart' }));
    expect(restartApp).toHaveBeenCalledOnce();

    // Restart is a new page load: the app starts again from local storage, the server reachable now.
    cleanup();
    const stored = localStorage.getItem('exportList');
    useExportList.setState({ tags: [], selected: [] });
    localStorage.setItem('exportList', stored ?? '');
    await useExportList.persist.rehydrate();
    const restarted = renderApp('/', {
      routes: {
        'GET /api/info/hashtag/{names}': { body: { network: 'sample', data: [] } },
        'GET /api/banned-tags': { body: { bannedTags: [] } },
        'GET /api/trends/hashtags': {
          body: { network: 'sample', first_day: '2026-10-29', last_day: '2026-11-27', trends: [] },
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Export list', hidden: true });
    await waitFor(() => expect(restarted.currentPath()).toBe('/try'));
    const names = within(list)
      .getAllByRole('checkbox', { hidden: true })
      .map((box) => box.getAttribute('aria-label'));
    expect(names).toEqual(['#beach', '#sunset']);
  });
});
