import { clientOf, networkOf } from '../../client-address.js';
import type { Clock } from '../../clock.js';
import type { LimitCounters } from './limit-counters.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The account limits, in one place (docs/decisions/007-auth.md, 021-guess-limits.md). */
export const THROTTLE = {
  /**
   * Password guesses for one account from devices it does not know, per window, however many
   * addresses they come from; past it the account is slowed, never locked (OWASP: lockout is a
   * denial of service).
   */
  guessesPerAccount: 10,
  /**
   * Past guessesPerAccount: one guess per this many ms for the account (its Retry-After is at most
   * this), so a window checks at most 10 + 5 = 15 from unknown devices, and any 60 minutes, which
   * meet five windows and at most 21 of these intervals, at most 5 x 10 + 21 = 71.
   */
  slowedGuessIntervalMs: 180_000,
  /** Guesses for one account from one address (IPv6: its /64): spent first, so one address cannot slow the account. */
  guessesPerAccountAndAddress: 5,
  /** Guesses from a device that signed in to the account before, counted on that device alone. */
  guessesPerKnownDevice: 5,
  /**
   * Guesses from all the known devices of one account together, per window (at most 5 x 5 = 25 in
   * any 60 minutes, so with the 71 above at most 96 checked failures an hour per account). Past it a
   * known device's guess goes the way of an unknown device's (slowed, never locked), so cookies
   * minted by many sign-ins cannot multiply the guesses.
   */
  guessesPerKnownDevices: 5,
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

/**
 * Sign-ups (and email trials, which make an account too) an hour: per client (an address, an IPv6
 * /64), and per network (a /24, an IPv6 /48) more, so an office or a household behind one address
 * signs up in a few hours while a sender holding a whole block gets no more than one office
 * (SIGNUPS_PER_ADDRESS_PER_HOUR, SIGNUPS_PER_NETWORK_PER_HOUR; decision 025).
 */
export interface SignUpLimits {
  perAddressPerHour: number;
  perNetworkPerHour: number;
}

/** One guess at an account's password: who guesses, and from where. */
export interface Guess {
  /** A normalised address plus a purpose (sign-in). */
  account: string;
  ip: string;
  /** The id of a known device of this account (known-device.ts), already verified; else null. */
  knownDevice: string | null;
}

/** A refusal: how many seconds until the caller may try again. */
export interface Refusal {
  retryAfterSeconds: number;
}

/** Which budgets a guess that was let through spent, to give back if it turns out right. */
export type SpentBudgets = 'known-device' | 'known-device-then-account' | 'account';

/** A counted related-tag expansion. */
export interface CountedExpansion {
  count: number;
  /** The clock when it was counted: the window to give it back to. */
  countedAt: number;
}

export type TakenGuess = { refusal: Refusal; spent: null } | { refusal: null; spent: SpentBudgets };

/**
 * Brute-force limits on atomic counters (limit-counters.ts). A guess (password or code) is counted
 * before it is checked, so concurrent guesses cannot slip past the limit; a right guess is given back.
 */
export class Throttle {
  constructor(
    private readonly counters: LimitCounters,
    private readonly now: Clock,
    private readonly signUps: SignUpLimits,
  ) {}

  /** The per-IP budget of auth POSTs (10 a minute). */
  async countAuthPost(ip: string): Promise<Refusal | null> {
    return this.fixedWindow(`auth-post:${clientOf(ip)}`, MINUTE, THROTTLE.authPostsPerIpPerMinute);
  }

  /** Code sends: per mailbox first (1 a minute, 5 an hour), then per IP generously (200 an hour). */
  async countCodeSend(mailbox: string, ip: string): Promise<Refusal | null> {
    return (
      (await this.fixedWindow(`send-minute:${mailbox}`, MINUTE, THROTTLE.codeSendsPerMailboxPerMinute)) ??
      (await this.fixedWindow(`send-hour:${mailbox}`, HOUR, THROTTLE.codeSendsPerMailboxPerHour)) ??
      (await this.fixedWindow(`send-ip:${clientOf(ip)}`, HOUR, THROTTLE.codeSendsPerIpPerHour))
    );
  }

  /**
   * One sign-up (or email trial): the client's budget first, so one address past its own never
   * spends its network's; then the network's.
   */
  async countSignUp(ip: string): Promise<Refusal | null> {
    return (
      (await this.fixedWindow(`sign-up:${clientOf(ip)}`, HOUR, this.signUps.perAddressPerHour)) ??
      (await this.fixedWindow(`sign-up-network:${networkOf(ip)}`, HOUR, this.signUps.perNetworkPerHour))
    );
  }

  async countAnonymousTrial(ip: string): Promise<Refusal | null> {
    return this.fixedWindow(`anonymous-trial:${clientOf(ip)}`, HOUR, THROTTLE.anonymousTrialsPerIpPerHour);
  }

  /** One related-tag expansion of a free visitor: how many so far in this window, this one included, and when it was counted. */
  async countRelatedExpansion(visitor: string, windowMs: number): Promise<CountedExpansion> {
    const countedAt = this.now();
    return { count: await this.counters.hit(`related:${visitor}`, windowMs, countedAt), countedAt };
  }

  /** Whether a free visitor's expansion of this related list was let through in this window. */
  async isRelatedListPaid(visitor: string, list: string, windowMs: number): Promise<boolean> {
    return (await this.counters.read(relatedListKey(visitor, list), windowMs, this.now())) > 0;
  }

  /** Marks an expansion answered (counted by countRelatedExpansion), so opening it again is free. */
  async markRelatedListPaid(
    visitor: string,
    list: string,
    windowMs: number,
    countedAt: number,
  ): Promise<void> {
    await this.counters.hit(relatedListKey(visitor, list), windowMs, countedAt);
  }

  /** Gives back an expansion whose answer was an error, in the window it was counted in. */
  async giveBackRelatedExpansion(visitor: string, windowMs: number, countedAt: number): Promise<void> {
    await this.counters.giveBack(`related:${visitor}`, windowMs, countedAt);
  }

  /** Related-tag expansions of a free visitor so far in this window (none counted). */
  async readRelatedExpansions(visitor: string, windowMs: number): Promise<number> {
    return this.counters.read(`related:${visitor}`, windowMs, this.now());
  }

  /**
   * Takes one password guess, before it is checked. A known device spends its own budget, then the
   * budget all the account's known devices share, which others' guesses never spend; past that one
   * its guess goes the unknown way. Otherwise the account-and-address budget is spent first (an
   * address over it is refused without spending the account's), then the account's; past that the
   * account is slowed to one guess per slowedGuessIntervalMs, so a burst is checked at most
   * guessesPerAccount + 1 times and the owner's Retry-After is at most that interval, never the window.
   */
  async takeGuess(guess: Guess): Promise<TakenGuess> {
    const window = THROTTLE.guessWindowMs;
    let spent: SpentBudgets = 'account';
    if (guess.knownDevice) {
      const own = await this.fixedWindow(deviceKey(guess), window, THROTTLE.guessesPerKnownDevice);
      if (own) return { refusal: own, spent: null };
      const shared = await this.fixedWindow(
        knownDevicesKey(guess.account),
        window,
        THROTTLE.guessesPerKnownDevices,
      );
      if (!shared) return { refusal: null, spent: 'known-device' };
      spent = 'known-device-then-account';
    }
    const pairRefusal = await this.fixedWindow(pairKey(guess), window, THROTTLE.guessesPerAccountAndAddress);
    if (pairRefusal) return { refusal: pairRefusal, spent: null };
    if (!(await this.fixedWindow(accountKey(guess.account), window, THROTTLE.guessesPerAccount))) {
      return { refusal: null, spent };
    }
    const slowed = await this.fixedWindow(slowedKey(guess.account), THROTTLE.slowedGuessIntervalMs, 1);
    return slowed ? { refusal: slowed, spent: null } : { refusal: null, spent };
  }

  /** A right guess does not count: the budgets it spent get it back. */
  async giveBackGuess(guess: Guess, spent: SpentBudgets): Promise<void> {
    const now = this.now();
    const window = THROTTLE.guessWindowMs;
    if (spent !== 'account') await this.counters.forget(deviceKey(guess), window, now);
    if (spent === 'known-device') {
      await this.counters.giveBack(knownDevicesKey(guess.account), window, now);
      return;
    }
    await this.counters.forget(pairKey(guess), window, now);
    await this.counters.giveBack(accountKey(guess.account), window, now);
  }

  /**
   * Takes one guess at an emailed code, before it is checked: only the account-and-address budget.
   * No account-wide budget: each code's own tries (countCodeTry, 5) and the code sends (5 an hour
   * per mailbox) already bound the guesses, and an account-wide one would let others' wrong codes
   * refuse the owner's right one.
   */
  async takeCodeGuess(account: string, ip: string): Promise<Refusal | null> {
    return this.fixedWindow(
      pairKey({ account, ip }),
      THROTTLE.guessWindowMs,
      THROTTLE.guessesPerAccountAndAddress,
    );
  }

  /** A right code does not count against its address. */
  async giveBackCodeGuess(account: string, ip: string): Promise<void> {
    await this.counters.forget(pairKey({ account, ip }), THROTTLE.guessWindowMs, this.now());
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

  /** The owner proved the mailbox (password reset by code): the account's budgets start afresh. */
  async unlockAccount(account: string): Promise<void> {
    const now = this.now();
    await this.counters.forget(accountKey(account), THROTTLE.guessWindowMs, now);
    await this.counters.forget(slowedKey(account), THROTTLE.slowedGuessIntervalMs, now);
    await this.counters.forget(knownDevicesKey(account), THROTTLE.guessWindowMs, now);
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

function slowedKey(account: string): string {
  return `guess-slowed:${account}`;
}

/** Per account and client: an IPv6 client by its /64, so fresh addresses of one subscriber share it. */
function pairKey(guess: { account: string; ip: string }): string {
  return `guess-from:${guess.account}|${clientOf(guess.ip)}`;
}

function deviceKey(guess: Guess): string {
  return `guess-device:${guess.account}|${guess.knownDevice}`;
}

function knownDevicesKey(account: string): string {
  return `guess-known-devices:${account}`;
}

function codeTriesKey(identifier: string): string {
  return `code-tries:${identifier}`;
}

const relatedListKey = (visitor: string, list: string) => `related-list:${visitor}:${list}`;
