import { type AccountState, FREE_VISITOR, resolveAccess } from '@tagscout/core/access';
import { buildSession, type SessionState, type SessionUser } from './session-store';

/** Accounts per user group, for tests of the menu, guards and dialogs. */
export const TEST_ACCOUNTS = {
  free: FREE_VISITOR,
  trial: { ...FREE_VISITOR, group: 'trial', trialStatus: 'active', inTrial: true, expireSeconds: 3 * 86_400 },
  unRegTrial: {
    ...FREE_VISITOR,
    group: 'unRegTrial',
    trialStatus: 'unRegTrial',
    inTrial: true,
    expireSeconds: 7200,
  },
  expiredTrial: { ...FREE_VISITOR, group: 'free', trialStatus: 'expired', inTrial: false, expireSeconds: 0 },
  /** A trial started with an email: signed in (GET /api/account/me has its user). */
  emailTrial: {
    ...FREE_VISITOR,
    group: 'trial',
    trialStatus: 'active',
    inTrial: true,
    expireSeconds: 7 * 86_400,
    isSignedIn: true,
  },
  /** An account set up without a trial or a plan. */
  signedInFree: { ...FREE_VISITOR, isSignedIn: true },
  beta: { ...FREE_VISITOR, group: 'beta', trialStatus: 'active', isSignedIn: true },
  admin: { ...FREE_VISITOR, group: 'admin', trialStatus: 'active', isSignedIn: true },
  /** A web customer an administrator made admin: still a customer of the billing portal. */
  payingAdmin: {
    ...FREE_VISITOR,
    group: 'admin',
    trialStatus: 'active',
    isSignedIn: true,
    billingId: 'cb_9',
    subscriptions: [{ status: 'active' }],
  },
  CBcustomer: {
    ...FREE_VISITOR,
    group: 'CBcustomer',
    trialStatus: 'active',
    isSignedIn: true,
    billingId: 'cb_1',
    subscriptions: [{ status: 'active' }],
  },
  lapsedCustomer: {
    ...FREE_VISITOR,
    group: 'CBcustomer',
    trialStatus: 'active',
    isSignedIn: true,
    billingId: 'cb_1',
    subscriptions: [{ status: 'cancelled' }],
  },
} satisfies Record<string, AccountState>;

export type TestGroup = keyof typeof TEST_ACCOUNTS;

/** A loaded session of that group at `nowMs`, with a user when the account has one. */
export function testSession(
  group: TestGroup,
  nowMs = Date.now(),
  changes: Partial<SessionState> = {},
): SessionState {
  const account = TEST_ACCOUNTS[group];
  const user: SessionUser | null = account.isSignedIn
    ? { id: `user-${group}`, email: `${group}@example.com`, name: null, isAnonymous: false }
    : group === 'unRegTrial'
      ? { id: 'user-anon', email: null, name: null, isAnonymous: true }
      : null;
  const trialEndsAtMs = account.inTrial ? nowMs + account.expireSeconds * 1000 : null;
  return buildSession({ user, account, trialEndsAtMs, ...changes });
}

/** What GET /api/account/me answers for a signed-in user of that group (for fake servers). */
export function testMe(group: TestGroup) {
  const account = TEST_ACCOUNTS[group];
  return {
    user: {
      id: `user-${group}`,
      email: `${group}@example.com`,
      emailVerified: true,
      firstname: '',
      lastname: '',
      isAnonymous: false,
      promocode: null,
      hasPassword: true,
    },
    deviceId: 'device-1',
    account,
    capabilities: resolveAccess(account),
    isAdmin: group === 'admin',
    relatedSearches: null,
  };
}
