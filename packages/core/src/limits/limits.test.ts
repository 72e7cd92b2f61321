import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.js';

describe('LIMITS', () => {
  it('keeps the free copy limit one below the copy limit, leaving room for the branded tag', () => {
    expect(LIMITS.freeCopyLimit + 1).toBe(LIMITS.copyLimit);
    expect(LIMITS.copyLimit).toBe(30);
    expect(LIMITS.freeSelectionMax).toBe(29);
  });

  it('states the special-offer window in seconds and milliseconds consistently', () => {
    expect(LIMITS.specialOfferWindowSeconds * 1000).toBe(LIMITS.specialOfferWindowMs);
    expect(LIMITS.specialOfferWindowSeconds).toBe(3 * LIMITS.secondsPerDay);
  });

  it('keeps the expiry timer below the largest setTimeout delay', () => {
    expect(LIMITS.expireTimerMaxSeconds * 1000).toBeLessThan(2 ** 31);
    expect((LIMITS.expireTimerMaxSeconds + 1) * 1000).toBeGreaterThan(2 ** 31 - 1);
  });

  it('holds the related-tag numbers of the spec', () => {
    expect(LIMITS.relatedTagsKept).toBe(40);
    expect(LIMITS.relatedTagsShownDefault).toBe(10);
    expect(LIMITS.relatedTagCountSettingDefault).toBe(20);
    expect(LIMITS.relatedListMax).toBe(50);
    expect(LIMITS.freeRelatedSearchLimit).toBe(3);
    expect(LIMITS.freeDisplayedRelatedTags).toBe(2);
    expect(LIMITS.liveWindowMs).toBe(15 * 60 * 1000);
  });
});
