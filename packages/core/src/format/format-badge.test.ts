import { describe, expect, it } from 'vitest';
import { formatBadge } from './format-badge.js';

describe('formatBadge', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12_345, '99+'],
    [-3, '0'],
    [Number.NaN, '0'],
  ])('%d -> %s', (n, expected) => {
    expect(formatBadge(n)).toBe(expected);
  });
});
