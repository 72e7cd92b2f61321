import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agreeOnCount, type CountReport } from './agree-on-count.js';

const rule = { quorum: 3, tolerance: 0.1 };
let clock = 0;
const report = (submitter: string, count: number, address = `10.0.0.${submitter}`): CountReport => ({
  submitter,
  address,
  count,
  reportedAt: ++clock,
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

  it('counts one account once, and one address once, whatever they send', () => {
    const oneAccount = [report('1', 5, 'a'), report('1', 5, 'b'), report('1', 5, 'c')];
    expect(agreeOnCount(oneAccount, rule)).toBeUndefined();
    const oneAddress = [report('1', 5, 'a'), report('2', 5, 'a'), report('3', 5, 'a')];
    expect(agreeOnCount(oneAddress, rule)).toBeUndefined();
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
});
