import { describe, expect, it } from 'vitest';
import { isLiveWindow } from './is-live-window.js';

const now = 1_700_000_000_000;

describe('isLiveWindow', () => {
  it.each([
    ['a live date ahead', now + 86_400_000, true],
    ['a live date now', now, true],
    ['a live date 14:59 ago', now - 899_000, true],
    ['a live date exactly 15 minutes ago', now - 900_000, true],
    ['a live date 15 minutes and 1 ms ago', now - 900_001, false],
    ['a live date a day ago', now - 86_400_000, false],
    ['an unknown live date', Number.NaN, false],
  ])('%s -> %s', (_, liveDate, expected) => {
    expect(isLiveWindow(liveDate, now)).toBe(expected);
  });
});
