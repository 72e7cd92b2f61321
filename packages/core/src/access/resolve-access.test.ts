import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AccountState, FREE_VISITOR, type Platform } from './account-state.js';
import { type Capabilities, UNLIMITED_SELECTION } from './capabilities.js';
import { resolveAccess } from './resolve-access.js';
import { TrialStatus } from './trial-status.js';
import type { UserGroup } from './user-group.js';

const STATES: Record<UserGroup, AccountState> = {
  free: FREE_VISITOR,
  trial: { ...FREE_VISITOR, group: 'trial', trialStatus: 'active', inTrial: true, expireSeconds: 86_400 },
  unRegTrial: {
    ...FREE_VISITOR,
    group: 'unRegTrial',
    trialStatus: 'unRegTrial',
    inTrial: true,
    expireSeconds: 3600,
  },
  beta: { ...FREE_VISITOR, group: 'beta', trialStatus: 'active' },
  admin: { ...FREE_VISITOR, group: 'admin', isSignedIn: true, billingId: null, trialStatus: 'active' },
  CBcustomer: {
    ...FREE_VISITOR,
    group: 'CBcustomer',
    isSignedIn: true,
    billingId: 'cb_1',
    trialStatus: 'active',
    subscriptions: [{ status: 'active' }],
  },
  mobileCustomer: { ...FREE_VISITOR, group: 'free', platform: 'ios', hasValidStoreSubscription: true },
};

// Rows: capability; columns: free, trial, unRegTrial, beta, admin, CBcustomer, mobileCustomer (web,
// except mobileCustomer on iOS).
const U = UNLIMITED_SELECTION;
const TABLE: { [K in Exclude<keyof Capabilities, 'group'>]: Capabilities[K][] } = {
  canUseCollections: [false, true, true, false, true, true, true],
  canUseProspecting: [false, false, false, false, true, false, false],
  canManageAccount: [false, false, false, false, false, true, false],
  canLogout: [false, false, false, false, true, true, false],
  canLogin: [true, true, true, true, false, false, true],
  canUpgrade: [true, true, true, true, false, false, false],
  showWalkthrough: [false, true, true, true, true, true, true],
  canTurnGuideOff: [false, true, true, true, true, true, true],
  canRestorePurchase: [false, false, false, false, false, false, false],
  unlimitedRelatedSearches: [false, true, true, true, true, true, true],
  relatedSearchLimit: [3, null, null, null, null, null, null],
  displayedRelatedTags: [2, null, null, null, null, null, null],
  canCopyUnlimited: [false, true, true, true, true, true, true],
  canRemoveBranding: [false, false, false, false, true, true, true],
  maxSelectionCount: [29, U, U, U, U, U, U],
  canSaveTopics: [false, true, true, false, true, true, true],
  canSeeSourceAlerts: [false, false, false, false, true, false, false],
  canSetBgSeedSearches: [false, false, false, false, true, false, false],
  isPaying: [false, false, false, false, false, true, true],
};
const GROUPS: UserGroup[] = ['free', 'trial', 'unRegTrial', 'beta', 'admin', 'CBcustomer', 'mobileCustomer'];

describe('resolveAccess', () => {
  it.each(GROUPS)('gives %s the capabilities of the table', (group) => {
    const column = GROUPS.indexOf(group);
    const expected = Object.fromEntries(
      Object.entries(TABLE).map(([name, values]) => [name, values[column]]),
    );
    expect(resolveAccess(STATES[group])).toEqual({ group, ...expected });
  });

  it('hides collections again once an anonymous trial has expired', () => {
    const expired = resolveAccess({ ...STATES.unRegTrial, expireSeconds: 0 });
    expect(expired.group).toBe('free');
    expect(expired.canUseCollections).toBe(false);
    expect(expired.relatedSearchLimit).toBe(3);
  });

  it('gives an expired registered trial the free limits', () => {
    const expired = resolveAccess({
      ...STATES.trial,
      trialStatus: 'expired',
      inTrial: false,
      expireSeconds: 0,
    });
    expect(expired).toEqual(resolveAccess(FREE_VISITOR));
  });

  it('stops an anonymous trial on iOS from turning the guide off, and only there', () => {
    const on = (platform: Platform) => resolveAccess({ ...STATES.unRegTrial, platform }).canTurnGuideOff;
    expect(on('ios')).toBe(false);
    expect(on('android')).toBe(true);
    expect(on('web')).toBe(true);
    expect(resolveAccess({ ...STATES.trial, platform: 'ios' }).canTurnGuideOff).toBe(true);
  });

  it('offers restore purchase on the apps to users who are not paying', () => {
    const restore = (state: AccountState, platform: Platform) =>
      resolveAccess({ ...state, platform }).canRestorePurchase;
    expect(restore(FREE_VISITOR, 'ios')).toBe(true);
    expect(restore(FREE_VISITOR, 'android')).toBe(true);
    expect(restore(STATES.unRegTrial, 'ios')).toBe(true);
    expect(restore(FREE_VISITOR, 'web')).toBe(false);
    expect(restore(STATES.mobileCustomer, 'android')).toBe(false);
    expect(restore(STATES.admin, 'ios')).toBe(false);
  });

  it('lets the settings override allow branding removal for anyone', () => {
    for (const group of GROUPS) {
      expect(resolveAccess({ ...STATES[group], settingsAllowBrandingRemoval: true }).canRemoveBranding).toBe(
        true,
      );
    }
  });

  it('treats a lapsed web customer as free, signed in (Logout, not Login), with the portal still open', () => {
    const lapsed = resolveAccess({ ...STATES.CBcustomer, subscriptions: [{ status: 'cancelled' }] });
    expect(lapsed).toEqual({
      ...resolveAccess(FREE_VISITOR),
      canLogin: false,
      canLogout: true,
      canManageAccount: true,
    });
  });

  it('keeps the billing portal for a web customer made admin, not for the admin marker (issue 32)', () => {
    const paying = { ...STATES.admin, billingId: 'cb_9', subscriptions: [{ status: 'active' }] };
    expect(resolveAccess(paying)).toMatchObject({ group: 'admin', canManageAccount: true });
    expect(resolveAccess({ ...paying, isAdminMarker: true }).canManageAccount).toBe(false);
    expect(resolveAccess(STATES.admin).canManageAccount).toBe(false);
  });

  it('lets a signed-in trial user log out but not log in', () => {
    const caps = resolveAccess({ ...STATES.trial, isSignedIn: true });
    expect(caps.group).toBe('trial');
    expect([caps.canLogin, caps.canLogout]).toEqual([false, true]);
  });

  it('keeps the premium limits consistent for any state', () => {
    const state = fc.record({
      group: fc.constantFrom(...GROUPS, 'partner'),
      trialStatus: fc.constantFrom(...Object.values(TrialStatus)),
      inTrial: fc.boolean(),
      expireSeconds: fc.integer({ min: -1e6, max: 1e7 }),
      isSignedIn: fc.boolean(),
      billingId: fc.constantFrom('cb_1', '', null, undefined),
      subscriptions: fc.array(fc.record({ status: fc.constantFrom('active', 'cancelled', 'paused') }), {
        maxLength: 2,
      }),
      hasValidStoreSubscription: fc.boolean(),
      platform: fc.constantFrom<Platform>('web', 'ios', 'android'),
      isAdminMarker: fc.boolean(),
      settingsAllowBrandingRemoval: fc.constant(false),
    });
    fc.assert(
      fc.property(state, (state) => {
        const caps = resolveAccess(state);
        const isFree = caps.group === 'free';
        expect(caps.relatedSearchLimit === null).toBe(!isFree);
        expect(caps.maxSelectionCount).toBe(isFree ? 29 : UNLIMITED_SELECTION);
        expect(caps.canCopyUnlimited).toBe(!isFree);
        if (caps.canRemoveBranding) expect(caps.isPaying || caps.group === 'admin').toBe(true);
        if (caps.canUseProspecting) expect(state.isSignedIn).toBe(true);
        // Exactly one of Login and Logout; the portal only for a signed-in web customer.
        expect(caps.canLogin).toBe(!caps.canLogout);
        if (caps.canManageAccount) expect(state.isSignedIn).toBe(true);
      }),
    );
  });
});
