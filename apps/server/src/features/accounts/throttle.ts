import type { Clock } from './clock.js';
import type { LimitCounters } from './limit-counters.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The account limits, in one place (docs/decisions/007-auth.md). */
export const THROTTLE = {
  /** Password or code guesses for one account, however many addresses they come from. */
  guessesPerAccount: 20,
  /** Guesses for one account from one address: spent first, so one address cannot lock the account. */
  guessesPerAccountAndAddress: 5,
  guessWindowMs: 15 * MINUTE,
  authPostsPerIpPerMinute: 10,
  codeSendsPerMailboxPerMinute: 1,
  codeSendsPerMailboxPerHour: 5,
  /** Generous: a whole office or mobile network may share one address. */
  codeSendsPerIpPerHour: 200,
  anonymousTrialsPerIpPerHour: 30,
} as const;

/** A refusal: how many seconds until the caller may try again. */
export interface Refusal {
  retryAfterSeconds: number;
}

/**
 * Brute-force limits on atomic counters (limit-counters.ts). A guess (password or code) is counted
 * before it is checked, so concurrent guesses cannot slip past the limit; a right guess is given back.
 */
export class Throttle {
  constructor(
    private readonly counters: LimitCounters,
    private readonly now: Clock,
  ) {}

  /** The per-IP budget of auth POSTs (10 a minute). */
  async countAuthPost(ip: string): Promise<Refusal | null> {
    return this.fixedWindow(`auth-post:${ip}`, MINUTE, THROTTLE.authPostsPerIpPerMinute);
  }

  /** Code sends: per mailbox first (1 a minute, 5 an hour), then per IP generously (200 an hour). */
  async countCodeSend(mailbox: string, ip: string): Promise<Refusal | null> {
    return (
      (await this.fixedWindow(`send-minute:${mailbox}`, MINUTE, THROTTLE.codeSendsPerMailboxPerMinute)) ??
      (await this.fixedWindow(`send-hour:${mailbox}`, HOUR, THROTTLE.codeSendsPerMailboxPerHour)) ??
      (await this.fixedWindow(`send-ip:${ip}`, HOUR, THROTTLE.codeSendsPerIpPerHour))
    );
  }

  async countAnonymousTrial(ip: string): Promise<Refusal | null> {
    return this.fixedWindow(`anonymous-trial:${ip}`, HOUR, THROTTLE.anonymousTrialsPerIpPerHour);
  }

  /** One related-tag expansion of a free visitor; answers how many so far in this window. */
  async countRelatedExpansion(visitor: string, windowMs: number): Promise<number> {
    return this.counters.hit(`related:${visitor}`, windowMs, this.now());
  }

  /** Related-tag expansions of a free visitor so far in this window (none counted). */
  async readRelatedExpansions(visitor: string, windowMs: number): Promise<number> {
    return this.counters.read(`related:${visitor}`, windowMs, this.now());
  }

  /**
   * Takes one guess for an account (a normalised address plus a purpose) from an address, before
   * the guess is checked. The account-and-address budget is spent first: an address over its own
   * limit is refused without spending the account's, so it cannot lock the account for others.
   */
  async takeGuess(account: string, ip: string): Promise<Refusal | null> {
    const window = THROTTLE.guessWindowMs;
    return (
      (await this.fixedWindow(pairKey(account, ip), window, THROTTLE.guessesPerAccountAndAddress)) ??
      (await this.fixedWindow(`guess:${account}`, window, THROTTLE.guessesPerAccount))
    );
  }

  /** A right guess does not count: both budgets get it back. */
  async giveBackGuess(account: string, ip: string): Promise<void> {
    const now = this.now();
    await this.counters.forget(pairKey(account, ip), THROTTLE.guessWindowMs, now);
    await this.counters.giveBack(`guess:${account}`, THROTTLE.guessWindowMs, now);
  }

  /** The owner proved the mailbox (password reset by code): the account's lock ends. */
  async unlockAccount(account: string): Promise<void> {
    await this.counters.forget(`guess:${account}`, THROTTLE.guessWindowMs, this.now());
  }

  private async fixedWindow(key: string, windowMs: number, max: number): Promise<Refusal | null> {
    const now = this.now();
    const count = await this.counters.hit(key, windowMs, now);
    if (count <= max) return null;
    const windowEnd = (Math.floor(now / windowMs) + 1) * windowMs;
    return { retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
  }
}

function pairKey(account: string, ip: string): string {
  return `guess-from:${account}|${ip}`;
}
