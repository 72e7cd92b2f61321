import { Capacitor } from '@capacitor/core';

export type StorePlatform = 'ios' | 'android';

/** The app store this build runs under, or null in a browser. Only src/native asks Capacitor. */
export function storePlatform(): StorePlatform | null {
  const platform = Capacitor.getPlatform();
  return platform === 'ios' || platform === 'android' ? platform : null;
}

/** Opens a store page: the system browser hands App Store and Play links to the store app. */
export function openStorePage(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
