import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { appConfigQuery, versionCheckQuery } from './app-release';
import { ForcedUpdateDialog } from './forced-update-dialog';
import { openStorePage, storePlatform } from './native-platform';

/** Paths a web visitor may still open when the web build only points to the stores. */
const OPEN_WHEN_APP_ONLY = ['/landingPage', '/inAppBrowser'];

/**
 * The app-wide rules of the configuration: in the apps, the version check (a forced update when
 * the server no longer supports this version); on the web, the redirect to /landingPage when the
 * configuration says the web build is app-only. Mounted once in the app frame.
 */
export function AppGate() {
  const platform = storePlatform();
  const { pathname } = useLocation();
  const version = useQuery({
    ...versionCheckQuery(platform ?? 'ios'),
    enabled: platform !== null,
    retry: false,
  });
  const config = useQuery({ ...appConfigQuery, enabled: platform === null, retry: false });

  if (platform !== null) {
    const storeUrl = version.data?.storeUrl;
    if (!version.data?.shouldUpdate || !storeUrl) return null;
    return <ForcedUpdateDialog platform={platform} onUpdate={() => openStorePage(storeUrl)} />;
  }
  if (config.data?.webAppOnly && !OPEN_WHEN_APP_ONLY.includes(pathname)) {
    return <Navigate to="/landingPage" replace />;
  }
  return null;
}
