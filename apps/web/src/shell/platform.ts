import type { Platform } from '@tagscout/core/access';

interface CapacitorGlobal {
  getPlatform?: () => string;
}

/**
 * web, ios or android. Capacitor's native shell puts `window.Capacitor` in place before the bundle
 * runs, so reading it needs no import of the native layer.
 */
export function detectPlatform(): Platform {
  if (typeof window === 'undefined') return 'web';
  const capacitor = (window as { Capacitor?: CapacitorGlobal }).Capacitor;
  const platform = capacitor?.getPlatform?.();
  return platform === 'ios' || platform === 'android' ? platform : 'web';
}

export function isMobileApp(platform: Platform): boolean {
  return platform !== 'web';
}
