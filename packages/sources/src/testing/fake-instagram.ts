import {
  escapeHtml,
  type FakeAnswer,
  type FakeRequest,
  type FakeServer,
  FaultQueue,
  html,
  json,
  startFakeServer,
} from './fake-http.js';

export interface FakeMedia {
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
  | 'login-redirect'
  | 'login-page'
  | 'rate-limited'
  | 'server-error'
  | 'malformed'
  | 'new-markup'
  | 'hang';

export interface FakeInstagram extends FakeServer {
  addTag(tag: FakeInstagramTag): void;
  addPlace(place: FakeInstagramPlace): void;
  addProfile(profile: FakeInstagramProfile): void;
  fail(fault: InstagramFault, options?: { times?: number; pathPrefix?: string }): void;
}

/**
 * The network's public web endpoints on loopback, in the shapes the earlier client read: topsearch
 * JSON, and tag, location and profile pages whose data sits in `window._sharedData`. A block is a
 * 302 to /accounts/login/ (or the login page served in place), a missing tag a 404 page.
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
    if (request.path === '/web/search/topsearch/') return topsearch(request.query);
    const tag = request.path.match(/^\/explore\/tags\/([^/]+)\/$/);
    if (tag) {
      const found = tags.get(decodeURIComponent(tag[1]!).toLowerCase());
      return found
        ? html(
            200,
            page(`#${found.name} hashtag on Instagram`, {
              TagPage: [{ graphql: { hashtag: tagGraph(found) } }],
            }),
          )
        : notFound();
    }
    const place = request.path.match(/^\/explore\/locations\/([^/]+)\/(?:[^/]+\/)?$/);
    if (place) {
      const found = places.get(decodeURIComponent(place[1]!));
      return found
        ? html(
            200,
            page(`${found.name} on Instagram`, {
              LocationsPage: [{ graphql: { location: placeGraph(found) } }],
            }),
          )
        : notFound();
    }
    const profile = request.path.match(/^\/([A-Za-z0-9._]+)\/$/);
    if (profile) {
      const found = profiles.get(profile[1]!.toLowerCase());
      return found
        ? html(
            200,
            page(`${found.fullName} (@${found.username})`, {
              ProfilePage: [{ graphql: { user: profileGraph(found) } }],
            }),
          )
        : notFound();
    }
    return notFound();
  };

  function topsearch(query: URLSearchParams): FakeAnswer {
    const text = (query.get('query') ?? '').replace(/^#/, '').toLowerCase();
    const context = query.get('context') ?? 'blended';
    const wants = (kind: string) => context === 'blended' || context === kind;
    const hashtags = wants('hashtag')
      ? [...tags.values()]
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
          }))
      : [];
    const placeList = wants('place')
      ? [...places.values()]
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
          }))
      : [];
    const users = wants('user')
      ? [...profiles.values()]
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
          }))
      : [];
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
        return html(
          200,
          `<!DOCTYPE html><html><body><script type="text/javascript">window._sharedData = {"config":{"csrf_token":"x"},"entry_data":{"TagPage":[{"graphql":{"hash</script></body></html>`,
        );
      case 'new-markup':
        return html(
          200,
          '<!DOCTYPE html><html><head><title>Instagram</title></head><body><div id="root"></div><script src="/static/bundle.js"></script></body></html>',
        );
      case 'hang':
        return { status: 200, hang: true };
    }
  }
}

function mediaEdges(media: FakeMedia[] = [], count = media.length) {
  return {
    count,
    page_info: { has_next_page: count > media.length, end_cursor: media.length > 0 ? 'QVFE...' : null },
    edges: media.map((item) => ({
      node: {
        comments_disabled: false,
        __typename: 'GraphImage',
        id: item.id,
        edge_media_to_caption: { edges: item.caption ? [{ node: { text: item.caption } }] : [] },
        shortcode: `C${item.id.slice(-8)}`,
        edge_media_to_comment: { count: 0 },
        taken_at_timestamp: item.takenAt,
        dimensions: { height: 1080, width: 1080 },
        display_url: 'https://scontent.example/v/t51.jpg',
        edge_liked_by: { count: 3 },
        edge_media_preview_like: { count: 3 },
        owner: { id: item.ownerId },
        thumbnail_src: 'https://scontent.example/v/t51_thumb.jpg',
        is_video: false,
        accessibility_caption: 'Photo shared on Instagram.',
        ...(item.location
          ? { location: { id: item.location.id, has_public_page: true, name: item.location.name, slug: '' } }
          : {}),
      },
    })),
  };
}

function tagGraph(tag: FakeInstagramTag) {
  return {
    id: '17843830000000000',
    name: tag.name,
    allow_following: false,
    is_following: false,
    is_top_media_only: false,
    profile_pic_url: 'https://scontent.example/v/t51_tag.jpg',
    edge_hashtag_to_media: mediaEdges(tag.media, tag.mediaCount),
    edge_hashtag_to_top_posts: mediaEdges(tag.media?.slice(0, 9)),
    edge_hashtag_to_content_advisory: { count: 0, edges: [] },
    edge_hashtag_to_related_tags: { edges: [] },
    edge_hashtag_to_null_state: { edges: [] },
  };
}

function placeGraph(place: FakeInstagramPlace) {
  return {
    id: place.id,
    name: place.name,
    has_public_page: true,
    lat: 38.71,
    lng: -9.14,
    slug: place.name.toLowerCase().replace(/\W+/g, '-'),
    blurb: '',
    website: '',
    phone: '',
    primary_alias_on_fb: '',
    address_json:
      '{"street_address": "", "zip_code": "", "city_name": "Lisbon", "region_name": "", "country_code": "PT"}',
    profile_pic_url: 'https://scontent.example/v/t51_place.jpg',
    edge_location_to_media: mediaEdges(place.media, place.mediaCount),
    edge_location_to_top_posts: mediaEdges(place.media?.slice(0, 9)),
  };
}

function profileGraph(profile: FakeInstagramProfile) {
  return {
    biography: profile.biography,
    external_url: null,
    edge_followed_by: { count: profile.followers },
    edge_follow: { count: profile.following },
    full_name: profile.fullName,
    id: profile.id,
    is_business_account: profile.isBusiness ?? false,
    business_category_name: profile.category ?? null,
    category_name: profile.category ?? null,
    is_private: false,
    is_verified: false,
    profile_pic_url: 'https://scontent.example/v/t51_profile.jpg',
    profile_pic_url_hd: 'https://scontent.example/v/t51_profile_hd.jpg',
    username: profile.username,
    edge_owner_to_timeline_media: mediaEdges(profile.media),
  };
}

function page(title: string, entryData: object): string {
  const shared = {
    config: { csrf_token: 'missing', viewer: null, viewerId: null },
    country_code: 'PT',
    language_code: 'en',
    locale: 'en_US',
    entry_data: entryData,
    hostname: 'www.instagram.com',
    is_whitelisted_crawl_bot: false,
    platform: 'web',
    rollout_hash: 'f3a9c2',
  };
  return `<!DOCTYPE html>
<html lang="en" class="no-js not-logged-in client-root">
<head><meta charset="utf-8"><title>${escapeHtml(title)} • Instagram photos and videos</title></head>
<body class=""><span id="react-root"></span>
<script type="text/javascript">window._sharedData = ${JSON.stringify(shared)};</script>
<script type="text/javascript">window.__initialDataLoaded(window._sharedData);</script>
</body></html>`;
}

function loginPage(): string {
  return page('Login', {
    LoginAndSignupPage: [
      { captcha: { enabled: false, key: '' }, gdpr_required: false, tos_version: 'row', username_hint: '' },
    ],
  }).replace(/<title>.*<\/title>/, '<title>Login • Instagram</title>');
}

function notFound(): FakeAnswer {
  return html(
    404,
    `<!DOCTYPE html><html lang="en"><head><title>Page Not Found • Instagram</title></head><body><h2>Sorry, this page isn't available.</h2><p>The link you followed may be broken, or the page may have been removed. <a href="/">Go back to Instagram.</a></p></body></html>`,
  );
}
