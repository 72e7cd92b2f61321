import { ErrorCode } from '@tagscout/core/api';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../app-error.js';
import { documentedGuard } from '../../route-guards.js';

/**
 * The account page's password and address routes: a signed-in account with an address. Signed
 * out answers 401; an anonymous trial, which has neither password nor address, 403.
 */
export const requireEmailAccount: preHandlerAsyncHookHandler = documentedGuard(
  async (request) => {
    if (!request.viewer.userId) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to do this.');
    if (!request.viewer.email) {
      throw new AppError(
        403,
        ErrorCode.forbidden,
        'An anonymous trial has no email address: start your trial with your email to do this.',
      );
    }
  },
  { statuses: [401, 403], needsSession: true },
);
