import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCountdown } from './format-countdown.js';

const at = (days: number, hours: number, minutes: number, seconds: number) =>
  (((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000;

describe('formatCountdown', () => {
  it.each([
    [at(2, 3, 4, 5), '2d 03:04:05'],
    [at(3, 0, 0, 0), '3d 00:00:00'],
    [at(1, 0, 0, 0), '1d 00:00:00'],
    [at(1, 0, 0, 0) - 1, '23:59:59'],
    [at(0, 1, 0, 0), '01:00:00'],
    [at(0, 0, 0, 1), '00:00:01'],
    [999, '00:00:00'],
    [0, '00:00:00'],
    [-5000, '00:00:00'],
    [Number.NaN, '00:00:00'],
    [at(12, 23, 59, 59) + 999, '12d 23:59:59'],
  ])('%d ms -> %s', (ms, expected) => {
    expect(formatCountdown(ms)).toBe(expected);
  });

  it('round-trips to the whole seconds it was given', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (ms) => {
        const match = /^(?:(\d+)d )?(\d{2}):(\d{2}):(\d{2})$/.exec(formatCountdown(ms));
        expect(match).not.toBeNull();
        const [, d = '0', h, m, s] = match!;
        expect(Number(h)).toBeLessThan(24);
        expect(at(Number(d), Number(h), Number(m), Number(s))).toBe(Math.floor(ms / 1000) * 1000);
      }),
    );
  });
});
