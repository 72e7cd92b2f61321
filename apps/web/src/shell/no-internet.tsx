import WifiOff from '@mui/icons-material/WifiOff';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api/client';
import { useAppData } from '../features/appdata/queries';

export const NO_INTERNET_PATH = '/noInternet';

/** Connection types too slow to use the app (Network Information API, where the browser has it). */
const SLOW_TYPES = new Set(['slow-2g', '2g']);

interface NetworkInformation {
  effectiveType?: string;
  addEventListener?: (type: 'change', listener: () => void) => void;
  removeEventListener?: (type: 'change', listener: () => void) => void;
}

/** Offline, or a connection the browser reports as 2G or slower. */
export function isConnectionUnusable(nav: Navigator = navigator): boolean {
  if (nav.onLine === false) return true;
  const connection = (nav as Navigator & { connection?: NetworkInformation }).connection;
  return connection?.effectiveType !== undefined && SLOW_TYPES.has(connection.effectiveType);
}

/**
 * Sends the visitor to the no-internet screen when the device goes offline, the connection is
 * too slow, or the server cannot be reached at all (the app data call fails without an answer).
 */
export function useConnectivityWatch(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const appData = useAppData();
  const isUnreachable = appData.error instanceof ApiError && appData.error.status === 0;

  useEffect(() => {
    if (pathname === NO_INTERNET_PATH) return;
    const goOffline = () => navigate(NO_INTERNET_PATH, { replace: true });
    const check = () => {
      if (isConnectionUnusable()) goOffline();
    };
    check();
    if (isUnreachable) goOffline();
    window.addEventListener('offline', goOffline);
    const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
    connection?.addEventListener?.('change', check);
    return () => {
      window.removeEventListener('offline', goOffline);
      connection?.removeEventListener?.('change', check);
    };
  }, [pathname, navigate, isUnreachable]);
}

/** SPEC section 8: not connected or too slow; Restart reloads the app from its start. */
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

/** Web: reload from the home route. The apps have no exit call without a native plugin, so they reload too. */
function restartApp(): void {
  window.location.assign('/');
}
