import { shouldRunExpiryTimer } from '@tagscout/core/time';
import { useEffect } from 'react';
import { expireSessionTrial, useSession } from './session-store';

/**
 * Trial expiry (docs/product-rules.md#trials): while in a trial whose expire is below 2147483 s, a timer fires
 * at the end and moves the visitor to free with the trial notice. Longer trials are left to the
 * server (setTimeout cannot wait that long).
 */
export function useTrialExpiryTimer(): void {
  const inTrial = useSession((s) => s.account.inTrial);
  const expireSeconds = useSession((s) => s.account.expireSeconds);
  const trialEndsAtMs = useSession((s) => s.trialEndsAtMs);

  useEffect(() => {
    if (trialEndsAtMs === null || !shouldRunExpiryTimer(inTrial, expireSeconds)) return;
    const id = setTimeout(expireSessionTrial, Math.max(0, trialEndsAtMs - Date.now()));
    return () => clearTimeout(id);
  }, [inTrial, expireSeconds, trialEndsAtMs]);
}
