import WifiOff from '@mui/icons-material/WifiOff';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isNetworkFailure } from '../api/client';
import { useAppData } from '../features/appdata/queries';
import { restartApp } from './restart-app';

export const NO_INTERNET_PATH = '/noInternet';

/** Connection types the browser reports as too slow to wait for quietly (Network Information API). */
const SLOW_TYPES = new Set(['slow-2g', '2g']);

interface NetworkInformation {
  effectiveType?: string;
  addEventListener?: (type: 'change', listener: () => void) => void;
  removeEventListener?: (type: 'change', listener: () => void) => void;
}

function connectionOf(nav: Navigator): NetworkInformation | undefined {
  return (nav as Navigator & { connection?: NetworkInformation }).connection;
}

/** Offline, or a connection the browser reports as 2G or slower. */
export function isConnectionUnusable(nav: Navigator = navigator): boolean {
  if (nav.onLine === false) return true;
  const effectiveType = connectionOf(nav)?.effectiveType;
  return effectiveType !== undefined && SLOW_TYPES.has(effectiveType);
}

/**
 * Sends the visitor to the no-internet screen only when the app cannot start: the app data, read at
 * start, never arrived because the server could not be reached. A drop later (offline for a moment, a
 * slow request) keeps the screen as it is; ConnectionBanner says the app is retrying.
 */
export function useConnectivityWatch(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const appData = useAppData();
  const cannotStart = appData.data === undefined && isNetworkFailure(appData.error);

  useEffect(() => {
    if (pathname !== NO_INTERNET_PATH && cannotStart) navigate(NO_INTERNET_PATH, { replace: true });
  }, [pathname, navigate, cannotStart]);
}

/** Whether the device is offline or reports a 2G-or-slower connection, kept current. */
export function useIsConnectionUnusable(): boolean {
  const [isUnusable, setIsUnusable] = useState(() => isConnectionUnusable());
  useEffect(() => {
    const check = () => setIsUnusable(isConnectionUnusable());
    window.addEventListener('offline', check);
    window.addEventListener('online', check);
    const connection = connectionOf(navigator);
    connection?.addEventListener?.('change', check);
    return () => {
      window.removeEventListener('offline', check);
      window.removeEventListener('online', check);
      connection?.removeEventListener?.('change', check);
    };
  }, []);
  return isUnusable;
}

/**
 * Not connected or too slow; Restart reloads the app from its start. The export list, its filters and
 * the search are in local storage, so nothing is lost. The apps have no exit call without a native
 * plugin, so they reload too.
 */
export function NoInternetPage() {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{
        m: { xs: 2, sm: 4 },
        p: { xs: 3, sm: 5 },
        textAlign: 'center',
        maxWidth: 520,
        alignSelf: 'center',
      }}
    >
      <WifiOff color="primary" sx={{ fontSize: 56 }} />
      <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 1 }}>
        {t('noInternet.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('noInternet.body')}
      </Typography>
      <Button variant="contained" size="large" onClick={restartApp}>
        {t('noInternet.restart')}
      </Button>
    </Paper>
  );
}
