import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { type ServedCall, serveFakeApi } from './api/contract-test-helpers';
import { testAppData } from './features/appdata/test-app-data';
import './i18n/i18n';
import { AppRoutes } from './routes';
import { testMe } from './shell/test-sessions';
import { theme } from './theme';

/** Local storage of a returning visitor: no cookie notice, tutorial or guide covers the screen. */
const RETURNING_VISITOR = { hasAcceptedCookies: 'true', firstTimeUser: 'false', showGuide: 'false' };

/**
 * The whole app (its routes, frame and screens) opened at `path` by a signed-out returning visitor,
 * against a contract-checked fake server answering what the frame and the limited search ask on start.
 * `currentPath()` is where the app's router is now. The caller cleans up (cleanup(),
 * vi.unstubAllGlobals(), localStorage.clear(), the session store).
 */
export function renderApp(path: string): { currentPath: () => string; calls: ServedCall[] } {
  for (const [key, value] of Object.entries(RETURNING_VISITOR)) localStorage.setItem(key, value);
  const calls = serveFakeApi({
    'GET /api/account/me': { body: { ...testMe('free'), user: null } },
    'GET /api/appdata': { body: testAppData() },
    'GET /api/countdown': { body: { return: { countDownDate: 0 } } },
    'GET /api/app/config': { body: { webAppOnly: false, storeUrls: { ios: 'i', android: 'a' } } },
    'GET /api/networks': { body: { default: 'sample', networks: ['sample'] } },
    'GET /api/trends/now': { body: { network: 'sample', as_of: '2026-11-27T12:00:00.000Z', trending: [] } },
    'POST /api/events': { status: 202, body: { accepted: 1, duplicates: 0 } },
  });
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
