import {
  type CacheAutocompleteBody,
  type CacheRecommendBody,
  FailureClass,
  type IngestHashtag,
  type SourceCall,
} from '@tagscout/core/api';
import { normalizeHashtag } from '@tagscout/core/hashtags';
import {
  toAutocompleteBody,
  toRecommendBody,
  validHashtags,
  validPlaces,
  validPosts,
  validProfiles,
} from '../source/ingest-shape.js';
import { type NetworkClient, type NetworkResponse, retryAfterOf } from '../source/network-client.js';
import type { CallOptions, ItemRef, SearchRequest, SocialSource } from '../source/social-source.js';
import { findObjectWith, findPageData, isLoginPage } from './page-data.js';
import {
  hashtagOfTagPage,
  placeOfLocationPage,
  postsOf,
  profileOfProfilePage,
  topsearchHashtags,
  topsearchPlaces,
  topsearchUsers,
} from './parse-instagram.js';

export const INSTAGRAM_WEB = 'instagram-web';
export const INSTAGRAM_URL = 'https://www.instagram.com';

export interface InstagramWebSourceOptions {
  client: NetworkClient;
  /** The network's web address; a fake's address in tests. */
  baseUrl?: string;
}

const CONTEXT = { hashtag: 'hashtag', place: 'place', profile: 'user' } as const;

/**
 * The earlier client's path: the network's public web endpoints, called from the user's device (the
 * mobile app, where they are reachable without cross-origin limits): top search by context and
 * query, and the tag, location and profile pages.
 */
export function createInstagramWebSource(options: InstagramWebSourceOptions): SocialSource {
  const { client } = options;
  const base = (options.baseUrl ?? INSTAGRAM_URL).replace(/\/+$/, '');
  const fail = client.fail.bind(client);

  async function read(call: SourceCall, path: string, signal?: AbortSignal): Promise<unknown[]> {
    const response = await client.get({
      call,
      url: `${base}${path}`,
      classify: (answer) => classifyInstagram(answer, client.clock.now()),
      headers: { accept: 'text/html,application/json' },
      signal,
    });
    const data = findPageData(response.body);
    if (data.length === 0)
      throw fail({ call, failure: FailureClass.parseError, message: 'the page carries no data' });
    return data;
  }

  function find(call: SourceCall, data: unknown[], marker: string): Record<string, unknown> {
    const found = findObjectWith(data, marker);
    if (!found) throw fail({ call, failure: FailureClass.parseError, message: `the page has no ${marker}` });
    return found;
  }

  async function readTagPage(name: string, signal?: AbortSignal) {
    const call = 'lookup:hashtag';
    const data = await read(call, `/explore/tags/${encodeURIComponent(name)}/`, signal);
    return find(call, data, 'edge_hashtag_to_media');
  }

  return {
    name: INSTAGRAM_WEB,
    supports: {
      search: ['hashtag', 'place', 'profile'],
      recent: ['hashtag', 'place', 'profile'],
      counts: true,
    },

    async search(request: SearchRequest, callOptions: CallOptions = {}): Promise<CacheAutocompleteBody> {
      const call: SourceCall = `search:${request.type}`;
      const query = request.query.slice(0, 100);
      const params = new URLSearchParams({ context: CONTEXT[request.type], query });
      const [answer] = await read(call, `/web/search/topsearch/?${params}`, callOptions.signal);
      const body =
        request.type === 'hashtag'
          ? { query, hashtags: validHashtags(topsearchHashtags(answer)) }
          : request.type === 'place'
            ? { query, places: validPlaces(topsearchPlaces(answer)) }
            : { query, users: validProfiles(topsearchUsers(answer)) };
      return toAutocompleteBody(call, body, fail);
    },

    async fetchRecent(item: ItemRef, callOptions: CallOptions = {}): Promise<CacheRecommendBody> {
      const { signal } = callOptions;
      if (item.type === 'hashtag') {
        const tag = await readTagPage(item.name, signal);
        const body = {
          hashtag: hashtagOfTagPage(tag),
          posts: validPosts(postsOf(tag.edge_hashtag_to_media)),
        };
        return toRecommendBody('lookup:hashtag', body, fail);
      }
      if (item.type === 'place') {
        const call = 'lookup:place';
        const data = await read(call, `/explore/locations/${encodeURIComponent(item.id)}/`, signal);
        const location = find(call, data, 'edge_location_to_media');
        const placeId = typeof location.id === 'string' ? location.id : item.id;
        const body = {
          place: placeOfLocationPage(location),
          posts: validPosts(postsOf(location.edge_location_to_media, placeId)),
        };
        return toRecommendBody(call, body, fail);
      }
      const call = 'lookup:profile';
      const data = await read(call, `/${encodeURIComponent(item.username)}/`, signal);
      const user = find(call, data, 'edge_owner_to_timeline_media');
      const body = {
        user: profileOfProfilePage(user),
        posts: validPosts(postsOf(user.edge_owner_to_timeline_media)),
      };
      return toRecommendBody(call, body, fail);
    },

    async lookupCounts(names: readonly string[], callOptions: CallOptions = {}): Promise<IngestHashtag[]> {
      const counts: unknown[] = [];
      for (const name of names) {
        const tag = normalizeHashtag(name);
        if (tag === null) continue;
        try {
          const page = await readTagPage(tag, callOptions.signal);
          counts.push(hashtagOfTagPage(page));
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
 * The network's answers by class (SPEC section 8). A block is a redirect to the login page (or, in a
 * browser that hides redirects, an opaque redirect, or the login page served in place of the page);
 * a 404 on a page is not-found; an opaque answer is a cross-origin refusal; 429 and 5xx may pass.
 */
export function classifyInstagram(response: NetworkResponse, now: number) {
  const { status } = response;
  const location = response.headers.get('location') ?? '';
  if (response.type === 'opaqueredirect' || /\/accounts\/login|\/challenge\//.test(location)) {
    return {
      failure: FailureClass.block,
      status,
      message: `redirected to the login page (${location || 'hidden'})`,
    };
  }
  if (/\/accounts\/login/.test(response.url)) {
    return { failure: FailureClass.block, status, message: 'landed on the login page' };
  }
  if (response.type === 'opaque') {
    return { failure: FailureClass.cors, status, message: 'the answer could not be read (cross-origin)' };
  }
  if (status === 404) return { failure: FailureClass.notFound, status, message: 'no such page (404)' };
  if (status === 429) {
    return {
      failure: FailureClass.unknown,
      status,
      message: 'rate limited (429)',
      retryAfterMs: retryAfterOf(response.headers, now),
    };
  }
  if (status >= 200 && status < 300) {
    return isLoginPage(response.body)
      ? { failure: FailureClass.block, status, message: 'served the login page' }
      : null;
  }
  return { failure: FailureClass.unknown, status, message: `answered ${status}` };
}
