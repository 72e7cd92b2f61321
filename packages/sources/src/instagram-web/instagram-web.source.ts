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
  postsOfTag,
  postsOfUserPosts,
  profileOfUser,
  topsearchHashtags,
  topsearchPlaces,
  topsearchUsers,
  userIdFromSearch,
} from './parse-instagram.js';

export const INSTAGRAM_WEB = 'instagram-web';

/** The network's two hosts: its site, and the API its apps call (where tag answers are read). */
export interface InstagramHosts {
  web: string;
  api: string;
}

export const INSTAGRAM_HOSTS: InstagramHosts = {
  web: 'https://www.instagram.com',
  api: 'https://i.instagram.com',
};

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

/**
 * The relay provider variables the site's scripts send with the profile query, as instaloader 4.15
 * and instagrapi send them (the fake refuses the query without them).
 */
export const PROFILE_QUERY_PROVIDERS = {
  __relay_internal__pv__PolarisCannesGuardianExperienceEnabledrelayprovider: true,
  __relay_internal__pv__PolarisCASB976ProfileEnabledrelayprovider: false,
  __relay_internal__pv__PolarisRepostsConsumptionEnabledrelayprovider: false,
} as const;

/** The headers the site's own scripts send; without them the JSON endpoints answer the app shell. */
export const AJAX_HEADERS = {
  accept: 'application/json,text/html;q=0.9',
  'x-requested-with': 'XMLHttpRequest',
  'x-instagram-ajax': '1',
} as const;

/**
 * What instaloader 4.15 sends the apps' API host: its iPad app's id (the host answers 400 "useragent
 * mismatch" to calls it does not take for an app's). The site's AJAX headers are left off there.
 */
export const APP_API_HEADERS = {
  accept: '*/*',
  'x-ig-app-id': '124024574287414',
} as const;

export interface InstagramWebSourceOptions {
  client: NetworkClient;
  /** The network's hosts; a fake's address in tests. */
  hosts?: InstagramHosts;
}

/** The posts of an item's first answer (one page of "recent"; more would cost more calls). */
const TIMELINE_COUNT = 12;

type Json = Record<string, unknown>;
const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

/**
 * The network's endpoints as today's clients call them, from the user's device (the mobile app,
 * where they are reachable without cross-origin limits): top search (blended), tags from the apps'
 * API host (`api/v1/tags/web_info`), location answers (`?__a=1&__d=dis`), and profiles through the
 * GraphQL endpoint. Tag and location answers often need a signed-in session: without one the
 * network answers with its login page, which is classed as a block.
 */
export function createInstagramWebSource(options: InstagramWebSourceOptions): SocialSource {
  const { client } = options;
  const hosts = options.hosts ?? INSTAGRAM_HOSTS;
  const web = hosts.web.replace(/\/+$/, '');
  const api = hosts.api.replace(/\/+$/, '');
  const fail = client.fail.bind(client);

  async function readJson(
    call: SourceCall,
    path: string,
    request: { signal?: AbortSignal; form?: Record<string, string>; isAppApi?: boolean } = {},
  ): Promise<Json> {
    const response = await client.get({
      call,
      url: `${request.isAppApi ? api : web}${path}`,
      classify: (answer) => classifyInstagram(answer, client.clock.now()),
      headers: request.isAppApi ? APP_API_HEADERS : { ...AJAX_HEADERS, referer: `${web}/` },
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

  const dis = () => new URLSearchParams({ __a: '1', __d: 'dis' }).toString();

  /** A tag's answer from web_info: `data`, or the older `graphql.hashtag` (instaloader reads both). */
  async function readTag(name: string, signal?: AbortSignal): Promise<Json> {
    const call = 'lookup:hashtag';
    const params = new URLSearchParams({ __a: '1', __d: 'dis', tag_name: name });
    const answer = await readJson(call, `/api/v1/tags/web_info/?${params}`, { signal, isAppApi: true });
    return need(call, record(answer.graphql).hashtag ?? answer.data, 'tag data');
  }

  /**
   * A tag's count from the top search, for a tag answer without one: the posts are worth keeping,
   * and the store needs a count with them. Undefined when the search cannot say.
   */
  async function countFromSearch(name: string, signal?: AbortSignal): Promise<number | undefined> {
    let answer: Json;
    try {
      answer = await readJson('search:hashtag', `/web/search/topsearch/?${topsearchParams(name)}`, {
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      return undefined;
    }
    const wanted = name.toLowerCase();
    return validHashtags(topsearchHashtags(answer)).find((tag) => tag.hashtag === wanted)?.count;
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
      { id: userId, render_surface: 'PROFILE', ...PROFILE_QUERY_PROVIDERS },
      signal,
    );
    const user = record(need(call, profile.data, 'profile data').user);
    if (Object.keys(user).length === 0) {
      throw fail({ call, failure: FailureClass.notFound, message: `profile ${username} is gone` });
    }
    const posts = await graphql(
      call,
      INSTAGRAM_QUERIES.userPosts,
      {
        id: userId,
        data: {
          count: TIMELINE_COUNT,
          include_relationship_info: true,
          latest_besties_reel_media: true,
          latest_reel_media: true,
        },
        __relay_internal__pv__PolarisFeedShareMenurelayprovider: false,
      },
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
      const answer = await readJson(call, `/web/search/topsearch/?${topsearchParams(query)}`, {
        signal: callOptions.signal,
      });
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
        const tag = await readTag(item.name, signal);
        const hashtag = hashtagOfTag(tag, item.name);
        hashtag.count ??= await countFromSearch(hashtag.hashtag, signal);
        return toRecommendBody('lookup:hashtag', { hashtag, posts: validPosts(postsOfTag(tag)) }, fail);
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
          counts.push(hashtagOfTag(await readTag(tag, callOptions.signal), tag));
        } catch (error) {
          if ((error as { failure?: string }).failure !== FailureClass.notFound) throw error;
          counts.push({ hashtag: tag, count: 0 });
        }
      }
      return validHashtags(counts);
    },
  };
}

/** The blended top search, as the site's own scripts ask it (`__a=1` answers JSON). */
function topsearchParams(query: string): URLSearchParams {
  return new URLSearchParams({ context: 'blended', query, include_reel: 'false', __a: '1' });
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
