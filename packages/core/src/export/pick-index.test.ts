import { describe, expect, it } from 'vitest';
import { pickIndex } from './pick-index.js';

describe('pickIndex', () => {
  it('maps [0, 1) onto the indexes', () => {
    expect(pickIndex(() => 0, 4)).toBe(0);
    expect(pickIndex(() => 0.25, 4)).toBe(1);
    expect(pickIndex(() => 0.999, 4)).toBe(3);
  });

  it('stays in range for out-of-contract values', () => {
    expect(pickIndex(() => 1, 4)).toBe(3);
    expect(pickIndex(() => 7, 4)).toBe(3);
    expect(pickIndex(() => -0.5, 4)).toBe(0);
    expect(pickIndex(() => Number.NaN, 4)).toBe(0);
  });
});
