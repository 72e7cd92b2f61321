import { describe, expect, it } from 'vitest';
import { trialNoticeText } from './trial-notice-text.js';

describe('trialNoticeText', () => {
  it.each([
    [7 * 86_400, 'days', 7],
    [86_401, 'days', 2],
    [86_400, 'hours', 24],
    [3601, 'hours', 2],
    [7200, 'hours', 2],
    [3600, 'oneHour', 1],
    [3501, 'oneHour', 1],
    [3500, 'lessThanHour', 1],
    [1, 'lessThanHour', 1],
    [0, 'lessThanHour', 1],
    [-10, 'lessThanHour', 1],
  ] as const)('%i s -> %s %i', (seconds, unit, value) => {
    expect(trialNoticeText(seconds)).toEqual({ unit, value });
  });
});
