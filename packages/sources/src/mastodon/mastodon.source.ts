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
}

const PAGE_SIZE = 40;
const SEARCH_LIMIT = 20;

/**
 * Mastodon's public API, run on the server: hashtag search (v2), a tag's usage history for its count,
 * and its public tag timeline for posts. No account or token is used.
 */
export function createMastodonSource(options: MastodonSourceOptions): SocialSource {
  const { client } = options;
  const base = options.baseUrl.replace(/\/+$/, '');
  const pages = Math.max(1, options.timelinePages ?? 2);

  async function getJson(call: SourceCall, path: string, signal?: AbortSignal): Promise<unknown> {
    const response = await client.get({
      call,
      url: `${base}${path}`,
      classify: (answer) => classifyMastodon(answer, client.clock.now()),
      headers: { accept: 'application/json' },
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
      const posts: unknown[] = [];
      let maxId: string | undefined;
      for (let page = 0; page < pages; page++) {
        const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
        if (maxId) params.set('max_id', maxId);
        const response = await client.get({
          call,
          url: `${base}/api/v1/timelines/tag/${encodeURIComponent(tag.name)}?${params}`,
          classify: (answer) => classifyMastodon(answer, client.clock.now()),
          headers: { accept: 'application/json' },
          signal: callOptions.signal,
        });
        const statuses = parseJson(call, response);
        if (!Array.isArray(statuses)) {
          throw client.fail({
            call,
            failure: FailureClass.parseError,
            message: 'the timeline is not a list',
          });
        }
        posts.push(...statuses.filter(isMastodonStatus).map(toIngestPost));
        maxId = nextMaxId(response.headers.get('link'));
        if (!maxId || statuses.length === 0) break;
      }
      const body = { hashtag: toIngestHashtag(tag), posts: validPosts(posts.filter(Boolean)) };
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
