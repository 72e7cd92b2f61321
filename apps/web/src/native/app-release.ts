import type { AppConfigResponse, VersionCheckResponse } from '@tagscout/core/api';
import { LIMITS } from '@tagscout/core/limits';
import { apiGet } from '../api/client';
import type { StorePlatform } from './native-platform';

/** The version this bundle is (SPEC section 1, client version). */
export const APP_VERSION = LIMITS.clientVersion;

export const appConfigQuery = {
  queryKey: ['app', 'config'] as const,
  queryFn: () => apiGet<AppConfigResponse>('/app/config'),
  staleTime: 5 * 60_000,
};

export function versionCheckQuery(platform: StorePlatform) {
  return {
    queryKey: ['app', 'version-check', platform, APP_VERSION] as const,
    queryFn: () =>
      apiGet<VersionCheckResponse>(
        `/version/check?${new URLSearchParams({ runningVersion: APP_VERSION, platform }).toString()}`,
      ),
    staleTime: Number.POSITIVE_INFINITY,
  };
}
