import { type AccountState, isEffectivelySignedIn, TrialStatus, UserGroup } from '@tagscout/core/access';
import type { SessionDialogFlags } from './session-store';

type DialogAccount = Pick<AccountState, 'group' | 'trialStatus'> & Partial<AccountState>;

/** Registration dialog: unregistered or unverified, or an anonymous trial, and the flag is set. */
export function shouldShowRegistration(account: DialogAccount, flags: SessionDialogFlags): boolean {
  const needsRegistration =
    account.trialStatus === TrialStatus.unregistered ||
    account.trialStatus === TrialStatus.unverified ||
    account.group === UserGroup.unRegTrial;
  return flags.registration && needsRegistration;
}

/**
 * Expired-subscription notice: a web customer (CBcustomer) who is not logged in, which the access
 * rules say of a customer whose subscription lapsed. Closing it clears the flag for this run.
 */
export function shouldShowExpiredSubscription(account: AccountState, flags: SessionDialogFlags): boolean {
  return (
    flags.expiredSubscription && account.group === UserGroup.CBcustomer && !isEffectivelySignedIn(account)
  );
}

/** Trial notice: the trial has expired and the notice flag is set. */
export function shouldShowTrialNotice(account: DialogAccount, flags: SessionDialogFlags): boolean {
  return flags.trialNotice && account.trialStatus === TrialStatus.expired;
}

export type SessionDialog = 'trialNotice' | 'expiredSubscription' | 'registration';

/**
 * The one dialog to show now, most urgent first, or null. Screens that are themselves about the
 * account (sign-in, account setup, plans) or an open trial sign-up keep dialogs away.
 */
export function pickSessionDialog(
  account: AccountState,
  flags: SessionDialogFlags,
  context: { pathname: string; isTrialSignupOpen: boolean },
): SessionDialog | null {
  if (context.isTrialSignupOpen || isAccountScreen(context.pathname)) return null;
  if (shouldShowTrialNotice(account, flags)) return 'trialNotice';
  if (shouldShowExpiredSubscription(account, flags)) return 'expiredSubscription';
  if (shouldShowRegistration(account, flags)) return 'registration';
  return null;
}

const ACCOUNT_SCREENS = [
  '/login',
  '/logout',
  '/newaccount',
  '/newlogin',
  '/upgrade',
  '/specialoffer',
  '/portal',
];

function isAccountScreen(pathname: string): boolean {
  return ACCOUNT_SCREENS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}
