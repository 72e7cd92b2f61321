import type { Clock } from '../accounts/clock.js';
import type { LimitCounters } from './limit-counters.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The account limits, in one place (docs/decisions/007-auth.md, 021-guess-limits.md). */
export const THROTTLE = {
  /**
   * Password or code guesses for one account from devices it does not know, however many addresses
   * they come from; past it the account is slowed, never locked (OWASP: lockout is a denial of service).
   */
  guessesPerAccount: 20,
  /** Past guessesPerAccount: one guess per this many ms for the account, so the owner waits seconds. */
  slowedGuessIntervalMs: 10_000,
  /** Guesses for one account from one address: spent first, so one address cannot slow the account. */
  guessesPerAccountAndAddress: 5,
  /** Guesses from a device that signed in to the account before, counted on that device alone. */
  guessesPerKnownDevice: 5,
  guessWindowMs: 15 * MINUTE,
  /** Tries of one code, counted from its sending, are kept for twice its life (CODE_TTL_SECONDS). */
  codeTriesKeptMs: 20 * MINUTE,
  authPostsPerIpPerMinute: 10,
  codeSendsPerMailboxPerMinute: 1,
  codeSendsPerMailboxPerHour: 5,
  /** Generous: a whole office or mobile network may share one address. */
  codeSendsPerIpPerHour: 200,
  anonymousTrialsPerIpPerHour: 30,
} as const;

/** One guess at an account's password or code: who guesses, and from where. */
export interface Guess {
  /** A normalised address plus a purpose (sign-in, or a code's purpose). */
  account: string;
  ip: string;
  /** The id of a known device of this account (known-device.ts), already verified; else null. */
  knownDevice: string | null;
}

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
   * Takes one guess, before it is checked. A known device spends only its own budget, so others'
   * guesses never hold the owner up there. Otherwise the account-and-address budget is spent first
   * (an address over it is refused without spending the account's), then the account's; past that
   * the account is slowed to one guess per slowedGuessIntervalMs, so a burst is still checked at
   * most guessesPerAccount + 1 times and the owner's Retry-After is seconds, not the window.
   */
  async takeGuess(guess: Guess): Promise<Refusal | null> {
    const window = THROTTLE.guessWindowMs;
    if (guess.knownDevice) {
      return this.fixedWindow(deviceKey(guess), window, THROTTLE.guessesPerKnownDevice);
    }
    const pairRefusal = await this.fixedWindow(pairKey(guess), window, THROTTLE.guessesPerAccountAndAddress);
    if (pairRefusal) return pairRefusal;
    if (!(await this.fixedWindow(accountKey(guess.account), window, THROTTLE.guessesPerAccount))) return null;
    return this.fixedWindow(`guess-slowed:${guess.account}`, THROTTLE.slowedGuessIntervalMs, 1);
  }

  /** A right guess does not count: the budgets it spent get it back. */
  async giveBackGuess(guess: Guess): Promise<void> {
    const now = this.now();
    const window = THROTTLE.guessWindowMs;
    if (guess.knownDevice) {
      await this.counters.forget(deviceKey(guess), window, now);
      return;
    }
    await this.counters.forget(pairKey(guess), window, now);
    await this.counters.giveBack(accountKey(guess.account), window, now);
  }

  /**
   * One try of the code now out for `identifier`, before it is checked; answers the tries so far,
   * this one included. Counted from the code's sending (forgetCodeTries), not in clock windows, so
   * one code's tries never fall into two windows: the window is fixed at 0.
   */
  async countCodeTry(identifier: string): Promise<number> {
    return this.counters.hit(codeTriesKey(identifier), THROTTLE.codeTriesKeptMs, 0);
  }

  /** A new code is being sent for `identifier`: it starts with no tries. */
  async forgetCodeTries(identifier: string): Promise<void> {
    await this.counters.forget(codeTriesKey(identifier), THROTTLE.codeTriesKeptMs, 0);
  }

  /** The owner proved the mailbox (password reset by code): the account's budget starts afresh. */
  async unlockAccount(account: string): Promise<void> {
    await this.counters.forget(accountKey(account), THROTTLE.guessWindowMs, this.now());
  }

  private async fixedWindow(key: string, windowMs: number, max: number): Promise<Refusal | null> {
    const now = this.now();
    const count = await this.counters.hit(key, windowMs, now);
    if (count <= max) return null;
    const windowEnd = (Math.floor(now / windowMs) + 1) * windowMs;
    return { retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
  }
}

function accountKey(account: string): string {
  return `guess:${account}`;
}

function pairKey(guess: Guess): string {
  return `guess-from:${guess.account}|${guess.ip}`;
}

function deviceKey(guess: Guess): string {
  return `guess-device:${guess.account}|${guess.knownDevice}`;
}

function codeTriesKey(identifier: string): string {
  return `code-tries:${identifier}`;
}
