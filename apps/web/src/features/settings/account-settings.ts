import type { CopyNetwork } from '@tagscout/core/export';
import { useEffect } from 'react';
import { api, type Body, dataOf } from '../../api/typed-client';
import { useSession } from '../../shell/session-store';
import { useSettings } from './settings-store';

/**
 * Settings kept with the account as well as in the browser (GET/PUT /api/account/settings): the
 * "Copy for" network follows a signed-in user to every browser and device; a visitor's stays in the
 * browser (settings-store).
 */
export function useAccountSettingsSync(): void {
  const userId = useSession((session) => session.user?.id ?? null);
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    dataOf(api.GET('/api/account/settings', { signal: controller.signal }))
      .then((saved) => {
        if (saved.copyNetwork) useSettings.getState().update({ copyNetwork: saved.copyNetwork });
        // First time with an account: it keeps what the visitor chose in this browser.
        else void saveSettings({ copyNetwork: useSettings.getState().copyNetwork });
      })
      .catch(() => {
        // Offline or signed out meanwhile: the browser's own choice stands.
      });
    return () => controller.abort();
  }, [userId]);
}

/** "Copy for" changed: in the browser now, and with the account when there is one. */
export function chooseCopyNetwork(copyNetwork: CopyNetwork): void {
  useSettings.getState().update({ copyNetwork });
  if (useSession.getState().user) void saveSettings({ copyNetwork });
}

async function saveSettings(change: Body<'/api/account/settings', 'put'>): Promise<void> {
  await api.PUT('/api/account/settings', { body: change }).catch(() => {});
}
