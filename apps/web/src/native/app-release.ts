import { LIMITS } from '@tagscout/core/limits';
import { api, dataOf } from '../api/typed-client';
import type { StorePlatform } from './native-platform';

/** The version this bundle is (the client version). */
export const APP_VERSION = LIMITS.clientVersion;

export const appConfigQuery = {
  queryKey: ['app', 'config'] as const,
  queryFn: () => dataOf(api.GET('/api/app/config')),
  staleTime: 5 * 60_000,
};

export function versionCheckQuery(platform: StorePlatform) {
  return {
    queryKey: ['app', 'version-check', platform, APP_VERSION] as const,
    queryFn: () =>
      dataOf(api.GET('/api/version/check', { params: { query: { runningVersion: APP_VERSION, platform } } })),
    staleTime: Number.POSITIVE_INFINITY,
  };
}
