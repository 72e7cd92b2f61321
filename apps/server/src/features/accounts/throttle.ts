import type { Clock } from './clock.js';
import type { ThrottleStore } from './throttle-store.js';

/** SECURITY §2 values, in one place. */
export const THROTTLE = {
  freeFailures: 5,
  maxLockMs: 15 * 60_000,
  quietResetMs: 15 * 60_000,
  authPostsPerIpPerMinute: 10,
  codeSendsPerAddressPerMinute: 1,
  codeSendsPerAddressPerHour: 5,
  codeSendsPerIpPerHour: 20,
  anonymousTrialsPerIpPerHour: 30,
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A refusal: how many seconds until the caller may try again. */
export interface Refusal {
  retryAfterSeconds: number;
}

/**
 * Brute-force limits. Per account (sign-in, and code checks): 5 free failures, then a lock of
 * 2^(n-5) s capped at 15 minutes, forgotten after a success or 15 quiet minutes; never permanent.
 */
export class Throttle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly now: Clock,
  ) {}

  /** The per-IP budget of auth POSTs (10 a minute). */
  async countAuthPost(ip: string): Promise<Refusal | null> {
    return this.fixedWindow(`auth-post:${ip}`, MINUTE, THROTTLE.authPostsPerIpPerMinute);
  }

  /** Code sends: 1 per 60 s and 5 per hour per address, 20 per hour per IP. */
  async countCodeSend(address: string, ip: string): Promise<Refusal | null> {
    return (
      (await this.fixedWindow(`send-ip:${ip}`, HOUR, THROTTLE.codeSendsPerIpPerHour)) ??
      (await this.fixedWindow(`send-minute:${address}`, MINUTE, THROTTLE.codeSendsPerAddressPerMinute)) ??
      (await this.fixedWindow(`send-hour:${address}`, HOUR, THROTTLE.codeSendsPerAddressPerHour))
    );
  }

  async countAnonymousTrial(ip: string): Promise<Refusal | null> {
    return this.fixedWindow(`anonymous-trial:${ip}`, HOUR, THROTTLE.anonymousTrialsPerIpPerHour);
  }

  /** One related-tag expansion of a free visitor; answers how many so far in this window. */
  async countRelatedExpansion(visitor: string, windowMs: number): Promise<number> {
    return this.store.hit(`related:${visitor}`, windowMs, this.now());
  }

  /** Whether the account (a normalised address plus a purpose) is locked now. */
  async checkLock(account: string): Promise<Refusal | null> {
    const state = await this.currentLock(account);
    const now = this.now();
    if (!state || state.lockedUntil <= now) return null;
    return { retryAfterSeconds: Math.ceil((state.lockedUntil - now) / 1000) };
  }

  async recordFailure(account: string): Promise<void> {
    const now = this.now();
    const failures = ((await this.currentLock(account))?.failures ?? 0) + 1;
    const lockMs =
      failures > THROTTLE.freeFailures
        ? Math.min(2 ** (failures - THROTTLE.freeFailures) * 1000, THROTTLE.maxLockMs)
        : 0;
    const lockedUntil = lockMs > 0 ? now + lockMs : 0;
    await this.store.setLock(
      account,
      { failures, lastFailureAt: now, lockedUntil },
      Math.max(lockedUntil - now, 0) + THROTTLE.quietResetMs,
    );
  }

  async recordSuccess(account: string): Promise<void> {
    await this.store.clear(account);
  }

  private async currentLock(account: string) {
    const state = await this.store.getLock(account);
    if (!state) return null;
    // Forgotten after 15 quiet minutes (counted from the end of any lock).
    const quietSince = Math.max(state.lastFailureAt, state.lockedUntil);
    if (this.now() - quietSince >= THROTTLE.quietResetMs) return null;
    return state;
  }

  private async fixedWindow(key: string, windowMs: number, max: number): Promise<Refusal | null> {
    const now = this.now();
    const count = await this.store.hit(key, windowMs, now);
    if (count <= max) return null;
    const windowEnd = (Math.floor(now / windowMs) + 1) * windowMs;
    return { retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
  }
}
