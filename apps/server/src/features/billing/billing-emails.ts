import type { OutgoingEmail } from '../email/email.service.js';

/** To a buyer who paid while signed out: the purchase waits for an account with this address. */
export function accountSetupEmail(to: string, setupLink: string): OutgoingEmail {
  return {
    to,
    subject: 'Your Tagscout Pro purchase: set up your account',
    text: [
      'Thank you for buying Tagscout Pro.',
      '',
      `To use it, set up your account with this address: ${setupLink}`,
      '',
      'Already have a Tagscout account with this address? Just sign in: the plan is added to it.',
    ].join('\n'),
  };
}

/** "Restore purchase" for an address whose purchase already has an account. */
export function restorePurchaseEmail(
  to: string,
  links: { signIn: string; portal: string | null },
): OutgoingEmail {
  return {
    to,
    subject: 'Your Tagscout Pro purchase',
    text: [
      'You asked to restore your Tagscout Pro purchase. It belongs to the account with this address.',
      '',
      `Sign in with this address to use it: ${links.signIn}`,
      ...(links.portal
        ? [
            '',
            `Manage your subscription (invoices, plan, cancel): ${links.portal}`,
            'That link works for a short while; later, sign in and open Manage Account.',
          ]
        : []),
      '',
      'If you did not ask for this, ignore this email: nothing changes.',
    ].join('\n'),
  };
}
