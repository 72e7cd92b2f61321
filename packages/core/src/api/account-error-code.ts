/** The error codes the account endpoints add to the standard {"error":{"code","message"}}. */
export const AccountErrorCode = {
  invalidCredentials: 'invalid_credentials',
  emailNotVerified: 'email_not_verified',
  weakPassword: 'weak_password',
  codeNotVerified: 'code_not_verified',
  codeExpired: 'code_expired',
  trialUsed: 'trial_used',
  /** An email trial for a mailbox that had one: name+anything@host is name@host (decision 032). */
  mailboxTrialUsed: 'mailbox_trial_used',
  unknownPromoCode: 'unknown_promo_code',
  csrf: 'csrf_rejected',
  relatedLimit: 'related_limit_reached',
  signInRequired: 'unauthorized',
  forbidden: 'forbidden',
  rateLimited: 'rate_limited',
  /** The account page (my-account.ts): the current password given is not the account's. */
  wrongPassword: 'wrong_password',
  /** A first password for an account that has one already: change it instead. */
  passwordExists: 'password_exists',
  /** Changing the password or the address needs one: the account signs in by emailed code. */
  noPassword: 'no_password',
  /** The new address is the current one. */
  sameEmail: 'same_email',
  /** The new password is the current one. */
  samePassword: 'same_password',
  /** The new address has an account (said only once its code proved the mailbox). */
  emailTaken: 'email_taken',
  /** Deleting would leave subscriptions running that the user has not acknowledged. */
  subscriptionsActive: 'subscriptions_active',
} as const;
export type AccountErrorCode = (typeof AccountErrorCode)[keyof typeof AccountErrorCode];
