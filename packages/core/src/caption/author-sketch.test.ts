import { describe, expect, it } from 'vitest';
import { AUTHOR_SKETCH_BITS, authorBit, authorsOfSketch } from './author-sketch.js';

describe('author sketch', () => {
  it('gives one author one bit, the same every time', () => {
    const bit = authorBit('owner:did:plc:loud');
    expect(bit).toBe(authorBit('owner:did:plc:loud'));
    expect(Math.log2(bit) % 1).toBe(0);
    expect(bit).toBeLessThan(2 ** AUTHOR_SKETCH_BITS);
  });

  it('reads one loud author as one person and many as about as many', () => {
    expect(authorsOfSketch(authorBit('owner:loud'))).toBe(1);
    expect(authorsOfSketch(0)).toBe(0);
    let sketch = 0;
    for (let i = 0; i < 20; i++) {
      const bit = authorBit(`owner:${i}`);
      if (Math.floor(sketch / bit) % 2 === 0) sketch += bit;
    }
    expect(authorsOfSketch(sketch)).toBeGreaterThan(13);
    expect(authorsOfSketch(sketch)).toBeLessThan(30);
    expect(authorsOfSketch(2 ** 32 - 1)).toBeCloseTo(32 * Math.log(64), 5);
  });
});
