import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countedReports,
  independentReporters,
  onePerOrigin,
  type ReportOrigin,
} from './independent-reporters.js';

const DAY_MS = 86_400_000;
const rule = { quorum: 3, minAccountAgeMs: DAY_MS, now: 10 * DAY_MS };
let clock = 0;
const origin = (submitter: string, given: Partial<ReportOrigin> = {}): ReportOrigin => ({
  submitter,
  network: `10.0.${submitter}.0/24`,
  mailDomain: `${submitter}.example`,
  accountCreatedAt: 3 * DAY_MS,
  reportedAt: 5 * DAY_MS + ++clock,
  ...given,
});

describe('independentReporters', () => {
  it('is the fewest of the distinct accounts, networks and mail domains', () => {
    expect(independentReporters([origin('1'), origin('2'), origin('3')])).toBe(3);
    const oneNetwork = ['1', '2', '3'].map((id) => origin(id, { network: '203.0.113.0/24' }));
    expect(independentReporters(oneNetwork)).toBe(1);
    const oneDomain = ['1', '2', '3'].map((id) => origin(id, { mailDomain: 'catchall.example' }));
    expect(independentReporters(oneDomain)).toBe(1);
    const twoNetworks = [origin('1'), origin('2', { network: 'n' }), origin('3', { network: 'n' })];
    expect(independentReporters(twoNetworks)).toBe(2);
    expect(independentReporters([])).toBe(0);
  });

  it('never counts more reporters than a sender has networks or mail domains, however many accounts it makes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 30 }),
        (networks, domains, accounts) => {
          const reports = accounts.map(([network, domain], i) =>
            origin(`a${i}`, {
              network: `n${network % networks}`,
              mailDomain: `d${domain % domains}.example`,
            }),
          );
          expect(independentReporters(reports)).toBeLessThanOrEqual(Math.min(networks, domains));
        },
      ),
    );
  });
});

describe('countedReports', () => {
  it('keeps each account’s newest report, newest first', () => {
    const older = origin('1');
    const other = origin('2');
    const newer = origin('1');
    expect(countedReports([older, other, newer], rule)).toEqual([newer, other]);
  });

  it('leaves out accounts younger than the minimum age at the time of deciding', () => {
    const young = origin('1', { accountCreatedAt: rule.now - DAY_MS + 1 });
    const justOldEnough = origin('2', { accountCreatedAt: rule.now - DAY_MS });
    expect(countedReports([young, justOldEnough], rule)).toEqual([justOldEnough]);
    // The same report counts once the account has grown old enough.
    expect(countedReports([young], { ...rule, now: rule.now + 1 })).toEqual([young]);
  });

  it('counts every account with a quorum of 1 (a single-user install trusts its one reporter)', () => {
    const brandNew = origin('1', { accountCreatedAt: rule.now });
    expect(countedReports([brandNew], { ...rule, quorum: 1 })).toEqual([brandNew]);
  });
});

describe('onePerOrigin', () => {
  it('keeps the newest report of each network and mail domain', () => {
    const a = origin('1', { network: 'n', mailDomain: 'a.example' });
    const b = origin('2', { network: 'n', mailDomain: 'b.example' });
    const c = origin('3', { network: 'm', mailDomain: 'a.example' });
    const d = origin('4', { network: 'k', mailDomain: 'd.example' });
    expect(onePerOrigin([d, c, b, a])).toEqual([d, c, b]);
  });
});
