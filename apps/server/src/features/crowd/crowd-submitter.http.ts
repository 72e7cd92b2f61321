import { ErrorCode } from '@tagscout/core/api';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../app-error.js';
import { networkOf } from '../../client-address.js';
import { documentedGuard } from '../../route-guards.js';
import type { CrowdSender } from './crowd.service.js';

/**
 * Only registered, signed-in accounts may write to the crowd cache (decision 011): an anonymous
 * visitor gets 401, an anonymous trial 403, each with what to do instead.
 */
export const crowdSubmitterGuard: onRequestAsyncHookHandler = documentedGuard(
  async (request) => {
    if (!request.viewer.userId) {
      throw new AppError(401, ErrorCode.unauthorized, 'Sign in to share search results with Tagscout.');
    }
    if (!request.viewer.account.isSignedIn) {
      throw new AppError(
        403,
        ErrorCode.forbidden,
        'Create an account to share search results with Tagscout.',
      );
    }
  },
  { statuses: [401, 403], needsSession: true },
);

/** Who sent a request that passed crowdSubmitterGuard: the account, its device and address, and its network. */
export function senderOf(request: FastifyRequest): CrowdSender {
  return {
    userId: request.viewer.userId!,
    deviceId: request.viewer.deviceId,
    email: request.viewer.email ?? '',
    network: networkOf(request.ip),
  };
}

/** Crowd-cache allowances are per account, so accounts behind one address do not share one. */
export function crowdRateLimitKey(request: FastifyRequest): string {
  return request.viewer.userId ? `crowd:${request.viewer.userId}` : request.ip;
}
