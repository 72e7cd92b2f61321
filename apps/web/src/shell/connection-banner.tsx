import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isNetworkFailure } from '../api/client';
import { useIsConnectionUnusable } from './no-internet';

/**
 * "Offline, retrying" while the device is offline or on 2G; "Tagscout is not answering, retrying"
 * while the device is online but a request that got no answer is being retried (the server, not the
 * user's connection, is down). The screen under it stays as it is; requests resume on their own.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const isUnusable = useIsConnectionUnusable();
  const isRetrying = useIsRetryingNetworkFailure();
  if (!isUnusable && !isRetrying) return null;
  return (
    <Alert
      severity="info"
      variant="filled"
      role="status"
      icon={<CircularProgress size={18} color="inherit" />}
      data-testid="connection-banner"
      sx={{ borderRadius: 0, py: 0.25, justifyContent: 'center' }}
    >
      {t(isUnusable ? 'shell.offlineRetrying' : 'shell.serverUnreachableRetrying')}
    </Alert>
  );
}

/** Some query failed without an answer and is still fetching or paused (waiting to go online). */
function useIsRetryingNetworkFailure(): boolean {
  const cache = useQueryClient().getQueryCache();
  return useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () =>
      cache
        .getAll()
        .some(
          (query) => query.state.fetchStatus !== 'idle' && isNetworkFailure(query.state.fetchFailureReason),
        ),
  );
}
