import {
  type FakeAnswer,
  type FakeRequest,
  type FakeServer,
  FaultQueue,
  html,
  json,
  startFakeServer,
} from './fake-http.js';
import {
  appShell,
  type FakeInstagramPlace,
  type FakeInstagramProfile,
  type FakeInstagramTag,
  locationData,
  loginPage,
  notFoundPage,
  profileMedia,
  profileUser,
  sharedDataPage,
  tagAnswer,
} from './fake-instagram-answers.js';

export type {
  FakeInstagramPlace,
  FakeInstagramProfile,
  FakeInstagramTag,
  FakeMedia,
} from './fake-instagram-answers.js';

/** What the network answers when it will not serve us, or breaks. */
export type InstagramFault =
  /** 302 to /accounts/login/ (logged-out visitors, most tag and location answers today). */
  | 'login-redirect'
  /** The login page served in place of the answer. */
  | 'login-page'
  /** 401 `{"message":"login_required","require_login":true}` (the JSON endpoints). */
  | 'login-required'
  | 'rate-limited'
  | 'server-error'
  /** JSON cut off. */
  | 'malformed'
  /** The page of the site before Oct 2023, data in `window._sharedData`, which we no longer read. */
  | 'shared-data'
  /** The app shell: a page with no data at all. */
  | 'new-markup'
  | 'hang';

export interface FakeInstagram extends FakeServer {
  /** The fake's address as both of the network's hosts. */
  hosts: { web: string; api: string };
  addTag(tag: FakeInstagramTag): void;
  addPlace(place: FakeInstagramPlace): void;
  addProfile(profile: FakeInstagramProfile): void;
  fail(fault: InstagramFault, options?: { times?: number; pathPrefix?: string }): void;
}

/** The persisted GraphQL queries the fake knows (the site's doc_ids, as instaloader 4.15 sends them). */
const DOC = {
  userSearch: '26347858941511777',
  profile: '25980296051578533',
  userPosts: '7950326061742207',
};

/** The relay provider variables the profile query needs (instaloader 4.15 and instagrapi send these). */
const PROFILE_PROVIDERS = [
  '__relay_internal__pv__PolarisCannesGuardianExperienceEnabledrelayprovider',
  '__relay_internal__pv__PolarisCASB976ProfileEnabledrelayprovider',
  '__relay_internal__pv__PolarisRepostsConsumptionEnabledrelayprovider',
];

/** The app id instaloader 4.15 sends with its i.instagram.com requests (its iPad app's). */
export const FAKE_INSTAGRAM_APP_ID = '124024574287414';

/**
 * The network's endpoints on loopback, both hosts (www and the app's API host, i.) at one address,
 * in today's shapes (as instaloader 4.15 and instagrapi read them): blended topsearch JSON (only
 * with `__a=1` and the AJAX header), tag answers `explore/tags/{name}/?__a=1&__d=dis` and
 * `api/v1/tags/web_info/?tag_name=` (only with the app id header, else 400 "useragent mismatch"),
 * each as `data` (`media_count`, sections whose `layout_content` holds `medias`, or reels in
 * `one_by_two_item.clips.items` beside `fill_items`) or as `graphql.hashtag`
 * (`edge_hashtag_to_media`), location answers with `native_location_data`, and a POST GraphQL
 * endpoint for profiles (the profile query refused without its relay provider variables). A page
 * asked without the JSON parameters is the empty app shell. A block is a 302 to /accounts/login/,
 * the login page served in place, or a JSON login demand; a missing tag or place is a 404.
 */
export async function startFakeInstagram(options: { now?: () => number } = {}): Promise<FakeInstagram> {
  const tags = new Map<string, FakeInstagramTag>();
  const places = new Map<string, FakeInstagramPlace>();
  const profiles = new Map<string, FakeInstagramProfile>();
  const faults = new FaultQueue<InstagramFault>();
  let base = '';

  const handler = (request: FakeRequest): FakeAnswer => {
    const fault = faults.take(request.path);
    if (fault) return faultAnswer(fault, request.path);
    if (request.path === '/accounts/login/') return html(200, loginPage());
    if (request.path === '/graphql/query' && request.method === 'POST') return graphql(request.body);
    const asJson = request.query.get('__a') === '1';
    if (request.path === '/web/search/topsearch/') {
      return asJson && request.headers['x-requested-with'] === 'XMLHttpRequest'
        ? topsearch(request.query)
        : html(200, appShell());
    }
    if (request.path === '/api/v1/tags/web_info/') {
      if (request.headers['x-ig-app-id'] !== FAKE_INSTAGRAM_APP_ID) {
        return json(400, { message: 'useragent mismatch', status: 'fail' });
      }
      const found = tags.get((request.query.get('tag_name') ?? '').toLowerCase());
      return found ? json(200, tagAnswer(found)) : notFoundJson();
    }
    const tag = request.path.match(/^\/explore\/tags\/([^/]+)\/$/);
    if (tag) {
      const found = tags.get(decodeURIComponent(tag[1]!).toLowerCase());
      if (!found) return asJson ? notFoundJson() : notFound();
      return jsonAnswer(request, tagAnswer(found));
    }
    const place = request.path.match(/^\/explore\/locations\/([^/]+)\/(?:[^/]+\/)?$/);
    if (place) {
      const found = places.get(decodeURIComponent(place[1]!));
      if (!found) return asJson ? notFoundJson() : notFound();
      return jsonAnswer(request, { native_location_data: locationData(found), status: 'ok' });
    }
    return notFound();
  };

  /** `?__a=1&__d=dis` answers JSON; the page itself is the app shell, with no data in it. */
  function jsonAnswer(request: FakeRequest, value: unknown): FakeAnswer {
    return request.query.get('__a') === '1' && request.query.get('__d') === 'dis'
      ? json(200, value)
      : html(200, appShell());
  }

  function graphql(body: string): FakeAnswer {
    const form = new URLSearchParams(body);
    let variables: Record<string, unknown>;
    try {
      variables = JSON.parse(form.get('variables') ?? '{}') as Record<string, unknown>;
    } catch {
      return json(400, { message: 'Invalid variables', status: 'fail' });
    }
    switch (form.get('doc_id')) {
      case DOC.userSearch: {
        const query = String(variables.query ?? '').toLowerCase();
        const users = [...profiles.values()]
          .filter((profile) => profile.username.toLowerCase().startsWith(query))
          .map((profile) => ({
            pk: profile.id,
            pk_id: profile.id,
            id: profile.id,
            username: profile.username,
            full_name: profile.fullName,
            is_private: false,
            is_verified: false,
            profile_pic_url: `https://scontent.example/v/t51_${profile.id}.jpg`,
          }));
        return json(200, {
          data: { xdt_api__v1__fbsearch__non_profiled_serp: { users, has_more: false, rank_token: 'r' } },
          extensions: { is_final: true },
          status: 'ok',
        });
      }
      case DOC.profile: {
        const missing = PROFILE_PROVIDERS.filter((name) => typeof variables[name] !== 'boolean');
        if (missing.length > 0) {
          return json(200, {
            errors: [{ message: `Variable "${missing[0]}" was not provided`, severity: 'CRITICAL' }],
            data: null,
            status: 'ok',
          });
        }
        const found = [...profiles.values()].find((profile) => profile.id === String(variables.id));
        return json(200, { data: { user: found ? profileUser(found) : null }, status: 'ok' });
      }
      case DOC.userPosts: {
        const found = [...profiles.values()].find((profile) => profile.id === String(variables.id));
        if (!found) return json(200, { data: { user: null }, status: 'ok' });
        return json(200, {
          data: { user: { edge_owner_to_timeline_media: profileMedia(found) } },
          status: 'ok',
        });
      }
      default:
        return json(200, {
          errors: [{ message: 'PersistedQueryNotFound', severity: 'CRITICAL' }],
          status: 'ok',
        });
    }
  }

  function topsearch(query: URLSearchParams): FakeAnswer {
    const text = (query.get('query') ?? '').replace(/^#/, '').toLowerCase();
    const hashtags = [...tags.values()]
      .filter((tag) => tag.name.startsWith(text))
      .map((tag, position) => ({
        position,
        hashtag: {
          name: tag.name,
          id: 17_841_562_000_000_000 + position,
          media_count: tag.mediaCount,
          use_default_avatar: true,
          profile_pic_url: '',
          search_result_subtitle: `${tag.mediaCount} posts`,
        },
      }));
    const placeList = [...places.values()]
      .filter((place) => place.name.toLowerCase().startsWith(text))
      .map((place, position) => ({
        position,
        place: {
          location: {
            pk: place.id,
            short_name: place.name,
            facebook_places_id: Number(place.id) + 1,
            external_source: 'facebook_places',
            name: place.name,
            address: '',
            city: '',
            has_viewer_saved: false,
            lng: -9.14,
            lat: 38.71,
          },
          title: place.name,
          subtitle: '',
          media_bundles: [],
          slug: place.name.toLowerCase().replace(/\W+/g, '-'),
        },
      }));
    const users = [...profiles.values()]
      .filter((profile) => profile.username.startsWith(text))
      .map((profile, position) => ({
        position,
        user: {
          pk: profile.id,
          pk_id: profile.id,
          username: profile.username,
          full_name: profile.fullName,
          is_private: false,
          is_verified: false,
          profile_pic_id: `${profile.id}_1`,
          profile_pic_url: `https://scontent.example/v/t51_${profile.id}.jpg`,
          has_anonymous_profile_picture: false,
          follower_count: profile.followers,
          latest_reel_media: 0,
        },
      }));
    return json(200, {
      users,
      places: placeList,
      hashtags,
      has_more: false,
      rank_token: '0.123',
      clear_client_cache: false,
      status: 'ok',
    });
  }

  const server = await startFakeServer(handler, options.now);
  base = server.url;
  return {
    ...server,
    hosts: { web: server.url, api: server.url },
    addTag: (tag) => tags.set(tag.name.toLowerCase(), tag),
    addPlace: (place) => places.set(place.id, place),
    addProfile: (profile) => profiles.set(profile.username.toLowerCase(), profile),
    fail: (fault, failOptions) => faults.add(fault, failOptions),
  };

  function faultAnswer(fault: InstagramFault, path: string): FakeAnswer {
    switch (fault) {
      case 'login-redirect':
        return {
          status: 302,
          headers: { location: `${base}/accounts/login/?next=${encodeURIComponent(path)}` },
        };
      case 'login-page':
        return html(200, loginPage());
      case 'login-required':
        return json(401, { message: 'login_required', require_login: true, status: 'fail' });
      case 'rate-limited':
        return json(429, {
          message: 'Please wait a few minutes before you try again.',
          require_login: true,
          status: 'fail',
        });
      case 'server-error':
        return html(
          500,
          '<!DOCTYPE html><html><head><title>Error • Instagram</title></head><body>Oops, an error occurred.</body></html>',
        );
      case 'malformed':
        return {
          status: 200,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: '{"data":{"name":"lisbon","media_count":5123,"recent":{"sections":[{"layout_type":"media_grid","layout_content":{"medias":[{"media":{"pk":33',
        };
      case 'shared-data':
        return html(200, sharedDataPage());
      case 'new-markup':
        return html(200, appShell());
      case 'hang':
        return { status: 200, hang: true };
    }
  }
}

function notFoundJson(): FakeAnswer {
  return json(404, { message: 'Page not found', status: 'fail' });
}

function notFound(): FakeAnswer {
  return html(404, notFoundPage());
}
