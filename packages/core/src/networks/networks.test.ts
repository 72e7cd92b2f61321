import { describe, expect, it } from 'vitest';
import { dayOfEpochMs, dayOfEpochSeconds, parseNetworkOrder } from './index.js';

describe('parseNetworkOrder', () => {
  it('keeps the order given, without repeats, ignoring case and spaces', () => {
    expect(parseNetworkOrder(' Bluesky, instagram ,sample,bluesky')).toEqual({
      order: ['bluesky', 'instagram', 'sample'],
    });
  });

  it('names what is not a network', () => {
    expect(parseNetworkOrder('bluesky,twitter')).toEqual({ unknown: ['twitter'] });
  });
});

describe('days', () => {
  it('counts whole UTC days since 1970', () => {
    expect(dayOfEpochSeconds(0)).toBe(0);
    expect(dayOfEpochSeconds(86_399)).toBe(0);
    expect(dayOfEpochSeconds(86_400)).toBe(1);
    expect(dayOfEpochMs(Date.UTC(2026, 0, 1, 23, 59))).toBe(dayOfEpochSeconds(Date.UTC(2026, 0, 1) / 1000));
  });
});
