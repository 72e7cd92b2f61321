import { describe, expect, it } from 'vitest';
import { type AccountState, FREE_VISITOR } from './account-state.js';
import { expireTrial } from './expire-trial.js';
import { isEffectivelySignedIn, resolveUserGroup } from './resolve-user-group.js';
import type { UserGroup } from './user-group.js';

const state = (overrides: Partial<AccountState>): AccountState => ({ ...FREE_VISITOR, ...overrides });
const customer: Partial<AccountState> = {
  group: 'CBcustomer',
  isSignedIn: true,
  billingId: 'cb_123',
  trialStatus: 'active',
  subscriptions: [{ status: 'active' }],
};

describe('resolveUserGroup', () => {
  it.each<[string, Partial<AccountState>, UserGroup]>([
    ['a signed-out visitor', {}, 'free'],
    ['stored free', { group: 'free', trialStatus: 'expired' }, 'free'],
    [
      'stored trial with time left',
      { group: 'trial', trialStatus: 'active', inTrial: true, expireSeconds: 600 },
      'trial',
    ],
    [
      'an unverified trial',
      { group: 'trial', trialStatus: 'unverified', inTrial: true, expireSeconds: 600 },
      'trial',
    ],
    ['stored trial with no time left', { group: 'trial', trialStatus: 'active', expireSeconds: 0 }, 'free'],
    ['stored trial marked expired', { group: 'trial', trialStatus: 'expired', expireSeconds: 600 }, 'free'],
    [
      'an anonymous trial with time left',
      { group: 'unRegTrial', trialStatus: 'unRegTrial', inTrial: true, expireSeconds: 1 },
      'unRegTrial',
    ],
    [
      'an anonymous trial by status only',
      { group: 'free', trialStatus: 'unRegTrial', inTrial: true, expireSeconds: 60 },
      'unRegTrial',
    ],
    [
      'an expired anonymous trial',
      { group: 'unRegTrial', trialStatus: 'unRegTrial', inTrial: true, expireSeconds: 0 },
      'free',
    ],
    [
      'an anonymous trial past expiry',
      { group: 'unRegTrial', trialStatus: 'unRegTrial', expireSeconds: -5 },
      'free',
    ],
    ['a failed trial check', { group: 'trial', trialStatus: 'error', expireSeconds: -86_401 }, 'free'],
    ['stored beta', { group: 'beta', trialStatus: 'active' }, 'beta'],
    ['a web customer with an active subscription', customer, 'CBcustomer'],
    [
      'a web customer in the provider trial',
      { ...customer, subscriptions: [{ status: 'in_trial' }] },
      'CBcustomer',
    ],
    [
      'a signed-in user whose subscription is active before the webhook',
      { ...customer, group: 'free' },
      'CBcustomer',
    ],
    ['a web customer not signed in', { ...customer, isSignedIn: false }, 'free'],
    [
      'a web customer with a cancelled subscription',
      { ...customer, subscriptions: [{ status: 'cancelled' }] },
      'free',
    ],
    [
      'a web customer with a canceled (Stripe) subscription',
      { ...customer, subscriptions: [{ status: 'canceled' }] },
      'free',
    ],
    ['a web customer with no subscription', { ...customer, subscriptions: [] }, 'free'],
    [
      'a stored customer in a trial, no subscription',
      { ...customer, subscriptions: [], inTrial: true, expireSeconds: 9 },
      'free',
    ],
    ['an iOS store subscriber', { platform: 'ios', hasValidStoreSubscription: true }, 'mobileCustomer'],
    [
      'an Android store subscriber',
      { platform: 'android', hasValidStoreSubscription: true },
      'mobileCustomer',
    ],
    ['a store flag on the web', { platform: 'web', hasValidStoreSubscription: true }, 'free'],
    ['signed in as stored admin', { group: 'admin', isSignedIn: true, billingId: 'cb_1' }, 'admin'],
    ['stored admin not signed in', { group: 'admin', isSignedIn: false }, 'free'],
    [
      'the admin marker',
      { group: 'CBcustomer', isSignedIn: true, billingId: 'marker', isAdminMarker: true },
      'admin',
    ],
    ['the admin marker signed out', { isSignedIn: false, billingId: 'marker', isAdminMarker: true }, 'free'],
    [
      'a customer account without billing id',
      { group: 'CBcustomer', isSignedIn: true, billingId: null },
      'admin',
    ],
    [
      'a customer account with a blank billing id',
      { group: 'CBcustomer', isSignedIn: true, billingId: ' ' },
      'admin',
    ],
    [
      'a customer account with undefined billing id',
      { group: 'CBcustomer', isSignedIn: true, billingId: undefined },
      'admin',
    ],
    [
      'a signed-in trial user without billing id',
      { group: 'trial', isSignedIn: true, inTrial: true, expireSeconds: 60, trialStatus: 'active' },
      'trial',
    ],
    ['a signed-in free user without billing id', { group: 'free', isSignedIn: true }, 'free'],
    [
      'an unknown server group in trial',
      { group: 'partner', inTrial: true, expireSeconds: 60, trialStatus: 'active' },
      'trial',
    ],
    ['an unknown server group not in trial', { group: 'partner', inTrial: false, expireSeconds: 60 }, 'free'],
  ])('%s -> %s', (_, overrides, expected) => {
    expect(resolveUserGroup(state(overrides))).toBe(expected);
  });

  it('lets admin win over a subscription and a subscription over the store', () => {
    expect(resolveUserGroup(state({ ...customer, isAdminMarker: true }))).toBe('admin');
    expect(resolveUserGroup(state({ ...customer, platform: 'ios', hasValidStoreSubscription: true }))).toBe(
      'CBcustomer',
    );
  });

  it('does not lock out a customer who subscribed again', () => {
    const resubscribed = state({
      ...customer,
      subscriptions: [{ status: 'cancelled' }, { status: 'active' }],
    });
    expect(resolveUserGroup(resubscribed)).toBe('CBcustomer');
    expect(isEffectivelySignedIn(resubscribed)).toBe(true);
  });

  it('treats a lapsed customer as signed out', () => {
    expect(isEffectivelySignedIn(state({ ...customer, subscriptions: [{ status: 'cancelled' }] }))).toBe(
      false,
    );
    expect(isEffectivelySignedIn(state(customer))).toBe(true);
    expect(isEffectivelySignedIn(FREE_VISITOR)).toBe(false);
  });
});

describe('expireTrial', () => {
  it('moves a trial user to free, not in trial, expire 0, status expired', () => {
    const before = state({
      group: 'trial',
      trialStatus: 'active',
      inTrial: true,
      expireSeconds: 5,
      platform: 'ios',
    });
    const after = expireTrial(before);
    expect(after).toEqual({
      ...before,
      group: 'free',
      inTrial: false,
      expireSeconds: 0,
      trialStatus: 'expired',
    });
    expect(resolveUserGroup(after)).toBe('free');
  });
});
