import { describe, expect, it } from 'vitest';
import { type AccountState, FREE_VISITOR } from './account-state.js';
import { hasActiveSubscription, hasBillingId, hasLapsedSubscription } from './subscription-status.js';

const customer = (
  subscriptions: { status: string }[],
  overrides: Partial<AccountState> = {},
): AccountState => ({
  ...FREE_VISITOR,
  group: 'CBcustomer',
  isSignedIn: true,
  billingId: 'cb_1',
  subscriptions,
  ...overrides,
});

describe('hasActiveSubscription', () => {
  it.each([
    ['active', true],
    ['in_trial', true],
    ['trialing', true],
    ['non_renewing', true],
    ['ACTIVE', true],
    ['cancelled', false],
    ['paused', false],
    ['future', false],
    ['unpaid', false],
  ])('%s -> %s', (status, expected) => {
    expect(hasActiveSubscription({ subscriptions: [{ status }] })).toBe(expected);
  });

  it('is false without subscriptions and true when any is active', () => {
    expect(hasActiveSubscription({ subscriptions: [] })).toBe(false);
    expect(hasActiveSubscription({ subscriptions: [{ status: 'paused' }, { status: 'active' }] })).toBe(true);
  });
});

describe('hasLapsedSubscription', () => {
  it('holds when the first subscription is cancelled and none is active', () => {
    expect(hasLapsedSubscription(customer([{ status: 'cancelled' }]))).toBe(true);
    expect(hasLapsedSubscription(customer([{ status: 'Canceled' }, { status: 'paused' }]))).toBe(true);
  });

  it('does not hold otherwise', () => {
    expect(hasLapsedSubscription(customer([]))).toBe(false);
    expect(hasLapsedSubscription(customer([{ status: 'paused' }, { status: 'cancelled' }]))).toBe(false);
    expect(hasLapsedSubscription(customer([{ status: 'cancelled' }, { status: 'active' }]))).toBe(false);
    expect(hasLapsedSubscription(customer([{ status: 'cancelled' }], { isSignedIn: false }))).toBe(false);
    expect(hasLapsedSubscription(customer([{ status: 'cancelled' }], { billingId: null }))).toBe(false);
  });
});

describe('hasBillingId', () => {
  it.each([
    ['cb_1', true],
    ['', false],
    ['  ', false],
    [null, false],
    [undefined, false],
  ])('%j -> %s', (billingId, expected) => {
    expect(hasBillingId({ billingId })).toBe(expected);
  });
});
