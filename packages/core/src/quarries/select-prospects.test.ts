import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectProspects } from './select-prospects.js';

const candidate = (profileId: string, lastPostAt: number) => ({ profileId, lastPostAt, matchedPosts: 1 });
const ids = (records: { profileId: string }[]) => records.map((r) => r.profileId);

describe('selectProspects', () => {
  it('puts never-seen profiles first, each group newest post first, then by id', () => {
    const candidates = [candidate('a', 10), candidate('b', 30), candidate('c', 20), candidate('d', 30)];
    const selection = selectProspects(candidates, { seen: new Set(['b']), recordLimit: 900, newBudget: 100 });
    expect(ids(selection.records)).toEqual(['d', 'c', 'a', 'b']);
    expect(selection.records.map((r) => r.isNew)).toEqual([true, true, true, false]);
    expect(selection).toMatchObject({ newCount: 3, isCapped: false, isOverBudget: false });
  });

  it('records at most the limit, so a capped run reaches the rest next time', () => {
    const candidates = Array.from({ length: 905 }, (_, i) => candidate(`p${String(i).padStart(3, '0')}`, i));
    const first = selectProspects(candidates, { seen: new Set(), recordLimit: 900, newBudget: 10_000 });
    expect(first.records).toHaveLength(900);
    expect(first).toMatchObject({ newCount: 900, isCapped: true });
    const seen = new Set(ids(first.records));
    const second = selectProspects(candidates, { seen, recordLimit: 900, newBudget: 10_000 });
    expect(second.newCount).toBe(5);
    expect(ids(second.records).slice(0, 5).sort()).toEqual(['p000', 'p001', 'p002', 'p003', 'p004']);
  });

  it('records no more new profiles than the allowance left', () => {
    const candidates = [candidate('a', 1), candidate('b', 2), candidate('c', 3)];
    const selection = selectProspects(candidates, { seen: new Set(['a']), recordLimit: 900, newBudget: 1 });
    expect(ids(selection.records)).toEqual(['c', 'a']);
    expect(selection).toMatchObject({ newCount: 1, isOverBudget: true, isCapped: false });
  });

  it('holds its promises for any input', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ profileId: fc.string({ maxLength: 3 }), lastPostAt: fc.nat(50) }), {
          selector: (c) => c.profileId,
          maxLength: 40,
        }),
        fc.array(fc.string({ maxLength: 3 })),
        fc.nat(30),
        fc.nat(30),
        (raw, seenList, recordLimit, newBudget) => {
          const candidates = raw.map((c) => ({ ...c, matchedPosts: 1 }));
          const seen = new Set(seenList);
          const { records, newCount } = selectProspects(candidates, { seen, recordLimit, newBudget });
          expect(records.length).toBeLessThanOrEqual(recordLimit);
          expect(newCount).toBeLessThanOrEqual(newBudget);
          expect(new Set(ids(records)).size).toBe(records.length);
          for (const record of records) expect(record.isNew).toBe(!seen.has(record.profileId));
          const firstOld = records.findIndex((r) => !r.isNew);
          if (firstOld >= 0) expect(records.slice(firstOld).every((r) => !r.isNew)).toBe(true);
          const unseen = candidates.filter((c) => !seen.has(c.profileId)).length;
          expect(newCount).toBe(Math.min(unseen, newBudget, recordLimit));
        },
      ),
    );
  });
});
