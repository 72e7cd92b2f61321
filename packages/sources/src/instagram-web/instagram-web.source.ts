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
import { isLoginDemand, isLoginPage, parseJsonAnswer } from './page-data.js';
import {
  hashtagOfTag,
  placeOfLocationInfo,
  postsOfSections,
  postsOfUserPosts,
  profileOfUser,
  topsearchHashtags,
  topsearchPlaces,
  topsearchUsers,
  userIdFromSearch,
} from './parse-instagram.js';

export const INSTAGRAM_WEB = 'instagram-web';
export const INSTAGRAM_URL = 'https://www.instagram.com';

/**
 * The site's persisted GraphQL queries (its `doc_id`s), as instaloader 4.15 sends them. The site
 * renames them now and then; an unknown one answers without `data`, which is a parse error here.
 */
export const INSTAGRAM_QUERIES = {
  /** Search by a name: `data.xdt_api__v1__fbsearch__non_profiled_serp.users[]` with `pk`. */
  userSearch: '26347858941511777',
  /** A profile by id: `data.user` with follower_count, following_count, media_count. */
  profile: '25980296051578533',
  /** A user's posts by id, for visitors without a session: `data.user.edge_owner_to_timeline_media`. */
  userPosts: '7950326061742207',
} as const;

/** The headers the site's own scripts send; without them the JSON endpoints answer the app shell. */
export const AJAX_HEADERS = {
  accept: 'application/json,text/html;q=0.9',
  'x-requested-with': 'XMLHttpRequest',
  'x-instagram-ajax': '1',
} as const;

export interface InstagramWebSourceOptions {
  client: NetworkClient;
  /** The network's web address; a fake's address in tests. */
  baseUrl?: string;
}

/** The posts of an item's first answer (one page of "recent"; more would cost more calls). */
const TIMELINE_COUNT = 12;

type Json = Record<string, unknown>;
const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

/**
 * The network's web endpoints as its site calls them today, from the user's device (the mobile
 * app, where they are reachable without cross-origin limits): top search (blended), the tag and
 * location answers (`?__a=1&__d=dis`), tag counts (`api/v1/tags/web_info`), and profiles through
 * the GraphQL endpoint. Tag and location answers often need a signed-in session: without one the
 * network answers with its login page, which is classed as a block.
 */
export function createInstagramWebSource(options: InstagramWebSourceOptions): SocialSource {
  const { client } = options;
  const base = (options.baseUrl ?? INSTAGRAM_URL).replace(/\/+$/, '');
  const fail = client.fail.bind(client);

  async function readJson(
    call: SourceCall,
    path: string,
    request: { signal?: AbortSignal; form?: Record<string, string> } = {},
  ): Promise<Json> {
    const response = await client.get({
      call,
      url: `${base}${path}`,
      classify: (answer) => classifyInstagram(answer, client.clock.now()),
      headers: { ...AJAX_HEADERS, referer: `${base}/` },
      ...(request.form && { body: new URLSearchParams(request.form).toString() }),
      signal: request.signal,
    });
    const answer = parseJsonAnswer(response.body);
    if (answer === undefined) {
      throw fail({ call, failure: FailureClass.parseError, message: 'the answer is not JSON', status: 200 });
    }
    return record(answer);
  }

  function graphql(call: SourceCall, docId: string, variables: object, signal?: AbortSignal) {
    return readJson(call, '/graphql/query', {
      signal,
      form: { doc_id: docId, variables: JSON.stringify(variables), server_timestamps: 'true' },
    });
  }

  function need(call: SourceCall, value: unknown, what: string): Json {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw fail({ call, failure: FailureClass.parseError, message: `the answer has no ${what}` });
    }
    return value as Json;
  }

  const dis = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ ...extra, __a: '1', __d: 'dis' }).toString();

  async function tagAnswer(name: string, signal?: AbortSignal) {
    const call = 'lookup:hashtag';
    const answer = await readJson(call, `/explore/tags/${encodeURIComponent(name)}/?${dis()}`, { signal });
    return need(call, answer.data, 'tag data');
  }

  async function tagCount(name: string, signal?: AbortSignal): Promise<unknown> {
    const call = 'lookup:hashtag';
    const params = new URLSearchParams({ tag_name: name });
    const answer = await readJson(call, `/api/v1/tags/web_info/?${params}`, { signal });
    return hashtagOfTag(need(call, answer.data, 'tag data'), name);
  }

  async function readProfile(username: string, signal?: AbortSignal): Promise<CacheRecommendBody> {
    const call = 'lookup:profile';
    const search = await graphql(
      call,
      INSTAGRAM_QUERIES.userSearch,
      { hasQuery: true, query: username },
      signal,
    );
    need(call, search.data, 'search data');
    const userId = userIdFromSearch(search, username);
    if (userId === undefined) {
      throw fail({ call, failure: FailureClass.notFound, message: `no profile named ${username}` });
    }
    const profile = await graphql(
      call,
      INSTAGRAM_QUERIES.profile,
      { id: userId, render_surface: 'PROFILE' },
      signal,
    );
    const user = record(need(call, profile.data, 'profile data').user);
    if (Object.keys(user).length === 0) {
      throw fail({ call, failure: FailureClass.notFound, message: `profile ${username} is gone` });
    }
    const posts = await graphql(
      call,
      INSTAGRAM_QUERIES.userPosts,
      { id: userId, data: { count: TIMELINE_COUNT } },
      signal,
    );
    const body = { user: profileOfUser(user), posts: validPosts(postsOfUserPosts(posts)) };
    return toRecommendBody(call, body, fail);
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
      const params = new URLSearchParams({ context: 'blended', query, include_reel: 'false', __a: '1' });
      const answer = await readJson(call, `/web/search/topsearch/?${params}`, { signal: callOptions.signal });
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
        const tag = await tagAnswer(item.name, signal);
        const body = {
          hashtag: hashtagOfTag(tag, item.name),
          posts: validPosts(postsOfSections(tag.recent)),
        };
        return toRecommendBody('lookup:hashtag', body, fail);
      }
      if (item.type === 'place') {
        const call = 'lookup:place';
        const answer = await readJson(call, `/explore/locations/${encodeURIComponent(item.id)}/?${dis()}`, {
          signal,
        });
        const location = need(call, answer.native_location_data, 'location data');
        const info = need(call, location.location_info, 'location info');
        const place = placeOfLocationInfo(info, item.id);
        const placeId = (place as { place_id?: string }).place_id ?? item.id;
        const body = { place, posts: validPosts(postsOfSections(location.recent, placeId)) };
        return toRecommendBody(call, body, fail);
      }
      return readProfile(item.username, signal);
    },

    async lookupCounts(names: readonly string[], callOptions: CallOptions = {}): Promise<IngestHashtag[]> {
      const counts: unknown[] = [];
      for (const name of names) {
        const tag = normalizeHashtag(name);
        if (tag === null) continue;
        try {
          counts.push(await tagCount(tag, callOptions.signal));
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
 * The network's answers by class (docs/product-rules.md#live-sources). A block is a redirect to the login page (or, in a
 * browser that hides redirects, an opaque redirect), the login page served in place of the answer,
 * a 401/403, or a JSON demand to log in; a 404 is not-found; an opaque answer is a cross-origin
 * refusal; 429 and 5xx may pass.
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
  if (status === 401 || status === 403) {
    return { failure: FailureClass.block, status, message: `asks for a login (${status})` };
  }
  if (status === 429) {
    return {
      failure: FailureClass.unknown,
      status,
      message: 'rate limited (429)',
      retryAfterMs: retryAfterOf(response.headers, now),
    };
  }
  if (isLoginPage(response.body) && status >= 200 && status < 300) {
    return { failure: FailureClass.block, status, message: 'served the login page' };
  }
  if ((status >= 200 && status < 300) || status === 400) {
    if (isLoginDemand(parseJsonAnswer(response.body))) {
      return { failure: FailureClass.block, status, message: 'asks for a signed-in session' };
    }
    if (status !== 400) return null;
  }
  return { failure: FailureClass.unknown, status, message: `answered ${status}` };
}
