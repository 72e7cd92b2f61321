import type { Platform } from '@tagscout/core/access';
import type { Viewer } from '../accounts/viewer.js';

/** The parts of an HTTP request the account services need (no Fastify here). */
export interface AuthRequest {
  headers: Headers;
  ip: string;
  platform: Platform;
  viewer: Viewer;
  /** The known-device token the browser sent (known-device.ts), not yet verified; null for none. */
  knownDevice: string | null;
  /** Records an authentication event (docs/security-policy.md#logging): never a password, code or token. */
  audit(
    event: AuthEvent,
    fields: { email?: string; userId?: string; outcome: 'success' | 'failure' | 'refused' },
  ): void;
}

export type AuthEvent =
  | 'sign-in'
  | 'sign-up'
  | 'verify-email'
  | 'password-reset'
  | 'sign-out'
  | 'trial-code'
  | 'anonymous-trial'
  | 'sign-in-code'
  | 'password-set'
  | 'password-change'
  | 'email-change'
  | 'account-deletion'
  | 'account-export';
