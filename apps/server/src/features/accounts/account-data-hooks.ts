import type { Database } from '../../db/connect.js';

/** The account whose data a hook exports or erases. */
export interface AccountDataOwner {
  /** In eraseData, deletion's transaction: use it for every query. */
  database: Database;
  userId: string;
  /** The account's address; null for an anonymous trial. */
  email: string | null;
  now: number;
}

/** A subscription that keeps charging after its account is deleted (the stores bill on their own). */
export interface RunningSubscription {
  store: 'app-store' | 'google-play' | 'web';
  product: string;
  renewsAt: number | null;
}

/**
 * How a feature that keeps a user's data takes part in "download my data" and "delete my account"
 * (docs/api-accounts.md#your-account). Rows a foreign key deletes with the user (topics, quarries,
 * sessions...) still need `exportData`; `eraseData` is for what no key reaches.
 */
export interface AccountDataHook {
  /** The key of its part of the download ("collections", "settings"...). */
  name: string;
  /** The user's rows as plain JSON values, without secrets (no hashes, no tokens). */
  exportData(owner: AccountDataOwner): Promise<unknown>;
  /** Deletes the user's rows, or unlinks those the law keeps, inside deletion's one transaction. */
  eraseData?(owner: AccountDataOwner): Promise<void>;
  /** Work that runs its own transactions, before deletion's (the crowd's purge of a submitter). */
  eraseBefore?(owner: AccountDataOwner): Promise<void>;
  /** Subscriptions deleting the account leaves running: named to the user before deletion. */
  findRunningSubscriptions?(owner: AccountDataOwner): Promise<RunningSubscription[]>;
}

/** Where the app keeps the hooks (the accounts runtime). */
export interface AccountDataHooks {
  dataHooks: AccountDataHook[];
}

/** For features that keep a user's data: register once per app, at start-up (as the merge hooks). */
export function registerAccountDataHook(runtime: AccountDataHooks, hook: AccountDataHook): void {
  if (runtime.dataHooks.some((known) => known.name === hook.name)) return;
  runtime.dataHooks.push(hook);
}
