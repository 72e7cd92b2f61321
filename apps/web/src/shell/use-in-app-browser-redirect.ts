import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { detectPlatform } from './platform';
import { isInAppBrowser } from './route-guards';

export const IN_APP_BROWSER_PATH = '/inAppBrowser';

/** On the web inside a social network's own browser, every screen sends the visitor to /inAppBrowser. */
export function useInAppBrowserRedirect(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === IN_APP_BROWSER_PATH || detectPlatform() !== 'web' || !isInAppBrowser()) return;
    navigate(IN_APP_BROWSER_PATH, { replace: true });
  }, [pathname, navigate]);
}
