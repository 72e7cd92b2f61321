import type { SourceCall } from '@tagscout/core/api';
import type { Clock } from './clock.js';

/** How long a block stops calls of its type before one is tried again. */
export const DEFAULT_BLOCK_MS = 15 * 60_000;

export interface BlockFlag {
  call: SourceCall;
  /** Epoch ms the block was seen. */
  since: number;
  /** Epoch ms from which calls of this type are made again. */
  until: number;
}

/**
 * The per-type block flags (docs/product-rules.md#live-sources): once the network answers a call with its login page,
 * no call of that type is made until the flag lapses, so the app falls back to the server's store
 * or to direct lookups instead of hammering a network that has shut us out.
 */
export class BlockFlags {
  private readonly clock: Clock;
  private readonly blockMs: number;
  private readonly flags = new Map<SourceCall, BlockFlag>();
  private readonly listeners = new Set<(flag: BlockFlag, isSet: boolean) => void>();

  constructor(options: { clock: Clock; blockMs?: number }) {
    this.clock = options.clock;
    this.blockMs = options.blockMs ?? DEFAULT_BLOCK_MS;
  }

  isBlocked(call: SourceCall): boolean {
    return this.active(call) !== undefined;
  }

  /** The flag of a blocked call type, if it has not lapsed. */
  active(call: SourceCall): BlockFlag | undefined {
    const flag = this.flags.get(call);
    if (!flag) return undefined;
    if (flag.until > this.clock.now()) return flag;
    this.flags.delete(call);
    this.notify(flag, false);
    return undefined;
  }

  /** Blocks `call` for the block time from now (or until `until`, e.g. restored from storage). */
  block(call: SourceCall, until?: number): BlockFlag {
    const now = this.clock.now();
    const flag = { call, since: now, until: until ?? now + this.blockMs };
    this.flags.set(call, flag);
    this.notify(flag, true);
    return flag;
  }

  clear(call: SourceCall): void {
    const flag = this.flags.get(call);
    if (!flag) return;
    this.flags.delete(call);
    this.notify(flag, false);
  }

  /** Every flag still in force. */
  list(): BlockFlag[] {
    return [...this.flags.keys()].map((call) => this.active(call)).filter((flag) => flag !== undefined);
  }

  /** Called when a flag is set or lapses; returns the unsubscribe function. */
  onChange(listener: (flag: BlockFlag, isSet: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(flag: BlockFlag, isSet: boolean) {
    for (const listener of this.listeners) listener(flag, isSet);
  }
}
