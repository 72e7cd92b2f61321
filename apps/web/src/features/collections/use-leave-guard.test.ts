import { describe, expect, it } from 'vitest';
import { isGuardedDestination } from './use-leave-guard';

describe('the unsaved-changes guard', () => {
  it('asks when leaving the search screen for any route but /logout, /collections and the side trips', () => {
    for (const path of ['/', '/try', '/prospecting', '/login', '/newaccount', '/portal']) {
      expect(isGuardedDestination(path), path).toBe(true);
    }
    for (const path of [
      '/logout',
      '/collections',
      '/settings',
      '/help',
      '/upgrade',
      '/specialoffer',
      '/tags',
      '/tags/6f1c2a8e-4b1d-4c3e-9a7f-2d5e8b9c0a11',
    ]) {
      expect(isGuardedDestination(path), path).toBe(false);
    }
  });
});
