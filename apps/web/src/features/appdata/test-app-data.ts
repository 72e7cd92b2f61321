import {
  type AdminAppDataResponse,
  type AppDataResponse,
  DEFAULT_FEATURE_SWITCHES,
} from '@tagscout/core/api';

/** GET /api/appdata as a server with no changes answers it, with `changes` (for fake servers). */
export function testAppData(changes: Partial<AppDataResponse> = {}): AppDataResponse {
  return {
    outage: { showMessage: false, en: '', pt: '' },
    countDownDate: 0,
    deployedVersion: '2.1.33',
    minimumVersion: null,
    switches: DEFAULT_FEATURE_SWITCHES,
    networkCaps: {},
    ...changes,
  };
}

/** GET /api/admin/appdata: the app data and who changed it last (nobody yet). */
export function testAdminAppData(changes: Partial<AdminAppDataResponse> = {}): AdminAppDataResponse {
  return { ...testAppData(), updatedAt: null, updatedBy: null, ...changes };
}
