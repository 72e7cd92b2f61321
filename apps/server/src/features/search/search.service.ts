import {
  type HashtagAutocompleteResponse,
  type HashtagInfoResponse,
  INGEST_LIMITS,
  type PlaceAutocompleteResponse,
  type PlaceInfoResponse,
  type UserAutocompleteResponse,
  type UserInfoResponse,
} from '@tagscout/core/api';
import {
  countTagChars,
  foldTagAccents,
  normalizeHashtag,
  normalizeQuery,
  normalizeTagQuery,
} from '@tagscout/core/hashtags';
import { LIMITS } from '@tagscout/core/limits';
import type { Network } from '@tagscout/core/networks';
import type { RelatedRanking } from '@tagscout/core/related';
import { AppError } from '../../app-error.js';
import type { Database } from '../../db/connect.js';
import { hasCrowdReports } from '../crowd/crowd.service.js';
import { CROWD_NETWORK } from '../crowd/crowd-rule.js';
import { findRelatedTags, type HashtagContext } from '../related/related.service.js';
import type { HashtagRow } from './hashtag-row.js';
import type { HashtagSourceHook } from './hashtag-sources.js';
import {
  presentHashtag,
  presentPlace,
  presentPlaceBeingLookedUp,
  presentProfile,
  presentProfileBeingLookedUp,
  presentUnknownHashtag,
} from './search.presenter.js';
import {
  countHashtagsByKeyPrefix,
  findHashtagsByKeyPrefix,
  findHashtagsByNames,
  findPlace,
  findPlacesByPrefix,
  findProfile,
  findProfilesByPrefix,
  findTopHashtagsByKeyPrefix,
} from './search.repository.js';

/** Unknown names one counts request may start indexing (the rest wait for a later request). */
const INDEX_PER_REQUEST = 10;

/** Prefixes this short may match too many tags to sort on every request. */
const SHORT_PREFIX_CHARS = 2;
/** Up to this many matches, sorting them all by count is cheap (a covering index range). */
const SORTABLE_MATCHES = 5000;
/** How far down the most used tags a prefix with more matches is looked for first. */
const SHORT_PREFIX_AMONG = 20_000;

/**
 * The exact tag first, then the tags starting with the query, accents or not, most used first; at
 * most 50. Words typed with spaces look for one tag (normalizeTagQuery); text longer than a tag
 * can be finds none.
 */
export async function autocompleteHashtags(
  context: HashtagContext,
  request: { query: string; network?: Network },
): Promise<HashtagAutocompleteResponse> {
  const network = await context.defaultNetwork.resolve(request.network);
  // Folded as the network's tags are stored, so "K-Pop" finds Bluesky's k-pop and "Café" Mastodon's cafe.
  const prefix = normalizeTagQuery(request.query, network);
  if (prefix === '' || countTagChars(prefix) > LIMITS.hashtagMaxChars) return { network, hashtags: [] };
  const rows = await findSuggestions(context, { network, prefix });
  const sources = sourcesOf(context, network);
  const answered = sources ? await askSources(sources, { network, prefix, rows }) : rows;
  return { network, hashtags: answered.map(presentHashtag) };
}

/** The live source, when one runs and feeds this network. */
function sourcesOf(context: HashtagContext, network: Network): HashtagSourceHook | undefined {
  return context.sources?.network === network ? context.sources : undefined;
}

/**
 * A tag searched by name is counted; one nothing in the store starts with is indexed (and one left
 * `indexing` by a fetch that never ran, say before a restart, is queued again).
 */
async function askSources(
  sources: HashtagSourceHook,
  request: { network: Network; prefix: string; rows: HashtagRow[] },
): Promise<HashtagRow[]> {
  const { network, prefix, rows } = request;
  const exact = rows[0]?.name === prefix ? rows[0] : undefined;
  if (exact && exact.count_state !== 'indexing') sources.recordSearch(prefix);
  if (normalizeHashtag(prefix, network) !== prefix) return rows;
  if (rows.length === 0) return sources.startIndexing([prefix]);
  if (exact?.count_state === 'indexing') await sources.startIndexing([prefix]);
  return rows;
}

/** The exact tag read from the store on every request; the other matches from the cache when it holds them. */
async function findSuggestions(
  context: HashtagContext,
  options: { network: Network; prefix: string },
): Promise<HashtagRow[]> {
  const { network, prefix } = options;
  const limit = INGEST_LIMITS.suggestions;
  const cached = context.suggestions?.get(network, prefix);
  // Side by side: on PostgreSQL a prefix not asked before costs one round trip less.
  const [exactRows, others] = await Promise.all([
    findTagRows(context, network, [prefix]),
    cached ?? findPrefixMatches(context.database, { network, prefix, limit }),
  ]);
  if (!cached) context.suggestions?.set(network, prefix, others);
  // A tag seen only in crowd reports is not suggested, even when typed in full (decision 011).
  const exact = exactRows.find((row) => row.count_state !== 'pending');
  return exact ? [exact, ...others.slice(0, limit - 1)] : others;
}

/**
 * The `limit` most used tags whose search key starts with the prefix's (decision 028: "cafe" finds
 * café, "café" finds cafe), the tag named as the prefix left out.
 */
async function findPrefixMatches(
  database: Database,
  options: { network: Network; prefix: string; limit: number },
): Promise<HashtagRow[]> {
  const { network, prefix, limit } = options;
  const keyPrefix = foldTagAccents(prefix);
  const isCrowded =
    countTagChars(prefix) <= SHORT_PREFIX_CHARS &&
    (await countHashtagsByKeyPrefix(database, { network, keyPrefix, cap: SORTABLE_MATCHES })) >=
      SORTABLE_MATCHES;
  const matches = { network, keyPrefix, except: prefix, limit };
  return (
    (isCrowded
      ? await findTopHashtagsByKeyPrefix(database, { ...matches, among: SHORT_PREFIX_AMONG })
      : undefined) ?? (await findHashtagsByKeyPrefix(database, matches))
  );
}

export async function autocompletePlaces(
  database: Database,
  query: string,
): Promise<PlaceAutocompleteResponse> {
  const prefix = normalizeQuery(query);
  if (prefix === '') return { places: [] };
  const rows = await findPlacesByPrefix(database, prefix, INGEST_LIMITS.suggestions);
  return { places: rows.map(presentPlace) };
}

export async function autocompleteUsers(
  database: Database,
  query: string,
): Promise<UserAutocompleteResponse> {
  const prefix = normalizeQuery(query).replace(/^@/, '');
  if (prefix === '') return { users: [] };
  const rows = await findProfilesByPrefix(database, prefix, INGEST_LIMITS.suggestions);
  return { users: rows.map(presentProfile) };
}

/**
 * Counts for up to 100 comma-separated names, in the order asked: -1 where the tag is unknown (or
 * not a valid tag), -2 where it needs a direct lookup. With `recommended`, one name and its related tags.
 */
export async function findHashtagInfo(
  context: HashtagContext,
  request: { names: string; recommended: boolean; ranking?: RelatedRanking; network?: Network },
): Promise<HashtagInfoResponse> {
  const asked = request.names
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (asked.length === 0) throw AppError.badRequest('Name at least one hashtag.');
  if (asked.length > INGEST_LIMITS.namesPerInfo) {
    throw AppError.badRequest(
      `Ask for at most ${INGEST_LIMITS.namesPerInfo} hashtags at a time; this request names ${asked.length}.`,
    );
  }
  const network = await context.defaultNetwork.resolve(request.network);
  const sources = sourcesOf(context, network);
  if (request.recommended) {
    return {
      network,
      data: [await findHashtagWithRelated(context, { asked, network, sources, ranking: request.ranking })],
    };
  }

  const names = asked.map((name) => normalizeHashtag(name, network));
  const valid = [...new Set(names.filter((name): name is string => name !== null))];
  const rows = new Map((await findTagRows(context, network, valid)).map((row) => [row.name, row]));
  if (sources) {
    const missing = valid
      .filter((name) => (rows.get(name)?.count_state ?? 'indexing') === 'indexing')
      .slice(0, INDEX_PER_REQUEST);
    for (const row of await sources.startIndexing(missing)) rows.set(row.name, row);
    sources.requestCounts(
      [...rows.values()].filter((row) => row.count_state === 'lookup').map((row) => row.name),
    );
  }
  return {
    network,
    data: names.map((name, index) => {
      const row = name === null ? undefined : rows.get(name);
      return row ? presentHashtag(row) : presentUnknownHashtag(name ?? asked[index]!);
    }),
  };
}

async function findHashtagWithRelated(
  context: HashtagContext,
  request: { asked: string[]; network: Network; sources?: HashtagSourceHook; ranking?: RelatedRanking },
) {
  const { asked, network, sources } = request;
  if (asked.length > 1) throw AppError.badRequest('Related tags are given for one hashtag at a time.');
  const name = normalizeHashtag(asked[0]!, network);
  if (name === null) throw AppError.badRequest(`"${asked[0]}" is not a valid hashtag.`);
  const found = await findTagRow(context, network, name);
  const isMissing = !found || found.count_state === 'indexing';
  const [indexing] = isMissing && sources ? await sources.startIndexing([name]) : [];
  const row = indexing ?? found;
  if (!row) throw AppError.notFound(`No ${networkTitle(network)} hashtag named "${name}" is known yet.`);
  // Being indexed: no posts yet, so no related tags; the app says to try again later.
  if (row.count_state === 'indexing')
    return { ...presentHashtag(row), related_tags: [], related_post_count: 0 };
  sources?.recordSearch(name);
  const related = await findRelatedTags(context, { kind: 'hashtag', network, name }, request.ranking);
  return { ...presentHashtag(row), ...related };
}

/** A tag's row, from memory when kept. */
async function findTagRow(context: HashtagContext, network: Network, name: string) {
  return (await findTagRows(context, network, [name]))[0];
}

/** The rows of those of `names` the store holds, in no particular order; from memory where kept. */
function findTagRows(context: HashtagContext, network: Network, names: readonly string[]) {
  const read = (missing: readonly string[]) => findHashtagsByNames(context.database, network, missing);
  return context.tags ? context.tags.rowsOf(network, names, read) : read(names);
}

const NETWORK_TITLES: Record<Network, string> = {
  instagram: 'Instagram',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  sample: 'sample-data',
};

function networkTitle(network: Network): string {
  return NETWORK_TITLES[network];
}

export async function findPlaceInfo(
  context: HashtagContext,
  request: { id: string; recommended: boolean; ranking?: RelatedRanking },
): Promise<PlaceInfoResponse> {
  const row = await findPlace(context.database, request.id);
  const place = row
    ? presentPlace(row)
    : (await isBeingLookedUp(context, 'place', request.id)) && presentPlaceBeingLookedUp(request.id);
  if (!place) throw AppError.notFound(`No place with id "${request.id}" is known yet.`);
  if (!request.recommended) return { data: [place] };
  const related = await findRelatedTags(context, { kind: 'place', id: place.place_id }, request.ranking);
  return { data: [{ ...place, ...related }] };
}

export async function findUserInfo(
  context: HashtagContext,
  request: { id: string; recommended: boolean; ranking?: RelatedRanking },
): Promise<UserInfoResponse> {
  const row = await findProfile(context.database, request.id);
  const profile = row
    ? presentProfile(row)
    : (await isBeingLookedUp(context, 'profile', request.id)) && presentProfileBeingLookedUp(request.id);
  if (!profile) throw AppError.notFound(`No profile with id "${request.id}" is known yet.`);
  if (!request.recommended) return { data: [profile] };
  const related = await findRelatedTags(
    context,
    { kind: 'profile', id: profile.profile_id },
    request.ranking,
  );
  return { data: [{ ...profile, ...related }] };
}

/** A place or profile no row holds, that devices reported on: waiting for their agreement (decision 011). */
function isBeingLookedUp(
  context: HashtagContext,
  subject: 'place' | 'profile',
  id: string,
): Promise<boolean> {
  return hasCrowdReports(context.database, { subject, network: CROWD_NETWORK, item: id });
}
