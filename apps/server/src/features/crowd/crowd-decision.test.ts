import { describe, expect, it } from 'vitest';
import { type CrowdItemState, decideItem, type FieldValue, type ServedRow } from './crowd-decision.js';
import { HASHTAG_RULES, PLACE_RULES } from './crowd-subjects.js';

const rule = { quorum: 3, tolerance: 0.1, minAccountAgeMs: 0, now: 1_000_000 };
const EMPTY: CrowdItemState = { served: {}, trusted: {} };
let clock = 0;
/** Reports of independent submitters: each from a network and a mail domain of its own. */
const reports = (field: string, values: FieldValue[], prefix = 's') =>
  values.map((value, i) => ({
    field,
    submitter: `${prefix}${i}`,
    network: `${prefix}${i}.0/24`,
    mailDomain: `${prefix}${i}.example`,
    accountCreatedAt: 0,
    value,
    reportedAt: ++clock,
  }));
const lisbon: ServedRow = {
  values: { title: 'Lisbon', count: 1000, profile_pic_url: null },
  source: 'import',
};

describe('decideItem', () => {
  it('serves what three agree on and remembers what the import had served', () => {
    const decision = decideItem(
      PLACE_RULES,
      {
        reports: [...reports('count', [2000, 2100, 1990]), ...reports('title', ['Lisboa', 'Scam'])],
        row: lisbon,
        state: EMPTY,
      },
      { rule, restore: false },
    );
    expect(decision.write).toEqual({ values: { count: 2000 }, source: 'crowd' });
    expect(decision.state).toEqual({
      served: { count: 2000 },
      trusted: { count: { value: 1000, source: 'import' } },
    });
  });

  it('keeps what the import had served as the trusted value when the crowd agrees again', () => {
    const state = { served: { count: 2000 }, trusted: { count: { value: 1000, source: 'import' } } };
    const row = { values: { ...lisbon.values, count: 2000 }, source: 'crowd' };
    const decision = decideItem(
      PLACE_RULES,
      { reports: reports('count', [2200, 2200, 2210]), row, state },
      {
        rule,
        restore: false,
      },
    );
    expect(decision.write?.values).toEqual({ count: 2200 });
    expect(decision.state.trusted).toEqual(state.trusted);
  });

  it('without agreement keeps the value, and on restore puts back the trusted one', () => {
    const state = { served: { count: 2000 }, trusted: { count: { value: 1000, source: 'import' } } };
    const row = { values: { ...lisbon.values, count: 2000 }, source: 'crowd' };
    const input = { reports: reports('count', [2000, 2000]), row, state };
    expect(decideItem(PLACE_RULES, input, { rule, restore: false }).write).toBeUndefined();
    const restored = decideItem(PLACE_RULES, input, { rule, restore: true });
    expect(restored.write).toEqual({ values: { count: 1000 }, source: 'import' });
    expect(restored.state).toEqual(EMPTY);
  });

  it('never restores over a value someone else wrote since', () => {
    const state = { served: { count: 2000 }, trusted: { count: { value: 1000, source: 'import' } } };
    const row = { values: { ...lisbon.values, count: 5000 }, source: 'import' };
    const decision = decideItem(PLACE_RULES, { reports: [], row, state }, { rule, restore: true });
    expect(decision.write).toBeUndefined();
    expect(decision.state).toEqual(EMPTY);
  });

  it('makes a row for a never-seen place only once its title is agreed, and forgets it on restore', () => {
    const counts = reports('count', [10, 10, 10]);
    expect(
      decideItem(PLACE_RULES, { reports: counts, row: undefined, state: EMPTY }, { rule, restore: false }),
    ).toEqual({ state: EMPTY, agreed: 1 });
    const titles = reports('title', ['Cafe', 'Cafe', 'Cafe']);
    const made = decideItem(
      PLACE_RULES,
      { reports: titles, row: undefined, state: EMPTY },
      { rule, restore: false },
    );
    expect(made.write).toEqual({
      values: { title: 'Cafe', count: -2, profile_pic_url: null },
      source: 'crowd',
    });
    const row = { values: { title: 'Cafe', count: -2, profile_pic_url: null }, source: 'crowd' };
    const forgotten = decideItem(
      PLACE_RULES,
      { reports: titles.slice(1), row, state: made.state },
      {
        rule,
        restore: true,
      },
    );
    expect(forgotten).toEqual({ forget: true, state: EMPTY, agreed: 0 });
  });

  it('puts a tag back in the state it was in before the crowd counted it', () => {
    const row = { values: { count: 'pending' }, source: null };
    const agreed = decideItem(
      HASHTAG_RULES,
      { reports: reports('count', [7, 7, 7]), row, state: EMPTY },
      {
        rule,
        restore: false,
      },
    );
    expect(agreed.write).toEqual({ values: { count: 7 }, source: 'crowd' });
    const restored = decideItem(
      HASHTAG_RULES,
      { reports: [], row: { values: { count: 7 }, source: 'crowd' }, state: agreed.state },
      { rule, restore: true },
    );
    expect(restored.write).toEqual({ values: { count: 'pending' }, source: null });
  });

  it('ignores fields the subject does not take, and counts that are not numbers', () => {
    const input = {
      reports: [...reports('searches', [1, 1, 1]), ...reports('count', ['9', '9', '9'])],
      row: lisbon,
      state: EMPTY,
    };
    expect(decideItem(PLACE_RULES, input, { rule, restore: false })).toEqual({ state: EMPTY, agreed: 0 });
  });
});
