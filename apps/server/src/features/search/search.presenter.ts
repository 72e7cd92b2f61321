import type { HashtagCount, Place, Profile } from '@tagscout/core/api';
import type { RelatedTag } from '@tagscout/core/related';
import { UNKNOWN_PROFILE } from '../crowd/crowd-subjects.js';
import type { HashtagRow } from './hashtag-row.js';
import type { PlaceRow, ProfileRow } from './search.repository.js';

/** The count the API shows: the total when known, -1 when unknown, -2 when it needs a direct lookup. */
export function countOf(row: Pick<HashtagRow, 'post_count' | 'count_state'>): number {
  if (row.count_state === 'known') return row.post_count;
  return row.count_state === 'lookup' || row.count_state === 'pending' ? -2 : -1;
}

export function presentHashtag(row: HashtagRow): HashtagCount {
  const tag: HashtagCount = { hashtag: row.name, count: countOf(row) };
  if (row.banned) tag.banned = true;
  if (row.count_state === 'indexing') tag.indexing = true;
  return tag;
}

/** A name asked for that the store does not hold. */
export function presentUnknownHashtag(name: string): HashtagCount {
  return { hashtag: name, count: -1 };
}

export function presentPlace(row: PlaceRow): Place {
  const place: Place = { place_id: row.id, title: row.title, count: row.post_count };
  if (row.profile_pic_url) place.profile_pic_url = row.profile_pic_url;
  return place;
}

export function presentProfile(row: ProfileRow): Profile {
  const profile: Profile = {
    profile_id: row.id,
    username: row.username,
    full_name: row.full_name,
    biography: row.biography,
    followers: row.followers,
    following: row.following,
    post_count: row.post_count,
    is_business_account: row.is_business_account === 1,
    business_category_name: row.business_category_name,
    is_private: row.is_private === 1,
    is_verified: row.is_verified === 1,
  };
  if (row.profile_pic_url) profile.profile_pic_url = row.profile_pic_url;
  return profile;
}

/** A place devices reported that enough of them have not yet agreed on: being looked up. */
export function presentPlaceBeingLookedUp(id: string): Place {
  return { place_id: id, title: '', count: -2 };
}

/** A profile devices reported that enough of them have not yet agreed on: being looked up. */
export function presentProfileBeingLookedUp(id: string): Profile {
  return { profile_id: id, username: '', ...UNKNOWN_PROFILE };
}

export function presentRelatedTag(tag: RelatedTag, isBanned: boolean) {
  return isBanned ? { ...tag, banned: true as const } : tag;
}
