import {
  type CacheAutocompleteBody,
  type CacheRecommendBody,
  FailureClass,
  type IngestHashtag,
  type SourceCall,
} from '@tagscout/core/api';
import { normalizeHashtag } from '@tagscout/core/hashtags';
import { toAutocompleteBody, toRecommendBody, validHashtags, validPosts } from '../source/ingest-shape.js';
import { type NetworkClient, type NetworkResponse, retryAfterOf } from '../source/network-client.js';
import {
  type CallOptions,
  type ItemRef,
  type SearchRequest,
  type SocialSource,
  UnsupportedCallError,
} from '../source/social-source.js';
import {
  isMastodonStatus,
  isMastodonTag,
  type MastodonTag,
  nextMaxId,
  toIngestHashtag,
  toIngestPost,
} from './parse-mastodon.js';

export const MASTODON = 'mastodon';

export interface MastodonSourceOptions {
  /** The instance, e.g. https://mastodon.social (MASTODON_URL). */
  baseUrl: string;
  client: NetworkClient;
  /** Pages of the tag timeline read for an item's recent posts (40 statuses each). */
  timelinePages?: number;
  /**
   * An access token of an account on the instance (MASTODON_ACCESS_TOKEN): instances that keep tag
   * timelines for signed-in users answer it. Sent to this instance only.
   */
  accessToken?: string;
}

/**
 * How long what a closed timeline taught is kept (ask only the local part, or no timeline at all)
 * before the whole timeline is asked for again: an instance's administrators may open it.
 */
export const CLOSED_TIMELINE_RETRY_MS = 60 * 60_000;

/**
 * The part of the instance's tag timelines read without a login. Mastodon 4.5 gates local and remote
 * posts apart (`timelines_access.hashtag_feeds`): an instance that keeps remote posts for signed-in
 * users refuses the whole timeline but shows its local part (`local=true`).
 */
type TimelinePart = 'all' | 'local' | 'none';

const PAGE_SIZE = 40;
const SEARCH_LIMIT = 20;

/**
 * Mastodon's API, run on the server: hashtag search (v2), a tag's usage history for its count, and
 * its tag timeline for posts. Without a token only what the instance shows everyone is read: where
 * the timeline needs a login (422 "This method requires an authenticated user") its local part is
 * asked for, and where that needs one too the counts still come: the posts are left out for a while,
 * and no other call is held back.
 */
export function createMastodonSource(options: MastodonSourceOptions): SocialSource {
  const { client } = options;
  const base = options.baseUrl.replace(/\/+$/, '');
  const pages = Math.max(1, options.timelinePages ?? 2);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
  /** The part of the tag timelines this instance shows us, as learnt from its answers, and until when. */
  let timelinePart: TimelinePart = 'all';
  let timelinePartUntil = 0;

  async function getJson(call: SourceCall, path: string, signal?: AbortSignal): Promise<unknown> {
    const response = await client.get({
      call,
      url: `${base}${path}`,
      classify: (answer) => classifyMastodon(answer, client.clock.now()),
      headers,
      signal,
    });
    return parseJson(call, response);
  }

  function parseJson(call: SourceCall, response: NetworkResponse): unknown {
    try {
      return JSON.parse(response.body);
    } catch (error) {
      throw client.fail({
        call,
        failure: FailureClass.parseError,
        message: 'the answer is not JSON',
        cause: error,
      });
    }
  }

  async function readTag(name: string, signal?: AbortSignal): Promise<MastodonTag> {
    const call = 'lookup:hashtag';
    const tag = await getJson(call, `/api/v1/tags/${encodeURIComponent(name)}`, signal);
    if (!isMastodonTag(tag))
      throw client.fail({ call, failure: FailureClass.parseError, message: 'the answer is not a tag' });
    return tag;
  }

  /**
   * The tag's recent posts: from the whole timeline, or its local part where only that is open
   * without a login, or none while the instance keeps both parts for signed-in users.
   */
  async function readTimeline(name: string, signal?: AbortSignal): Promise<unknown[]> {
    if (timelinePart !== 'all' && client.clock.now() >= timelinePartUntil) timelinePart = 'all';
    const tried = timelinePart;
    if (tried === 'none') return [];
    try {
      return await readTimelinePages(name, { isLocal: tried === 'local', signal });
    } catch (error) {
      if (!isClosedTimeline(error)) throw error;
    }
    if (tried === 'all') {
      try {
        const posts = await readTimelinePages(name, { isLocal: true, signal });
        learnTimelinePart('local');
        return posts;
      } catch (error) {
        if (!isClosedTimeline(error)) throw error;
      }
    }
    learnTimelinePart('none');
    return [];
  }

  function learnTimelinePart(part: TimelinePart) {
    timelinePart = part;
    timelinePartUntil = client.clock.now() + CLOSED_TIMELINE_RETRY_MS;
  }

  async function readTimelinePages(
    name: string,
    options: { isLocal: boolean; signal?: AbortSignal },
  ): Promise<unknown[]> {
    const call = 'lookup:hashtag';
    const posts: unknown[] = [];
    let maxId: string | undefined;
    for (let page = 0; page < pages; page++) {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (options.isLocal) params.set('local', 'true');
      if (maxId) params.set('max_id', maxId);
      const response = await client.get({
        call,
        url: `${base}/api/v1/timelines/tag/${encodeURIComponent(name)}?${params}`,
        classify: (answer) => classifyTimeline(answer, client.clock.now()),
        headers,
        signal: options.signal,
      });
      const statuses = parseJson(call, response);
      if (!Array.isArray(statuses)) {
        throw client.fail({ call, failure: FailureClass.parseError, message: 'the timeline is not a list' });
      }
      posts.push(...statuses.filter(isMastodonStatus).map(toIngestPost));
      maxId = nextMaxId(response.headers.get('link'));
      if (!maxId || statuses.length === 0) break;
    }
    return posts.filter(Boolean);
  }

  return {
    name: MASTODON,
    supports: { search: ['hashtag'], recent: ['hashtag'], counts: true },

    async search(request: SearchRequest, callOptions: CallOptions = {}): Promise<CacheAutocompleteBody> {
      if (request.type !== 'hashtag') throw new UnsupportedCallError(MASTODON, `search ${request.type}s`);
      const call = 'search:hashtag';
      const query = request.query.replace(/^#/, '').slice(0, 100);
      const params = new URLSearchParams({ q: query, type: 'hashtags', limit: String(SEARCH_LIMIT) });
      const answer = await getJson(call, `/api/v2/search?${params}`, callOptions.signal);
      const found = (answer as { hashtags?: unknown } | null)?.hashtags;
      if (!Array.isArray(found)) {
        throw client.fail({
          call,
          failure: FailureClass.parseError,
          message: 'the answer has no hashtags list',
        });
      }
      const hashtags = validHashtags(found.filter(isMastodonTag).map(toIngestHashtag));
      return toAutocompleteBody(call, { query, hashtags }, (init) => client.fail(init));
    },

    async fetchRecent(item: ItemRef, callOptions: CallOptions = {}): Promise<CacheRecommendBody> {
      if (item.type !== 'hashtag') throw new UnsupportedCallError(MASTODON, `read a ${item.type}'s posts`);
      const call = 'lookup:hashtag';
      const tag = await readTag(item.name, callOptions.signal);
      const posts = await readTimeline(tag.name, callOptions.signal);
      const body = { hashtag: toIngestHashtag(tag), posts: validPosts(posts) };
      return toRecommendBody(call, body, (init) => client.fail(init));
    },

    async lookupCounts(names: readonly string[], callOptions: CallOptions = {}): Promise<IngestHashtag[]> {
      const counts: IngestHashtag[] = [];
      for (const name of names) {
        const tag = normalizeHashtag(name);
        if (tag === null) continue;
        try {
          counts.push(toIngestHashtag(await readTag(tag, callOptions.signal)));
        } catch (error) {
          if ((error as { failure?: string }).failure !== FailureClass.notFound) throw error;
          counts.push({ hashtag: tag, count: 0 });
        }
      }
      return validHashtags(counts);
    },
  };
}

/** What a tag timeline that needs a signed-in user answers: its own class, not a block of lookups. */
const CLOSED_TIMELINE = 'tag timeline for signed-in users only';

function classifyTimeline(response: NetworkResponse, now: number) {
  const problem = classifyMastodon(response, now);
  if (problem?.failure !== FailureClass.block) return problem;
  return {
    failure: FailureClass.unknown,
    status: problem.status,
    message: `${CLOSED_TIMELINE}: ${problem.message}`,
  };
}

function isClosedTimeline(error: unknown): boolean {
  return (
    (error as { failure?: string }).failure === FailureClass.unknown &&
    String((error as { message?: unknown }).message).startsWith(CLOSED_TIMELINE)
  );
}

/**
 * Mastodon's answers by class: a login asked for (401, 403, or 422 "requires an authenticated user"
 * when the instance closes its public timelines) is a block; 404 is not-found; 429 and 5xx may pass.
 */
export function classifyMastodon(response: NetworkResponse, now: number) {
  const { status } = response;
  if (status >= 200 && status < 300) return null;
  const error = errorText(response.body);
  if (status === 401 || status === 403 || (status === 422 && /authenticat/i.test(error))) {
    return {
      failure: FailureClass.block,
      status,
      message: `the instance asks for a login (${status} ${error})`,
    };
  }
  if (status === 404)
    return { failure: FailureClass.notFound, status, message: `not found (${error || 404})` };
  if (status === 429) {
    return {
      failure: FailureClass.unknown,
      status,
      message: 'rate limited (429)',
      retryAfterMs: retryAfterOf(response.headers, now),
    };
  }
  if (status >= 300 && status < 400) {
    return {
      failure: FailureClass.unknown,
      status,
      message: `redirected to ${response.headers.get('location') ?? '?'}`,
    };
  }
  return { failure: FailureClass.unknown, status, message: `answered ${status} ${error}`.trim() };
}

function errorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === 'string' ? parsed.error : '';
  } catch {
    return '';
  }
}
