import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agreeOnCount, type CountReport } from './agree-on-count.js';
import type { ReportOrigin } from './independent-reporters.js';

const DAY_MS = 86_400_000;
const rule = { quorum: 3, tolerance: 0.1, minAccountAgeMs: DAY_MS, now: 10 * DAY_MS };
let clock = 0;
/** A report from a network, a mail domain and a week-old account of its own unless told otherwise. */
const report = (submitter: string, count: number, origin: Partial<ReportOrigin> = {}): CountReport => ({
  submitter,
  network: `10.0.${submitter}.0/24`,
  mailDomain: `${submitter}.example`,
  accountCreatedAt: 3 * DAY_MS,
  reportedAt: 5 * DAY_MS + ++clock,
  count,
  ...origin,
});

describe('agreeOnCount', () => {
  it('serves nothing until three independent submitters report', () => {
    expect(agreeOnCount([report('1', 100), report('2', 100)], rule)).toBeUndefined();
    expect(agreeOnCount([report('1', 100), report('2', 104), report('3', 98)], rule)).toBe(100);
  });

  it('gives the median of the agreeing reports and leaves an outlier out', () => {
    const reports = [report('1', 1000), report('2', 1050), report('3', 990), report('4', 9_999_999_999)];
    expect(agreeOnCount(reports, rule)).toBe(1000);
  });

  it('needs the agreeing reports, not just any reports, to reach the quorum', () => {
    expect(agreeOnCount([report('1', 100), report('2', 500), report('3', 9000)], rule)).toBeUndefined();
  });

  it('counts one account once, one network once and one mail domain once, whatever they send', () => {
    const oneAccount = [report('1', 5, { network: 'a' }), report('1', 5, { network: 'b' }), report('1', 5)];
    expect(agreeOnCount(oneAccount, rule)).toBeUndefined();
    const oneNetwork = ['1', '2', '3'].map((id) => report(id, 5, { network: '203.0.113.0/24' }));
    expect(agreeOnCount(oneNetwork, rule)).toBeUndefined();
    const oneDomain = ['1', '2', '3'].map((id) => report(id, 5, { mailDomain: 'catchall.example' }));
    expect(agreeOnCount(oneDomain, rule)).toBeUndefined();
  });

  it('does not count accounts younger than the minimum age, but for a quorum of 1', () => {
    const young = ['1', '2', '3'].map((id) => report(id, 5, { accountCreatedAt: rule.now - DAY_MS / 2 }));
    expect(agreeOnCount(young, rule)).toBeUndefined();
    expect(agreeOnCount(young, { ...rule, now: rule.now + DAY_MS })).toBe(5);
    expect(agreeOnCount(young.slice(0, 1), { ...rule, quorum: 1 })).toBe(5);
  });

  it('lets accounts that share a network or a domain agree with others as long as there are enough of each', () => {
    // Two networks and two domains among three accounts: two reporters. A fourth makes three.
    const reports = [
      report('1', 100, { network: 'n1', mailDomain: 'gmail.com' }),
      report('2', 101, { network: 'n2', mailDomain: 'gmail.com' }),
      report('3', 102, { network: 'n2', mailDomain: 'outlook.com' }),
    ];
    expect(agreeOnCount(reports, rule)).toBeUndefined();
    const fourth = report('4', 99, { network: 'n3', mailDomain: 'icloud.com' });
    expect(agreeOnCount([...reports, fourth], rule)).toBe(100);
  });

  it('takes an account’s newest report', () => {
    const reports = [report('1', 1), report('2', 200), report('3', 200), report('1', 201)];
    expect(agreeOnCount(reports, rule)).toBe(200);
  });

  it('a minority can never move the value outside what the majority reported', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1000, max: 1050 }), { minLength: 3, maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { maxLength: 2 }),
        (honest, attacker) => {
          fc.pre(attacker.length < honest.length);
          const reports = [
            ...honest.map((count, i) => report(`h${i}`, count)),
            ...attacker.map((count, i) => report(`a${i}`, count)),
          ];
          const value = agreeOnCount(reports, rule);
          if (value === undefined) return;
          expect(value).toBeGreaterThanOrEqual(Math.min(...honest));
          expect(value).toBeLessThanOrEqual(Math.max(...honest));
        },
      ),
    );
  });

  it('no number of accounts from fewer networks or mail domains than the quorum makes a count agree', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 1, max: 10 }),
        fc.boolean(),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 0, max: 20 })), {
          minLength: 3,
          maxLength: 40,
        }),
        (few, many, networksAreFew, accounts) => {
          const reports = accounts.map(([a, b, count], i) =>
            report(`s${i}`, count, {
              network: `n${a % (networksAreFew ? few : many)}`,
              mailDomain: `d${b % (networksAreFew ? many : few)}.example`,
            }),
          );
          expect(agreeOnCount(reports, rule)).toBeUndefined();
        },
      ),
    );
  });
});
