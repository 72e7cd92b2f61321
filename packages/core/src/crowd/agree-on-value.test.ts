import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agreeOnValue, type ValueReport } from './agree-on-value.js';

const rule = { quorum: 3 };
let clock = 0;
const report = <V>(submitter: string, value: V, address = `10.0.0.${submitter}`): ValueReport<V> => ({
  submitter,
  address,
  value,
  reportedAt: ++clock,
});

describe('agreeOnValue', () => {
  it('serves a value once three independent submitters report it alike', () => {
    expect(agreeOnValue([report('1', 'Lisbon'), report('2', 'Lisbon')], rule)).toBeUndefined();
    expect(agreeOnValue([report('1', 'Lisbon'), report('2', 'Lisbon'), report('3', 'Lisbon')], rule)).toBe(
      'Lisbon',
    );
  });

  it('needs the alike reports, not just any reports, to reach the quorum', () => {
    const reports = [
      report('1', 'Lisbon'),
      report('2', 'Lisboa'),
      report('3', 'Lisbon'),
      report('4', 'Scam'),
    ];
    expect(agreeOnValue(reports, rule)).toBeUndefined();
  });

  it('counts one account once, and one address once', () => {
    expect(agreeOnValue([report('1', true, 'a'), report('1', true, 'b'), report('1', true, 'c')], rule)).toBe(
      undefined,
    );
    expect(agreeOnValue([report('1', true, 'a'), report('2', true, 'a'), report('3', true, 'a')], rule)).toBe(
      undefined,
    );
  });

  it('tells null apart from a missing agreement, and false from true', () => {
    expect(agreeOnValue([report('1', null), report('2', null), report('3', null)], rule)).toBeNull();
    expect(agreeOnValue([report('1', false), report('2', false), report('3', false)], rule)).toBe(false);
  });

  it('gives the newest of the values alike by key', () => {
    const url = (query: string) => `https://cdn.example/p/1.jpg?sig=${query}`;
    const byPath = (value: string) => value.split('?')[0]!;
    const reports = [report('1', url('a')), report('2', url('b')), report('3', url('c'))];
    expect(agreeOnValue(reports, rule, byPath)).toBe(url('c'));
  });

  it('a minority can never get its value served', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 8 }),
        fc.array(fc.string({ minLength: 1 }), { maxLength: 7 }),
        (honest, attacker) => {
          fc.pre(attacker.length < honest);
          const reports = [
            ...Array.from({ length: honest }, (_, i) => report(`h${i}`, 'Lisbon')),
            ...attacker.map((value, i) => report(`a${i}`, `x${value}`)),
          ];
          expect(agreeOnValue(reports, rule)).toBe('Lisbon');
        },
      ),
    );
  });
});
