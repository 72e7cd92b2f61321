import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

const RELOADED_KEY = 'reloadedForNewVersion';

/**
 * A screen whose code loads on first use. When a new version was deployed since the page loaded,
 * the old chunk is gone: reload once to get the new version instead of showing a blank screen.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    try {
      const component = await load();
      sessionStorage.removeItem(RELOADED_KEY);
      return { default: component };
    } catch (error) {
      if (sessionStorage.getItem(RELOADED_KEY)) throw error;
      sessionStorage.setItem(RELOADED_KEY, '1');
      window.location.reload();
      return new Promise<never>(() => {});
    }
  });
}
