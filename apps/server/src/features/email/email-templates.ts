import type { OutgoingEmail } from './email.repository.js';

export type CodeEmailKind = 'verify-email' | 'reset-password' | 'trial';

const SUBJECTS: Record<CodeEmailKind, string> = {
  'verify-email': 'Your Tagscout verification code',
  'reset-password': 'Your Tagscout password reset code',
  trial: 'Your Tagscout sign-in code',
};

const PURPOSES: Record<CodeEmailKind, string> = {
  'verify-email': 'to verify your email address and finish setting up your account',
  'reset-password': 'to reset your password',
  trial: 'to start your trial or sign in',
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

export function passwordChangedEmail(to: string): OutgoingEmail {
  return {
    to,
    subject: 'Your Tagscout password was changed',
    text: [
      'The password of your Tagscout account was just reset, and every device was signed out.',
      '',
      'If this was not you, reset your password again now with "Forgot password".',
    ].join('\n'),
  };
}
