import { canExpandRelated } from '@tagscout/core/access';
import { AccountErrorCode } from '@tagscout/core/api';
import type { FastifyRequest } from 'fastify';
import { accountError } from './auth-calls.js';

const DAY_MS = 86_400_000;

/**
 * The free related-search limit (SPEC section 6), for GET /api/info/*?recommended=1: visitors whose
 * capabilities carry a relatedSearchLimit (free, expired trials) may expand related tags until the
 * count reaches the limit, then once more; after that 403 related_limit_reached. Counted per user,
 * else per device id, per UTC day. A visitor with neither is not counted (decision 007: an IP is
 * shared by whole offices).
 */
export async function relatedSearchGuard(request: FastifyRequest): Promise<void> {
  const query = request.query as { recommended?: unknown } | undefined;
  if (query?.recommended !== true) return;
  await countRelatedSearch(request);
}

/** The same limit for a route that is always a related search (suggestions for a list). */
export async function countRelatedSearch(request: FastifyRequest): Promise<void> {
  const { viewer } = request;
  if (viewer.capabilities.unlimitedRelatedSearches || viewer.capabilities.relatedSearchLimit === null) return;
  const key = viewer.userId ? `user:${viewer.userId}` : viewer.deviceId ? `device:${viewer.deviceId}` : null;
  if (!key) return;
  const { throttle } = request.server.accounts;
  const expansions = (await throttle.countRelatedExpansion(key, DAY_MS)) - 1;
  const limit = viewer.capabilities.relatedSearchLimit;
  const usage = { searches: Math.min(expansions, limit), expansionsAtLimit: Math.max(0, expansions - limit) };
  if (!canExpandRelated(viewer.capabilities, usage)) {
    throw accountError(
      403,
      AccountErrorCode.relatedLimit,
      'The free version shows related tags for a few searches a day. Upgrade to see more.',
    );
  }
}
