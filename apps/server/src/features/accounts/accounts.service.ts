import {
  type AccountState,
  FREE_VISITOR,
  type Platform,
  resolveAccess,
  TrialStatus,
  UserGroup,
} from '@tagscout/core/access';
import type { Database } from '../../db/connect.js';
import {
  type AccountRow,
  findAccount,
  findUserByEmail,
  findUsersByIds,
  insertAccount,
  moveTrialClock,
  setUserRole,
  updateAccount,
} from './accounts.repository.js';

export {
  type AccountDataHook,
  type RunningSubscription,
  registerAccountDataHook,
} from './account-data-hooks.js';
// The users and accounts rows as the other account features (identity, trials) read and write them:
// those tables are this feature's, and no feature imports another's repository.
export {
  type AccountRow,
  changeUserEmail,
  deleteUser,
  findAccount,
  findAccountByDevice,
  findUserByEmail,
  findUserById,
  findUserRecord,
  insertAccount,
  updateAccount,
} from './accounts.repository.js';

const IN_TRIAL = new Set<string>([TrialStatus.active, TrialStatus.unRegTrial]);
/** A purchase ends the trial: a paying account is never told its trial ran out. */
const CUSTOMER_GROUPS = new Set<string>([UserGroup.CBcustomer, UserGroup.mobileCustomer]);

export interface StateContext {
  now: number;
  platform: Platform;
  /** Signed in with a password or an emailed code (an anonymous trial is not). */
  isSignedIn: boolean;
  adminBillingMarker?: string | undefined;
}

/**
 * The account's state by the server clock: a trial past its end is free, not in trial, expire 0,
 * status expired (core's expireTrial), whatever the stored row still says.
 */
export function accountStateOf(row: AccountRow | undefined, context: StateContext): AccountState {
  if (!row) return { ...FREE_VISITOR, platform: context.platform, isSignedIn: context.isSignedIn };
  const expiresAt = row.trial_expires_at ?? 0;
  const secondsLeft = Math.max(0, Math.floor((expiresAt - context.now) / 1000));
  const wasInTrial = IN_TRIAL.has(row.trial_status);
  const state: AccountState = {
    group: row.group_name,
    trialStatus: row.trial_status as TrialStatus,
    inTrial: wasInTrial && secondsLeft > 0,
    expireSeconds: wasInTrial ? secondsLeft : 0,
    isSignedIn: context.isSignedIn,
    billingId: row.billing_id,
    subscriptions: parseSubscriptions(row.subscriptions),
    hasValidStoreSubscription: row.has_valid_store_subscription === 1,
    platform: context.platform,
    isAdminMarker: Boolean(context.adminBillingMarker && row.billing_id === context.adminBillingMarker),
  };
  if (CUSTOMER_GROUPS.has(row.group_name)) return { ...state, inTrial: false, expireSeconds: 0 };
  if (wasInTrial && secondsLeft <= 0) {
    return {
      ...state,
      group: UserGroup.free,
      inTrial: false,
      expireSeconds: 0,
      trialStatus: TrialStatus.expired,
    };
  }
  return state;
}

/** A user's device id and account state by the server clock (the auth plugin's viewer). */
export async function findAccountState(database: Database, userId: string, context: StateContext) {
  const row = await findAccount(database, userId);
  return { deviceId: row?.device_id ?? null, account: accountStateOf(row, context) };
}

/** Whether a user is an administrator now, by the same rules as request.viewer.isAdmin (for background runs). */
export async function isAdministrator(
  database: Database,
  userId: string,
  context: Omit<StateContext, 'platform' | 'isSignedIn'>,
): Promise<boolean> {
  const row = await findAccount(database, userId);
  if (!row) return false;
  return (
    resolveAccess(accountStateOf(row, { ...context, platform: 'web', isSignedIn: true })).group === 'admin'
  );
}

/** What billing reads of an account: the stored group, the web customer id, the trial's end, the store flag. */
export interface AccountBilling {
  group: string;
  billingId: string | null;
  trialExpiresAt: number | null;
  hasValidStoreSubscription: boolean;
}

export async function findAccountBilling(database: Database, userId: string): Promise<AccountBilling | null> {
  const row = await findAccount(database, userId);
  if (!row) return null;
  return {
    group: row.group_name,
    billingId: row.billing_id,
    trialExpiresAt: row.trial_expires_at,
    hasValidStoreSubscription: row.has_valid_store_subscription === 1,
  };
}

/** The names and promo code a user registered with (getUserDetails). */
export async function findUserDetails(database: Database, userId: string) {
  const row = await findAccount(database, userId);
  return {
    firstname: row?.firstname ?? '',
    lastname: row?.lastname ?? '',
    promocode: row?.promo_code ?? null,
  };
}

/** The addresses of registered users by id (anonymous trials and unknown ids have none). */
export async function findEmailsOfUsers(database: Database, userIds: string[]): Promise<Map<string, string>> {
  const users = await findUsersByIds(database, [...new Set(userIds)]);
  return new Map(users.filter((user) => !user.isAnonymous).map((user) => [user.id, user.email]));
}

/** When a user's account was made (the server clock), or null when it has no account row. */
export async function findAccountCreatedAt(database: Database, userId: string): Promise<number | null> {
  const row = await findAccount(database, userId);
  return row ? Number(row.created_at) : null;
}

/** A user's id by email, for the admin command (no SQL outside repositories). */
export async function findUserIdByEmail(database: Database, email: string): Promise<string | null> {
  return (await findUserByEmail(database, email))?.id ?? null;
}

function parseSubscriptions(text: string): { status: string }[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value
      .filter((item): item is { status: string } => typeof item?.status === 'string')
      .map((item) => ({ status: item.status }));
  } catch {
    return [];
  }
}

export interface SubscriptionStateChange {
  /** The stored group, e.g. 'CBcustomer', 'free', 'beta', 'admin'. */
  group?: string;
  /** The web billing provider's customer id (cbid). */
  billingId?: string | null;
  /** Web subscriptions, newest first as the provider lists them. */
  subscriptions?: { status: string }[];
  /** An app-store subscription the server validated. */
  hasValidStoreSubscription?: boolean;
}

/**
 * For billing: changes what a user pays for. The user's next request sees it (nothing is cached).
 * Creates the account row if the user has none. 'admin' also gives the Better Auth admin role.
 */
export async function setSubscriptionState(
  database: Database,
  userId: string,
  change: SubscriptionStateChange,
  now: number,
): Promise<void> {
  const patch = {
    ...(change.group !== undefined && { group_name: change.group }),
    ...(change.billingId !== undefined && { billing_id: change.billingId }),
    ...(change.subscriptions !== undefined && {
      subscriptions: JSON.stringify(change.subscriptions.map(({ status }) => ({ status }))),
    }),
    ...(change.hasValidStoreSubscription !== undefined && {
      has_valid_store_subscription: change.hasValidStoreSubscription ? 1 : 0,
    }),
    updated_at: now,
  };
  if (await findAccount(database, userId)) {
    await updateAccount(database, userId, patch);
  } else {
    await insertAccount(database, {
      user_id: userId,
      device_id: null,
      group_name: UserGroup.free,
      trial_status: TrialStatus.unregistered,
      trial_started_at: null,
      trial_expires_at: null,
      promo_code: null,
      billing_id: null,
      instagram_user: null,
      language: null,
      created_at: now,
      ...patch,
    });
  }
  if (change.group !== undefined) {
    await setUserRole(database, userId, change.group === UserGroup.admin ? 'admin' : 'user');
  }
}

export type AccountMergeHook = (input: {
  /** Bound to the merge's transaction: use it for every query. */
  database: Database;
  fromUserId: string;
  toUserId: string;
}) => Promise<void>;

/** Where the app keeps its merge hooks (the accounts runtime). */
export interface MergeHooks {
  mergeHooks: AccountMergeHook[];
}

/**
 * For features that own data (collections, quarries): when an anonymous trial registers its email,
 * the anonymous user's data moves to the registered user. Register once per app, at start-up.
 */
export function registerAccountMergeHook(runtime: MergeHooks, hook: AccountMergeHook): void {
  runtime.mergeHooks.push(hook);
}

/**
 * An anonymous trial becomes the account that registered on its device, in one transaction: every
 * feature's data moves, and the trial clock keeps running from the anonymous start (registering
 * gives the email trial's length, counted from then, not a fresh trial).
 */
export async function mergeAnonymousTrial(
  database: Database,
  runtime: MergeHooks,
  move: { fromUserId: string; toUserId: string; trialDays: number; now: number },
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const inTransaction: Database = { db: trx, dialect: database.dialect, close: async () => {} };
    for (const hook of runtime.mergeHooks) {
      await hook({ database: inTransaction, fromUserId: move.fromUserId, toUserId: move.toUserId });
    }
    await moveTrialClock(inTransaction, move);
  });
}
