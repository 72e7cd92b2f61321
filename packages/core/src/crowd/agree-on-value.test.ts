import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agreeOnValue, type ValueReport } from './agree-on-value.js';
import type { ReportOrigin } from './independent-reporters.js';

const DAY_MS = 86_400_000;
const rule = { quorum: 3, minAccountAgeMs: DAY_MS, now: 10 * DAY_MS };
let clock = 0;
/** A report from a network, a mail domain and a week-old account of its own unless told otherwise. */
const report = <V>(submitter: string, value: V, origin: Partial<ReportOrigin> = {}): ValueReport<V> => ({
  submitter,
  network: `10.0.${submitter}.0/24`,
  mailDomain: `${submitter}.example`,
  accountCreatedAt: 3 * DAY_MS,
  reportedAt: 5 * DAY_MS + ++clock,
  value,
  ...origin,
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

  it('counts one account once, one network once and one mail domain once', () => {
    const oneAccount = [
      report('1', true, { network: 'a' }),
      report('1', true, { network: 'b' }),
      report('1', true),
    ];
    expect(agreeOnValue(oneAccount, rule)).toBeUndefined();
    const oneNetwork = ['1', '2', '3'].map((id) => report(id, true, { network: '2001:db8:7::/48' }));
    expect(agreeOnValue(oneNetwork, rule)).toBeUndefined();
    const oneDomain = ['1', '2', '3'].map((id) => report(id, true, { mailDomain: 'catchall.example' }));
    expect(agreeOnValue(oneDomain, rule)).toBeUndefined();
  });

  it('does not count accounts younger than the minimum age, but for a quorum of 1', () => {
    const young = ['1', '2', '3'].map((id) => report(id, 'Scam', { accountCreatedAt: rule.now - 1 }));
    expect(agreeOnValue(young, rule)).toBeUndefined();
    expect(agreeOnValue(young.slice(0, 1), { ...rule, quorum: 1 })).toBe('Scam');
  });

  it('lets a sender with many accounts on one network block no one: the value of more reporters wins', () => {
    const sybils = ['1', '2', '3', '4', '5'].map((id) => report(`s${id}`, 'Scam', { network: 'n' }));
    const honest = ['1', '2', '3'].map((id) => report(`h${id}`, 'Lisbon'));
    expect(agreeOnValue([...honest, ...sybils], rule)).toBe('Lisbon');
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
