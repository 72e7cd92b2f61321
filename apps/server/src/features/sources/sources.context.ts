import type { FirehoseStatus } from '@tagscout/core/api';
import type { Clock, NetworkClient, SocialSource } from '@tagscout/sources/source';
import type { Database } from '../../db/connect.js';
import type { FetchQueue } from './fetch-queue.js';
import type { SearchCounter } from './search-counter.js';

/** A source the server runs itself, with the client whose limiter and block flags it uses. */
export interface ServerSource {
  source: SocialSource;
  client: NetworkClient;
}

export interface SourcesLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What every sources service function works with. */
export interface SourcesContext {
  database: Database;
  clock: Clock;
  /** The server's source (Mastodon when MASTODON_URL is set); undefined: none runs here. */
  server: ServerSource | undefined;
  queue: FetchQueue;
  searches: SearchCounter;
  /** Background seeding: tags per run and the time between runs (0: off). */
  seed: { count: number; intervalMs: number };
  log: SourcesLog;
  /** Signed-in accounts that must report the same failure before admins see it (decision 017). */
  reportQuorum: number;
  /** The Bluesky firehose consumer's status (decision 013). */
  firehoseStatus: () => FirehoseStatus;
}
