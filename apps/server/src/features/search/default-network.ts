import { NETWORKS, type Network } from '@tagscout/core/networks';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/connect.js';
import { hasAnyHashtag } from './search.repository.js';

/**
 * The network that answers a request naming none: the first of the configured order that holds
 * data, so a fresh offline machine shows the sample and one fed by Bluesky shows Bluesky. Kept for
 * a short time; while no network holds data the first of the order answers and nothing is kept.
 */
export class DefaultNetwork {
  private kept: { network: Network; until: number } | undefined;
  private keptHolding: { networks: Network[]; until: number } | undefined;

  constructor(
    private readonly options: {
      database: Database;
      order: readonly Network[];
      ttlMs?: number;
      now: Clock;
    },
  ) {}

  async resolve(asked?: Network): Promise<Network> {
    if (asked) return asked;
    const now = this.now();
    if (this.kept && this.kept.until > now) return this.kept.network;
    for (const network of this.options.order) {
      if (await hasAnyHashtag(this.options.database, network)) {
        this.kept = { network, until: now + this.ttlMs() };
        return network;
      }
    }
    return this.options.order[0]!;
  }

  /** The networks that hold data: those of the order first, in its order, then the others. */
  async holdingData(): Promise<Network[]> {
    const now = this.now();
    if (this.keptHolding && this.keptHolding.until > now) return this.keptHolding.networks;
    const candidates = [...new Set([...this.options.order, ...NETWORKS])];
    const networks: Network[] = [];
    for (const network of candidates) {
      if (await hasAnyHashtag(this.options.database, network)) networks.push(network);
    }
    this.keptHolding = { networks, until: now + this.ttlMs() };
    return networks;
  }

  /** After a write in this process, so a network that just got its first tags answers at once. */
  forget(): void {
    this.kept = undefined;
    this.keptHolding = undefined;
  }

  private now(): number {
    return this.options.now();
  }

  private ttlMs(): number {
    return this.options.ttlMs ?? 30_000;
  }
}
