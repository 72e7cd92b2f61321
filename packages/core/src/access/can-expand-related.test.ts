import { describe, expect, it } from 'vitest';
import { FREE_VISITOR } from './account-state.js';
import { canExpandRelated } from './can-expand-related.js';
import { resolveAccess } from './resolve-access.js';

const free = resolveAccess(FREE_VISITOR);
const trial = resolveAccess({
  ...FREE_VISITOR,
  group: 'trial',
  trialStatus: 'active',
  inTrial: true,
  expireSeconds: 60,
});

describe('canExpandRelated', () => {
  it('lets the free group expand until searches reach the limit of 3', () => {
    expect(free.relatedSearchLimit).toBe(3);
    for (const searches of [0, 1, 2]) {
      expect(canExpandRelated(free, { searches, expansionsAtLimit: 0 })).toBe(true);
      expect(canExpandRelated(free, { searches, expansionsAtLimit: 5 })).toBe(true);
    }
  });

  it('allows one further expansion at the limit, then blocks', () => {
    expect(canExpandRelated(free, { searches: 3, expansionsAtLimit: 0 })).toBe(true);
    expect(canExpandRelated(free, { searches: 3, expansionsAtLimit: 1 })).toBe(false);
    expect(canExpandRelated(free, { searches: 10, expansionsAtLimit: 0 })).toBe(true);
    expect(canExpandRelated(free, { searches: 10, expansionsAtLimit: 2 })).toBe(false);
  });

  it('never blocks users with unlimited related searches', () => {
    expect(canExpandRelated(trial, { searches: 1000, expansionsAtLimit: 1000 })).toBe(true);
    expect(
      canExpandRelated(
        { unlimitedRelatedSearches: false, relatedSearchLimit: null },
        { searches: 9, expansionsAtLimit: 9 },
      ),
    ).toBe(true);
  });
});
