import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { type ServedCall, serveFakeApi } from './api/contract-test-helpers';
import { testAppData } from './features/appdata/test-app-data';
import './i18n/i18n';
import { AppRoutes } from './routes';
import { type TestGroup, testMe } from './shell/test-sessions';
import { theme } from './theme';

/** Local storage of a returning visitor: no cookie notice, tutorial or guide covers the screen. */
const RETURNING_VISITOR = { hasAcceptedCookies: 'true', firstTimeUser: 'false', showGuide: 'false' };

export interface AppStart {
  /** Who opens the app: a signed-in user of that group; without one, a signed-out visitor. */
  group?: TestGroup;
  /** More routes for the fake server, or other answers to the start's own. */
  routes?: Parameters<typeof serveFakeApi>[0];
  /** The server cannot be reached: every call fails as a refused connection does. */
  isUnreachable?: boolean;
}

/**
 * The whole app (its routes, frame and screens) opened at `path` by a returning visitor (signed out
 * unless `start.group` says), against a contract-checked fake server answering what the frame and the
 * limited search ask on start, and `start.routes`. `currentPath()` is where the app's router is now.
 * The caller cleans up after each test with resetApp() (test-reset.ts).
 */
export function renderApp(
  path: string,
  start: AppStart = {},
): { currentPath: () => string; calls: ServedCall[] } {
  for (const [key, value] of Object.entries(RETURNING_VISITOR)) localStorage.setItem(key, value);
  const calls = serveFakeApi({
    'GET /api/account/me': { body: start.group ? testMe(start.group) : { ...testMe('free'), user: null } },
    'GET /api/appdata': { body: testAppData() },
    'GET /api/countdown': { body: { return: { countDownDate: 0 } } },
    'GET /api/app/config': { body: { webAppOnly: false, storeUrls: { ios: 'i', android: 'a' } } },
    'GET /api/networks': { body: { default: 'sample', networks: ['sample'] } },
    'GET /api/trends/now': { body: { network: 'sample', as_of: '2026-11-27T12:00:00.000Z', trending: [] } },
    'POST /api/events': { status: 202, body: { accepted: 1, duplicates: 0 } },
    ...start.routes,
  });
  if (start.isUnreachable) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
  }
  let pathname = path;
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <LocationProbe
            onPath={(current) => {
              pathname = current;
            }}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { currentPath: () => pathname, calls };
}

/** Tells where the router is, on every move. */
function LocationProbe({ onPath }: { onPath: (pathname: string) => void }) {
  const { pathname } = useLocation();
  useEffect(() => onPath(pathname), [pathname, onPath]);
  return null;
}
