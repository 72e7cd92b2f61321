import { INGEST_LIMITS } from '@tagscout/core/api';
import { extractHashtags } from '@tagscout/core/hashtags';
import { cleanTags, plain } from '../source/ingest-shape.js';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const record = (value: unknown): Json => (isRecord(value) ? value : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const id = (value: unknown): string | undefined =>
  typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value))
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

// ---- topsearch: {users: [{user}], places: [{place: {location, title}}], hashtags: [{hashtag}]} ----

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

// ---- pages: tag, location and profile (graphql objects with edge_* media lists) ----

/** The posts of an edge_*_to_media list, as ingest posts (invalid ones are dropped later). */
export function postsOf(media: unknown, placeId?: string): unknown[] {
  return list(record(media).edges).map((edge) => {
    const node = record(record(edge).node);
    const firstCaption = record(list(record(node.edge_media_to_caption).edges)[0]);
    const caption = text(record(firstCaption.node).text) ?? '';
    const location = record(node.location);
    return defined({
      post_id: id(node.id),
      owner: id(record(node.owner).id),
      timestamp: count(node.taken_at_timestamp),
      hashtags: cleanTags(extractHashtags(caption)),
      place_id: id(location.id) ?? placeId,
    });
  });
}

export function hashtagOfTagPage(tag: Json): unknown {
  return { hashtag: text(tag.name), count: count(record(tag.edge_hashtag_to_media).count) };
}

export function placeOfLocationPage(location: Json): unknown {
  return defined({
    place_id: id(location.id),
    title: plain(location.name, INGEST_LIMITS.titleChars),
    count: count(record(location.edge_location_to_media).count),
    profile_pic_url: url(location.profile_pic_url),
  });
}

export function profileOfProfilePage(user: Json): unknown {
  const category = text(user.business_category_name) ?? text(user.category_name);
  return defined({
    profile_id: id(user.id),
    username: text(user.username),
    full_name: plain(user.full_name, INGEST_LIMITS.nameChars),
    biography: plain(user.biography, INGEST_LIMITS.biographyChars),
    followers: count(record(user.edge_followed_by).count),
    following: count(record(user.edge_follow).count),
    post_count: count(record(user.edge_owner_to_timeline_media).count),
    is_business_account: flag(user.is_business_account),
    business_category_name: category === undefined ? undefined : plain(category, INGEST_LIMITS.nameChars),
    is_private: flag(user.is_private),
    is_verified: flag(user.is_verified),
    profile_pic_url: url(user.profile_pic_url_hd) ?? url(user.profile_pic_url),
  });
}
