import { SearchMode } from '@tagscout/core/api';
import { api, dataOf } from '../api/typed-client';
import { APP_VERSION } from './app-release';

/**
 * How long the server's answer stands before the app asks again: an administrator who turns the
 * device source off (app data, "mobileSearchMode: server") reaches every running app within about
 * this (plus the answer's 15 s public cache).
 */
export const SEARCH_MODE_TTL_MS = 60_000;

let known: { isDevice: boolean; until: number } | undefined;
let asking: Promise<boolean> | undefined;

/**
 * Whether the apps read the network from the device first, as the server's version-named config
 * says (decision 017). Until it answers, and when it cannot, the app reads the server's store only.
 */
export function isDeviceSearchOn(now: () => number = Date.now): Promise<boolean> {
  if (known && known.until > now()) return Promise.resolve(known.isDevice);
  asking ??= dataOf(api.GET('/api/version/{version}/config', { params: { path: { version: APP_VERSION } } }))
    .then(
      (switches) => switches.mobileSearchMode === SearchMode.device,
      () => false,
    )
    .then((isDevice) => {
      known = { isDevice, until: now() + SEARCH_MODE_TTL_MS };
      return isDevice;
    })
    .finally(() => {
      asking = undefined;
    });
  return asking;
}

/** Forgets the server's answer (tests, and a sign-out that may change the config). */
export function forgetSearchMode(): void {
  known = undefined;
}
