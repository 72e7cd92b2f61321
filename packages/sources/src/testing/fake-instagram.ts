import {
  type FakeAnswer,
  type FakeRequest,
  type FakeServer,
  FaultQueue,
  html,
  json,
  startFakeServer,
} from './fake-http.js';

export interface FakeMedia {
  /** The media pk: past 2^53, so the answer also carries it as the string `id`. */
  id: string;
  ownerId: string;
  /** Epoch seconds. */
  takenAt: number;
  caption: string;
  location?: { id: string; name: string };
}

export interface FakeInstagramTag {
  name: string;
  mediaCount: number;
  media?: FakeMedia[];
}

export interface FakeInstagramPlace {
  id: string;
  name: string;
  mediaCount: number;
  media?: FakeMedia[];
}

export interface FakeInstagramProfile {
  id: string;
  username: string;
  fullName: string;
  biography: string;
  followers: number;
  following: number;
  isBusiness?: boolean;
  category?: string | null;
  media?: FakeMedia[];
}

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

/**
 * The network's web endpoints on loopback, in today's shapes (as instaloader 4.15 reads them):
 * blended topsearch JSON (only with `__a=1` and the AJAX header), tag answers
 * `explore/tags/{name}/?__a=1&__d=dis` with `data.recent.sections[].layout_content.medias[].media`,
 * `api/v1/tags/web_info/?tag_name=` with `data.media_count`, location answers with
 * `native_location_data`, and a POST GraphQL endpoint for profiles. A page asked without the JSON
 * parameters is the empty app shell. A block is a 302 to /accounts/login/, the login page served in
 * place, or a JSON login demand; a missing tag or place is a 404.
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
      const found = tags.get((request.query.get('tag_name') ?? '').toLowerCase());
      return found ? json(200, { data: tagData(found), status: 'ok' }) : notFoundJson();
    }
    const tag = request.path.match(/^\/explore\/tags\/([^/]+)\/$/);
    if (tag) {
      const found = tags.get(decodeURIComponent(tag[1]!).toLowerCase());
      if (!found) return asJson ? notFoundJson() : notFound();
      return jsonAnswer(request, { data: tagData(found), status: 'ok' });
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
        const found = [...profiles.values()].find((profile) => profile.id === String(variables.id));
        return json(200, { data: { user: found ? profileUser(found) : null }, status: 'ok' });
      }
      case DOC.userPosts: {
        const found = [...profiles.values()].find((profile) => profile.id === String(variables.id));
        if (!found) return json(200, { data: { user: null }, status: 'ok' });
        return json(200, {
          data: { user: { edge_owner_to_timeline_media: graphMedia(found) } },
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

/** A media item of the app's API, as tag and location answers carry it. */
function mediaItem(item: FakeMedia) {
  const ownerId = item.ownerId;
  return {
    taken_at: item.takenAt,
    pk: Number(item.id),
    id: `${item.id}_${ownerId}`,
    code: `C${item.id.slice(-8)}`,
    media_type: 1,
    caption: item.caption
      ? { pk: `1${item.id.slice(1)}`, text: item.caption, created_at: item.takenAt, user_id: Number(ownerId) }
      : null,
    user: {
      pk: Number(ownerId),
      pk_id: ownerId,
      id: ownerId,
      username: `user${ownerId}`,
      full_name: '',
      is_private: false,
      profile_pic_url: 'https://scontent.example/v/t51_user.jpg',
    },
    like_count: 3,
    comment_count: 0,
    has_liked: false,
    image_versions2: {
      candidates: [{ width: 1080, height: 1080, url: 'https://scontent.example/v/t51.jpg' }],
    },
    ...(item.location
      ? {
          location: {
            pk: Number(item.location.id),
            short_name: item.location.name,
            name: item.location.name,
            facebook_places_id: Number(item.location.id) + 1,
            lng: -9.14,
            lat: 38.71,
          },
        }
      : {}),
  };
}

/** A profile's posts as the logged-out GraphQL query answers them (GraphQL nodes, not media items). */
function graphMedia(profile: FakeInstagramProfile) {
  const media = profile.media ?? [];
  return {
    count: media.length,
    page_info: { has_next_page: false, end_cursor: null },
    edges: media.map((item) => ({
      node: {
        __typename: 'GraphImage',
        id: item.id,
        shortcode: `C${item.id.slice(-8)}`,
        taken_at_timestamp: item.takenAt,
        edge_media_to_caption: { edges: item.caption ? [{ node: { text: item.caption } }] : [] },
        edge_media_to_comment: { count: 0 },
        edge_media_preview_like: { count: 3 },
        owner: { id: profile.id, username: profile.username },
        display_url: 'https://scontent.example/v/t51.jpg',
        is_video: false,
        ...(item.location ? { location: { id: item.location.id, name: item.location.name } } : {}),
      },
    })),
  };
}

/** Media in rows of three, as the site lays them out. */
function sectionsOf(media: FakeMedia[] = []) {
  const sections = [];
  for (let row = 0; row < media.length; row += 3) {
    sections.push({
      layout_type: 'media_grid',
      feed_type: 'media',
      explore_item_info: { num_columns: 3, total_num_columns: 3, aspect_ratio: 1, autoplay: false },
      layout_content: { medias: media.slice(row, row + 3).map((item) => ({ media: mediaItem(item) })) },
    });
  }
  return { sections, more_available: false, next_max_id: null, next_page: 1, next_media_ids: [] };
}

function tagData(tag: FakeInstagramTag) {
  return {
    id: '17843830000000000',
    name: tag.name,
    media_count: tag.mediaCount,
    formatted_media_count: `${Math.round(tag.mediaCount / 1000)}K`,
    profile_pic_url: 'https://scontent.example/v/t51_tag.jpg',
    is_following: false,
    allow_following: true,
    subtitle: '',
    top: sectionsOf(tag.media?.slice(0, 9)),
    recent: sectionsOf(tag.media),
  };
}

function locationData(place: FakeInstagramPlace) {
  return {
    location_info: {
      location_id: place.id,
      facebook_places_id: String(Number(place.id) + 1),
      name: place.name,
      slug: place.name.toLowerCase().replace(/\W+/g, '-'),
      has_public_page: true,
      lat: 38.71,
      lng: -9.14,
      location_address: '',
      location_city: 'Lisbon',
      media_count: place.mediaCount,
      profile_pic_url: 'https://scontent.example/v/t51_place.jpg',
      phone: '',
      website: '',
      category: 'City',
    },
    ranked: sectionsOf(place.media?.slice(0, 9)),
    recent: sectionsOf(place.media),
  };
}

function profileUser(profile: FakeInstagramProfile) {
  return {
    pk: profile.id,
    id: profile.id,
    username: profile.username,
    full_name: profile.fullName,
    biography: profile.biography,
    external_url: null,
    follower_count: profile.followers,
    following_count: profile.following,
    media_count: profile.media?.length ?? 0,
    is_business: profile.isBusiness ?? false,
    category: profile.category ?? null,
    is_private: false,
    is_verified: false,
    profile_pic_url: 'https://scontent.example/v/t51_profile.jpg',
    hd_profile_pic_url_info: { url: 'https://scontent.example/v/t51_profile_hd.jpg' },
    friendship_status: null,
  };
}

/** What a page is today: an app shell whose scripts fetch the data; nothing in it to read. */
function appShell(): string {
  return `<!DOCTYPE html><html lang="en" class="_9dls"><head><meta charset="utf-8"><title>Instagram</title></head>
<body><div id="mount_0_0_x"></div><script type="application/json" data-sjs>{"require":[["ScheduledServerJS","handle",null,[{"__bbox":{"define":[]}}]]]}</script></body></html>`;
}

/** The site before Oct 2023: the data in `window._sharedData` (kept as a fault: we no longer read it). */
function sharedDataPage(): string {
  const shared = {
    config: { csrf_token: 'missing', viewer: null, viewerId: null },
    entry_data: {
      TagPage: [{ graphql: { hashtag: { name: 'lisbon', edge_hashtag_to_media: { count: 1 } } } }],
    },
  };
  return `<!DOCTYPE html><html><head><title>#lisbon hashtag on Instagram • Photos and videos</title></head>
<body><script type="text/javascript">window._sharedData = ${JSON.stringify(shared)};</script></body></html>`;
}

function loginPage(): string {
  return `<!DOCTYPE html><html lang="en" class="_9dls"><head><meta charset="utf-8"><title>Login • Instagram</title></head>
<body><div id="mount_0_0_y"></div><form id="loginForm" method="post"><input name="username"><input name="password" type="password"></form></body></html>`;
}

function notFoundJson(): FakeAnswer {
  return json(404, { message: 'Page not found', status: 'fail' });
}

function notFound(): FakeAnswer {
  return html(
    404,
    `<!DOCTYPE html><html lang="en"><head><title>Page Not Found • Instagram</title></head><body><h2>Sorry, this page isn't available.</h2><p>The link you followed may be broken, or the page may have been removed. <a href="/">Go back to Instagram.</a></p></body></html>`,
  );
}
