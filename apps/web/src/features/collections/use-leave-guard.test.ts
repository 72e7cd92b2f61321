import { describe, expect, it } from 'vitest';
import { isGuardedDestination } from './use-leave-guard';

describe('the unsaved-changes guard', () => {
  it('asks when leaving the search screen for any route but /logout and /collections', () => {
    for (const path of ['/settings', '/help', '/upgrade', '/', '/try', '/prospecting', '/login']) {
      expect(isGuardedDestination(path), path).toBe(true);
    }
    for (const path of ['/logout', '/collections', '/tags', '/tags/6f1c2a8e-4b1d-4c3e-9a7f-2d5e8b9c0a11']) {
      expect(isGuardedDestination(path), path).toBe(false);
    }
  });
});
