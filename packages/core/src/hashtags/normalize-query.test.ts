import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeQuery } from './normalize-query.js';

describe('normalizeQuery', () => {
  it.each([
    ['Travel', 'travel'],
    ['  #Travel  ', 'travel'],
    ['##Travel', 'travel'],
    ['# #travel', 'travel'],
    ['＃Café', 'café'],
    ['new york', 'new york'],
    ['tag#inside', 'tag#inside'],
    ['#', ''],
    ['', ''],
  ])('%j -> %j', (text, expected) => {
    expect(normalizeQuery(text)).toBe(expected);
  });

  it('is idempotent', () => {
    const text = fc.array(fc.oneof(fc.constantFrom('#', ' ', '\t', 'A'), fc.string({ unit: 'grapheme' })));
    fc.assert(
      fc.property(
        text.map((parts) => parts.join('')),
        (raw) => {
          const once = normalizeQuery(raw);
          expect(normalizeQuery(once)).toBe(once);
          expect(once.startsWith('#')).toBe(false);
          expect(once).toBe(once.trim());
        },
      ),
    );
  });
});
