import { canExpandRelated } from '@tagscout/core/access';
import { AccountErrorCode } from '@tagscout/core/api';
import { normalizeHashtag } from '@tagscout/core/hashtags';
import type { Network } from '@tagscout/core/networks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { documentedGuard } from '../../route-guards.js';
import { accountError } from '../sessions/auth-calls.js';
import { meteredKey, RELATED_LIMIT_WINDOW_MS } from './related-limit.js';

/**
 * The free related-search limit (docs/product-rules.md#free-limits), for GET /api/info/*?recommended=1: visitors whose
 * capabilities carry a relatedSearchLimit (free, expired trials) may expand related tags until the
 * count reaches the limit, then once more; after that 403 related_limit_reached. Counted per user,
 * else per device id, per UTC day. A visitor with neither is not counted (decision 007: an IP is
 * shared by whole offices).
 */
const relatedSearchGuard = documentedGuard(
  async (request: FastifyRequest): Promise<void> => {
    const query = request.query as RelatedQuery | undefined;
    if (query?.recommended !== true) return;
    const key = meteredKey(request.viewer);
    if (key) await meterRelatedSearch(request, key, await relatedListOf(request, query));
  },
  { statuses: [403], needsSession: false },
);

interface RelatedQuery {
  recommended?: unknown;
  network?: Network;
  ranking?: string;
}

/**
 * Which related list a request opens, as the service reads it: the item (a tag as the network
 * writes it, a place's or a profile's id as given), its network (the one that answers when none is
 * named) and the ranking, which picks other tags.
 */
async function relatedListOf(request: FastifyRequest, query: RelatedQuery): Promise<string> {
  const params = request.params as { names?: string; id?: string };
  if (params.names === undefined)
    return [request.routeOptions.url, params.id ?? '', '', query.ranking ?? ''].join('|');
  const network = await request.server.hashtags.defaultNetwork.resolve(query.network);
  const tag = normalizeHashtag(params.names, network) ?? params.names;
  return [request.routeOptions.url, tag, network, query.ranking ?? ''].join('|');
}

/** The same limit for a route that is always a related search (suggestions for a list): each counts. */
const countRelatedSearch = documentedGuard(
  async (request: FastifyRequest): Promise<void> => {
    const key = meteredKey(request.viewer);
    if (key) await meterRelatedSearch(request, key);
  },
  { statuses: [403], needsSession: false },
);

/** A counted search of a request still being answered: whose, which list, and when. */
interface SpentSearch {
  key: string;
  list: string | undefined;
  countedAt: number;
}

const spentSearches = new WeakMap<FastifyRequest, SpentSearch>();

/**
 * Only an answer spends a search. When the request the guard counted is answered, its list is
 * marked paid for the day; when it is answered with an error (a tag, place or profile the store
 * does not know, a fault), the count is given back instead, before the client reads its Me answer
 * again. Marked only once answered, so no request can open a list on the mark of one that fails.
 */
async function settleRelatedSearch(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const spent = spentSearches.get(request);
  if (!spent) return payload;
  spentSearches.delete(request);
  const { throttle } = request.server.accounts;
  const settling =
    reply.statusCode >= 400
      ? throttle.giveBackRelatedExpansion(spent.key, RELATED_LIMIT_WINDOW_MS, spent.countedAt)
      : spent.list !== undefined
        ? throttle.markRelatedListPaid(spent.key, spent.list, RELATED_LIMIT_WINDOW_MS, spent.countedAt)
        : Promise.resolve();
  await settling.catch((error: unknown) =>
    request.log.error({ err: error }, 'could not settle a related search'),
  );
  return payload;
}

/** The hooks of a route that shows related tags when ?recommended=1 (the tag, place and profile info). */
export const relatedSearchHooks = { preHandler: relatedSearchGuard, onSend: settleRelatedSearch };

/** The hooks of a route that is always a related search. */
export const countedRelatedSearchHooks = { preHandler: countRelatedSearch, onSend: settleRelatedSearch };

/**
 * Counts one related search of the visitor `key`. A `list` (an item's related list on a network)
 * answered today is free to open again: a reload or another tab must not spend a second search.
 * Requests racing for a new list at the limit are all counted (and refused); concurrent first opens
 * of one list may each count.
 */
async function meterRelatedSearch(request: FastifyRequest, key: string, list?: string): Promise<void> {
  const { viewer } = request;
  const { throttle } = request.server.accounts;
  if (list !== undefined && (await throttle.isRelatedListPaid(key, list, RELATED_LIMIT_WINDOW_MS))) return;
  const { count, countedAt } = await throttle.countRelatedExpansion(key, RELATED_LIMIT_WINDOW_MS);
  const expansions = count - 1;
  const limit = viewer.capabilities.relatedSearchLimit as number;
  const usage = { searches: Math.min(expansions, limit), expansionsAtLimit: Math.max(0, expansions - limit) };
  if (!canExpandRelated(viewer.capabilities, usage)) {
    throw accountError(
      403,
      AccountErrorCode.relatedLimit,
      'The free version shows related tags for a few searches a day. Upgrade to see more.',
    );
  }
  spentSearches.set(request, { key, list, countedAt });
}
