/** The fake network's items, and the JSON shapes its answers carry them in (as instaloader and instagrapi read them). */

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
  /** The tag answer leaves its count out (the top search still carries it). */
  omitsCount?: boolean;
  media?: FakeMedia[];
  /** Reels: laid out as the app lays them, a `one_by_two_item`'s clips with the first posts as `fill_items`. */
  reels?: FakeMedia[];
  /** How web_info answers: `data` (today's sections) or `graphql.hashtag` (`edge_hashtag_to_media`). */
  shape?: 'data' | 'graphql';
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

/** A tag answer (the explore page's `data`, or web_info's `data` or `graphql`). */
export function tagAnswer(tag: FakeInstagramTag): object {
  if (tag.shape === 'graphql') return { graphql: { hashtag: tagGraph(tag) }, status: 'ok' };
  return { data: tagData(tag), status: 'ok' };
}

/** A media item of the app's API, as tag and location answers carry it. */
function mediaItem(item: FakeMedia, productType?: 'clips') {
  const ownerId = item.ownerId;
  return {
    taken_at: item.takenAt,
    pk: Number(item.id),
    id: `${item.id}_${ownerId}`,
    code: `C${item.id.slice(-8)}`,
    media_type: productType ? 2 : 1,
    ...(productType && { product_type: productType }),
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

/** A post as GraphQL answers carry it (a node, not a media item). */
function graphNode(item: FakeMedia, owner: { id: string; username?: string }) {
  return {
    __typename: 'GraphImage',
    id: item.id,
    shortcode: `C${item.id.slice(-8)}`,
    taken_at_timestamp: item.takenAt,
    edge_media_to_caption: { edges: item.caption ? [{ node: { text: item.caption } }] : [] },
    edge_media_to_comment: { count: 0 },
    edge_liked_by: { count: 3 },
    edge_media_preview_like: { count: 3 },
    owner: { id: owner.id, ...(owner.username && { username: owner.username }) },
    display_url: 'https://scontent.example/v/t51.jpg',
    thumbnail_src: 'https://scontent.example/v/t51.jpg',
    is_video: false,
    ...(item.location ? { location: { id: item.location.id, name: item.location.name } } : {}),
  };
}

/** A profile's posts as the logged-out GraphQL query answers them. */
export function profileMedia(profile: FakeInstagramProfile) {
  const media = profile.media ?? [];
  return {
    count: media.length,
    page_info: { has_next_page: false, end_cursor: null },
    edges: media.map((item) => ({ node: graphNode(item, { id: profile.id, username: profile.username }) })),
  };
}

/**
 * Media in sections as the app lays them out: reels in a `one_by_two_item` beside up to four posts as
 * `fill_items`, then rows of three `medias`.
 */
function sectionsOf(media: FakeMedia[] = [], reels: FakeMedia[] = []) {
  const sections: object[] = [];
  let rest = media;
  if (reels.length > 0) {
    sections.push({
      layout_type: 'one_by_two_right',
      feed_type: 'clips',
      layout_content: {
        one_by_two_item: {
          clips: {
            id: 'clips_tag',
            items: reels.map((item) => ({ media: mediaItem(item, 'clips') })),
            max_id: null,
            more_available: false,
          },
        },
        fill_items: rest.slice(0, 4).map((item) => ({ media: mediaItem(item) })),
      },
    });
    rest = rest.slice(4);
  }
  for (let row = 0; row < rest.length; row += 3) {
    sections.push({
      layout_type: 'media_grid',
      feed_type: 'media',
      explore_item_info: { num_columns: 3, total_num_columns: 3, aspect_ratio: 1, autoplay: false },
      layout_content: { medias: rest.slice(row, row + 3).map((item) => ({ media: mediaItem(item) })) },
    });
  }
  return { sections, more_available: false, next_max_id: null, next_page: 1, next_media_ids: [] };
}

function tagData(tag: FakeInstagramTag) {
  return {
    id: '17843830000000000',
    name: tag.name,
    ...(!tag.omitsCount && {
      media_count: tag.mediaCount,
      formatted_media_count: `${Math.round(tag.mediaCount / 1000)}K`,
    }),
    profile_pic_url: 'https://scontent.example/v/t51_tag.jpg',
    is_following: false,
    allow_following: true,
    subtitle: '',
    top: sectionsOf(tag.media?.slice(0, 9)),
    recent: sectionsOf(tag.media, tag.reels),
  };
}

/** The older `graphql.hashtag` shape, its posts as GraphQL nodes. */
function tagGraph(tag: FakeInstagramTag) {
  const media = [...(tag.reels ?? []), ...(tag.media ?? [])];
  const edges = media.map((item) => ({ node: graphNode(item, { id: item.ownerId }) }));
  return {
    id: '17843830000000000',
    name: tag.name,
    allow_following: true,
    is_following: false,
    is_top_media_only: false,
    profile_pic_url: 'https://scontent.example/v/t51_tag.jpg',
    edge_hashtag_to_media: {
      ...(!tag.omitsCount && { count: tag.mediaCount }),
      page_info: { has_next_page: false, end_cursor: null },
      edges,
    },
    edge_hashtag_to_top_posts: { edges: edges.slice(0, 9) },
    edge_hashtag_to_content_advisory: { count: 0, edges: [] },
  };
}

export function locationData(place: FakeInstagramPlace) {
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

export function profileUser(profile: FakeInstagramProfile) {
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
export function appShell(): string {
  return `<!DOCTYPE html><html lang="en" class="_9dls"><head><meta charset="utf-8"><title>Instagram</title></head>
<body><div id="mount_0_0_x"></div><script type="application/json" data-sjs>{"require":[["ScheduledServerJS","handle",null,[{"__bbox":{"define":[]}}]]]}</script></body></html>`;
}

/** The site before Oct 2023: the data in `window._sharedData` (kept as a fault: we no longer read it). */
export function sharedDataPage(): string {
  const shared = {
    config: { csrf_token: 'missing', viewer: null, viewerId: null },
    entry_data: {
      TagPage: [{ graphql: { hashtag: { name: 'lisbon', edge_hashtag_to_media: { count: 1 } } } }],
    },
  };
  return `<!DOCTYPE html><html><head><title>#lisbon hashtag on Instagram • Photos and videos</title></head>
<body><script type="text/javascript">window._sharedData = ${JSON.stringify(shared)};</script></body></html>`;
}

export function loginPage(): string {
  return `<!DOCTYPE html><html lang="en" class="_9dls"><head><meta charset="utf-8"><title>Login • Instagram</title></head>
<body><div id="mount_0_0_y"></div><form id="loginForm" method="post"><input name="username"><input name="password" type="password"></form></body></html>`;
}

export function notFoundPage(): string {
  return `<!DOCTYPE html><html lang="en"><head><title>Page Not Found • Instagram</title></head><body><h2>Sorry, this page isn't available.</h2><p>The link you followed may be broken, or the page may have been removed. <a href="/">Go back to Instagram.</a></p></body></html>`;
}
