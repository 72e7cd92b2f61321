import { describe, expect, it } from 'vitest';
import {
  pickSessionDialog,
  shouldShowExpiredSubscription,
  shouldShowRegistration,
  shouldShowTrialNotice,
} from './dialog-rules';
import type { SessionDialogFlags } from './session-store';
import { TEST_ACCOUNTS } from './test-sessions';

const ALL: SessionDialogFlags = { registration: true, trialNotice: true, expiredSubscription: true };
const NONE: SessionDialogFlags = { registration: false, trialNotice: false, expiredSubscription: false };
const onSearch = { pathname: '/tags', isTrialSignupOpen: false };

describe('dialog display rules', () => {
  it('shows registration to unregistered, unverified and anonymous-trial visitors when flagged', () => {
    expect(shouldShowRegistration(TEST_ACCOUNTS.free, ALL)).toBe(true);
    expect(
      shouldShowRegistration({ ...TEST_ACCOUNTS.free, group: 'trial', trialStatus: 'unverified' }, ALL),
    ).toBe(true);
    expect(shouldShowRegistration(TEST_ACCOUNTS.unRegTrial, ALL)).toBe(true);
    // An anonymous trial whose status was cleared still counts by its group.
    expect(shouldShowRegistration({ ...TEST_ACCOUNTS.unRegTrial, trialStatus: 'active' }, ALL)).toBe(true);
  });

  it('never shows registration without the flag, or to active and expired trials', () => {
    expect(shouldShowRegistration(TEST_ACCOUNTS.unRegTrial, NONE)).toBe(false);
    expect(shouldShowRegistration(TEST_ACCOUNTS.trial, ALL)).toBe(false);
    expect(shouldShowRegistration(TEST_ACCOUNTS.expiredTrial, ALL)).toBe(false);
    expect(shouldShowRegistration(TEST_ACCOUNTS.CBcustomer, ALL)).toBe(false);
  });

  it('shows the expired-subscription notice to a web customer who is not logged in', () => {
    expect(shouldShowExpiredSubscription(TEST_ACCOUNTS.lapsedCustomer, ALL)).toBe(true);
    expect(shouldShowExpiredSubscription({ ...TEST_ACCOUNTS.CBcustomer, isSignedIn: false }, ALL)).toBe(true);
    expect(shouldShowExpiredSubscription(TEST_ACCOUNTS.CBcustomer, ALL)).toBe(false);
    expect(shouldShowExpiredSubscription(TEST_ACCOUNTS.free, ALL)).toBe(false);
    expect(shouldShowExpiredSubscription(TEST_ACCOUNTS.lapsedCustomer, NONE)).toBe(false);
  });

  it('shows the trial notice when the trial has expired and the flag is set', () => {
    expect(shouldShowTrialNotice(TEST_ACCOUNTS.expiredTrial, ALL)).toBe(true);
    expect(shouldShowTrialNotice(TEST_ACCOUNTS.expiredTrial, NONE)).toBe(false);
    expect(shouldShowTrialNotice(TEST_ACCOUNTS.trial, ALL)).toBe(false);
  });

  it('picks one dialog at a time, the trial notice first', () => {
    expect(pickSessionDialog(TEST_ACCOUNTS.expiredTrial, ALL, onSearch)).toBe('trialNotice');
    expect(pickSessionDialog(TEST_ACCOUNTS.lapsedCustomer, ALL, onSearch)).toBe('expiredSubscription');
    expect(pickSessionDialog(TEST_ACCOUNTS.unRegTrial, ALL, onSearch)).toBe('registration');
    expect(pickSessionDialog(TEST_ACCOUNTS.trial, ALL, onSearch)).toBeNull();
  });

  it('keeps dialogs off the account screens and away from an open trial sign-up', () => {
    for (const pathname of ['/login', '/logout', '/newaccount', '/upgrade', '/specialoffer']) {
      expect(
        pickSessionDialog(TEST_ACCOUNTS.expiredTrial, ALL, { pathname, isTrialSignupOpen: false }),
      ).toBeNull();
    }
    expect(
      pickSessionDialog(TEST_ACCOUNTS.unRegTrial, ALL, { pathname: '/tags', isTrialSignupOpen: true }),
    ).toBeNull();
  });
});
