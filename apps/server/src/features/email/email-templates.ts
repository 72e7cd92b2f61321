import type { OutgoingEmail } from './email.repository.js';

export type CodeEmailKind =
  | 'verify-email'
  | 'reset-password'
  | 'trial'
  | 'set-password'
  | 'change-email'
  | 'delete-account';

const SUBJECTS: Record<CodeEmailKind, string> = {
  'verify-email': 'Your Tagscout verification code',
  'reset-password': 'Your Tagscout password reset code',
  trial: 'Your Tagscout sign-in code',
  'set-password': 'Your code to set a Tagscout password',
  'change-email': 'Your code to move your Tagscout account to this address',
  'delete-account': 'Your code to delete your Tagscout account',
};

const PURPOSES: Record<CodeEmailKind, string> = {
  'verify-email': 'to verify your email address and finish setting up your account',
  'reset-password': 'to reset your password',
  trial: 'to start your trial or sign in',
  'set-password': 'to set a password for your account',
  'change-email': 'to make this the address of your account',
  'delete-account': 'to delete your account and all its data',
};

export function codeEmail(to: string, kind: CodeEmailKind, code: string): OutgoingEmail {
  return {
    to,
    subject: SUBJECTS[kind],
    text: [
      `Your code is ${code}`,
      '',
      `Enter it in Tagscout ${PURPOSES[kind]}. It works once and expires in 10 minutes.`,
      'If you did not ask for it, ignore this email: nothing changes without the code.',
    ].join('\n'),
  };
}

/** A second sign-up for an address that already has an account: tell the owner instead. */
export function alreadyRegisteredEmail(to: string): OutgoingEmail {
  return {
    to,
    subject: 'You already have a Tagscout account',
    text: [
      'Someone (perhaps you) tried to create a Tagscout account with this address, which already has one.',
      '',
      'To get in, sign in with your password, or use "Forgot password" on the sign-in screen.',
      'If it was not you, you can ignore this email.',
    ].join('\n'),
  };
}

/** A password was reset (by code), changed (with the old one) or set for the first time: every other device was signed out. */
export function passwordChangedEmail(to: string, how: 'reset' | 'changed' | 'set' = 'reset'): OutgoingEmail {
  const what = { reset: 'was just reset', changed: 'was just changed', set: 'was just set' }[how];
  const where = how === 'reset' ? 'every device was signed out' : 'every other device was signed out';
  return {
    to,
    subject: how === 'set' ? 'Your Tagscout password was set' : 'Your Tagscout password was changed',
    text: [
      `The password of your Tagscout account ${what}, and ${where}.`,
      '',
      'If this was not you, reset your password now with "Forgot password" on the sign-in screen.',
    ].join('\n'),
  };
}

/** The old address of an account is told where the account moved. */
export function emailChangedEmail(to: string, newEmail: string): OutgoingEmail {
  return {
    to,
    subject: 'Your Tagscout email address was changed',
    text: [
      `Your Tagscout account now uses ${newEmail}. This address no longer signs in to it.`,
      '',
      'If this was not you, write to us by replying to this email: someone who knows your password changed it.',
    ].join('\n'),
  };
}

/** Someone asked to move their account to an address that has one: its owner is told, and gets no code. */
export function emailChangeTakenEmail(to: string): OutgoingEmail {
  return {
    to,
    subject: 'Someone tried to move a Tagscout account to this address',
    text: [
      'Someone (perhaps you) asked to move a Tagscout account to this address, which already has one.',
      '',
      'Nothing changed. An address belongs to one account: to move another account here, delete this one first.',
      'If it was not you, you can ignore this email.',
    ].join('\n'),
  };
}

/** The account and its data are gone: the last message to the address. */
export function accountDeletedEmail(to: string): OutgoingEmail {
  return {
    to,
    subject: 'Your Tagscout account was deleted',
    text: [
      'Your Tagscout account and its data (collections, settings, sessions, reports) were deleted.',
      '',
      'A subscription bought in the App Store or Google Play is not cancelled by this: cancel it in the store.',
      'If you did not ask for this, reply to this email.',
    ].join('\n'),
  };
}
