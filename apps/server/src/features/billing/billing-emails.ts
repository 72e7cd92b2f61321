import type { OutgoingEmail } from '../email/email.repository.js';

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
