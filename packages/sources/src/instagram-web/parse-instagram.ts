import { INGEST_LIMITS } from '@tagscout/core/api';
import { extractHashtags } from '@tagscout/core/hashtags';
import { cleanTags, plain } from '../source/ingest-shape.js';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const record = (value: unknown): Json => (isRecord(value) ? value : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** An id as a string; a number past 2^53 has lost digits in JSON.parse, so it is no id. */
const id = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d+$/.test(value)
    ? value
    : typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
      ? String(value)
      : undefined;
const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const flag = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
const url = (value: unknown): string | undefined => {
  const candidate = text(value);
  return candidate && /^https?:\/\//.test(candidate) && candidate.length <= INGEST_LIMITS.urlChars
    ? candidate
    : undefined;
};

/** Drops keys whose value is undefined (the ingest schemas are strict about unknown keys, not missing ones). */
function defined<T extends Json>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

// ---- topsearch (context=blended): {users: [{user}], places: [{place: {location, title}}], hashtags: [{hashtag}]} ----

export function topsearchHashtags(answer: unknown): unknown[] {
  return list(record(answer).hashtags).map((entry) => {
    const tag = record(record(entry).hashtag);
    return { hashtag: text(tag.name), count: count(tag.media_count) };
  });
}

/** Search results carry no post count for places; 0 until the place's page is read. */
export function topsearchPlaces(answer: unknown): unknown[] {
  return list(record(answer).places).map((entry) => {
    const place = record(record(entry).place);
    const location = record(place.location);
    return defined({
      place_id: id(location.pk) ?? id(location.facebook_places_id),
      title: plain(text(place.title) || text(location.name), INGEST_LIMITS.titleChars),
      count: 0,
      profile_pic_url: url(location.profile_pic_url),
    });
  });
}

export function topsearchUsers(answer: unknown): unknown[] {
  return list(record(answer).users).map((entry) => {
    const user = record(record(entry).user);
    return defined({
      profile_id: id(user.pk) ?? id(user.pk_id) ?? id(user.id),
      username: text(user.username),
      full_name: plain(user.full_name, INGEST_LIMITS.nameChars),
      followers: count(user.follower_count),
      is_private: flag(user.is_private),
      is_verified: flag(user.is_verified),
      profile_pic_url: url(user.profile_pic_url),
    });
  });
}

// ---- today's answers: media lists in sections (tag and location), the profile's GraphQL user ----

/**
 * A media item of the app's API ("iphone struct"): `pk`, `taken_at`, `caption.text`, `user.pk`,
 * `location.pk`. Media ids pass 2^53, so the string `id` ("<pk>_<owner>") is read first.
 */
export function postOfMedia(media: unknown, placeId?: string): unknown {
  const item = record(media);
  const user = record(item.user);
  const location = record(item.location);
  const caption = text(record(item.caption).text) ?? '';
  return defined({
    post_id: id(text(item.id)?.split('_')[0]) ?? id(item.pk),
    owner: id(user.pk) ?? id(user.pk_id) ?? id(user.id) ?? id(text(item.id)?.split('_')[1]),
    timestamp: count(item.taken_at),
    hashtags: cleanTags(extractHashtags(caption)),
    place_id: id(location.pk) ?? id(location.id) ?? placeId,
  });
}

/**
 * The posts of a `{sections: [{layout_content}]}` list, in order. A section holds `medias`, or (where
 * the app shows reels) a `one_by_two_item` whose `clips.items` are the reels and `fill_items` the
 * posts beside them, as instagrapi reads them; each entry is `{media}`.
 */
export function postsOfSections(answer: unknown, placeId?: string): unknown[] {
  return list(record(answer).sections).flatMap((section) => {
    const content = record(record(section).layout_content);
    const entries = [
      ...list(record(record(content.one_by_two_item).clips).items),
      ...list(content.fill_items),
      ...list(content.medias),
    ];
    return entries.map((entry) => postOfMedia(record(entry).media, placeId));
  });
}

/** A tag answer (web_info's `data` or `graphql.hashtag`): `name` and its count, undefined when left out. */
export function hashtagOfTag(tag: Json, asked: string): { hashtag: string; count: number | undefined } {
  return {
    hashtag: text(tag.name) ?? asked,
    count: count(record(tag.edge_hashtag_to_media).count) ?? count(tag.media_count),
  };
}

/** A tag answer's recent posts: sections (`recent`), or the GraphQL nodes of `edge_hashtag_to_media`. */
export function postsOfTag(tag: Json): unknown[] {
  const nodes = list(record(tag.edge_hashtag_to_media).edges).map((edge) =>
    postOfGraphNode(record(edge).node),
  );
  return [...postsOfSections(tag.recent), ...nodes];
}

/** `native_location_data.location_info` of a location answer. */
export function placeOfLocationInfo(info: Json, askedId: string): unknown {
  return defined({
    place_id: id(info.location_id) ?? id(info.pk) ?? id(info.id) ?? askedId,
    title: plain(info.name, INGEST_LIMITS.titleChars),
    count: count(info.media_count) ?? 0,
    profile_pic_url: url(info.profile_pic_url),
  });
}

/** The user of the profile query (`data.user`), with today's flat counts. */
export function profileOfUser(user: Json): unknown {
  const category = text(user.category) ?? text(user.business_category_name) ?? text(user.category_name);
  return defined({
    profile_id: id(user.pk) ?? id(user.id),
    username: text(user.username),
    full_name: plain(user.full_name, INGEST_LIMITS.nameChars),
    biography: plain(user.biography, INGEST_LIMITS.biographyChars),
    followers: count(user.follower_count),
    following: count(user.following_count),
    post_count: count(user.media_count),
    is_business_account: flag(user.is_business) ?? flag(user.is_business_account),
    business_category_name: category === undefined ? undefined : plain(category, INGEST_LIMITS.nameChars),
    is_private: flag(user.is_private),
    is_verified: flag(user.is_verified),
    profile_pic_url: url(record(user.hd_profile_pic_url_info).url) ?? url(user.profile_pic_url),
  });
}

/** The id of `username` among the users of the search query (names compare without case). */
export function userIdFromSearch(answer: unknown, username: string): string | undefined {
  const users = list(record(record(record(answer).data).xdt_api__v1__fbsearch__non_profiled_serp).users);
  const wanted = username.toLowerCase();
  const user = users.map(record).find((candidate) => text(candidate.username)?.toLowerCase() === wanted);
  return user ? (id(user.pk) ?? id(user.pk_id) ?? id(user.id)) : undefined;
}

/** A post of the logged-out user-posts query: a GraphQL node (`edge_media_to_caption`, `owner.id`). */
export function postOfGraphNode(node: unknown): unknown {
  const item = record(node);
  const firstCaption = record(list(record(item.edge_media_to_caption).edges)[0]);
  const caption = text(record(firstCaption.node).text) ?? '';
  const location = record(item.location);
  return defined({
    post_id: id(item.id),
    owner: id(record(item.owner).id),
    timestamp: count(item.taken_at_timestamp),
    hashtags: cleanTags(extractHashtags(caption)),
    place_id: id(location.id),
  });
}

/** The posts of the user-posts query: `data.user.edge_owner_to_timeline_media.edges[].node`. */
export function postsOfUserPosts(answer: unknown): unknown[] {
  const media = record(record(record(record(answer).data).user).edge_owner_to_timeline_media);
  return list(media.edges).map((edge) => postOfGraphNode(record(edge).node));
}
