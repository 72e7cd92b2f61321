import type {
  CacheAcceptedResponse,
  CacheAutocompleteBody,
  CacheRecommendBody,
  IngestPlace,
  IngestProfile,
} from '@tagscout/core/api';
import { extractHashtags, normalizeHashtag, normalizeQuery } from '@tagscout/core/hashtags';
import type { Network } from '@tagscout/core/networks';
import type { Database } from '../../db/connect.js';
import { type PlaceToStore, type PostToStore, type ProfileToStore, storeIngest } from './store.repository.js';
import { tagsOfPost } from './tags-of-post.js';

/** The store's one write of a batch, for features that build their own (the crowd cache's posts). */
export { storeIngest } from './store.repository.js';

/** A post as it arrives: from the API, the importer or the sample corpus. */
export interface IncomingPost {
  post_id: string;
  owner?: string | null;
  /** Epoch seconds. */
  timestamp: number;
  hashtags?: readonly string[];
  caption?: string;
  place_id?: string | null;
}

/** Where an ingest writes: the network its tags and posts belong to, and their provenance. */
export interface IngestTarget {
  network: Network;
  /** Provenance of the posts and counts: 'import', 'sample', a live source's name. */
  source: string;
  /** Epoch ms of the write (the server clock; the newest count wins). */
  now: number;
}

/**
 * Search results from a trusted source (the server's own sources, imports): stored as they are, the
 * newest counts win. Devices' results go through crowd/crowd.service.ts instead.
 */
export async function ingestAutocomplete(
  database: Database,
  body: CacheAutocompleteBody,
  target: IngestTarget,
): Promise<CacheAcceptedResponse> {
  const { network, source, now } = target;
  const hashtags = (body.hashtags ?? []).map((tag) => ({
    name: normalizeHashtag(tag.hashtag, network)!,
    count: tag.count,
  }));
  const places = (body.places ?? []).map(toPlace);
  const profiles = (body.users ?? []).map(toProfile);
  await storeIngest(database, { hashtags, places, profiles, network, source, now });
  return { status: 'accepted', stored: hashtags.length + places.length + profiles.length, skipped: 0 };
}

/**
 * One item and its posts, from a trusted source. Posts from a tag's page carry that tag and posts
 * from a place's page are at that place, so the item's related tags reflect them at once.
 */
export async function ingestRecommend(
  database: Database,
  body: CacheRecommendBody,
  target: IngestTarget,
): Promise<CacheAcceptedResponse> {
  const { network, source, now } = target;
  const itemTag = body.hashtag ? normalizeHashtag(body.hashtag.hashtag, network)! : undefined;
  const { posts, skipped } = preparePosts(body.posts, { itemTag, placeId: body.place?.place_id, network });
  await storeIngest(database, {
    hashtags: body.hashtag && itemTag ? [{ name: itemTag, count: body.hashtag.count }] : [],
    places: body.place ? [toPlace(body.place)] : [],
    profiles: body.user ? [toProfile(body.user)] : [],
    posts,
    network,
    source,
    now,
  });
  return { status: 'accepted', stored: posts.length, skipped };
}

/**
 * Posts with their tags normalised by the core rules of their network (Instagram's without one);
 * those with fewer than two tags are skipped. `itemTag` is added to every post, `placeId` fills a
 * missing place.
 */
export function preparePosts(
  incoming: readonly IncomingPost[],
  context: { itemTag?: string; placeId?: string; network?: Network } = {},
): { posts: PostToStore[]; skipped: number } {
  const posts: PostToStore[] = [];
  let skipped = 0;
  for (const post of incoming) {
    const tags = tagsOfPost(withItemTag(post, context.itemTag), context.network);
    if (tags === null) {
      skipped++;
      continue;
    }
    posts.push({
      postId: post.post_id,
      owner: post.owner ?? null,
      takenAt: post.timestamp,
      placeId: post.place_id ?? context.placeId ?? null,
      hashtags: tags,
      ...(post.caption !== undefined && { text: post.caption }),
    });
  }
  return { posts, skipped };
}

function withItemTag(post: IncomingPost, itemTag: string | undefined): IncomingPost {
  if (itemTag === undefined) return post;
  // The tag's own page lists the post, so it carries the tag even when the caption lost it.
  const own = post.hashtags?.length ? post.hashtags : extractHashtags(post.caption ?? '');
  return { ...post, hashtags: [itemTag, ...own] };
}

export function toPlace(place: IngestPlace): PlaceToStore {
  return {
    id: place.place_id,
    title: place.title,
    titleKey: normalizeQuery(place.title),
    count: place.count,
    profilePicUrl: place.profile_pic_url,
  };
}

export function toProfile(user: IngestProfile): ProfileToStore {
  const profile: ProfileToStore = { id: user.profile_id, username: user.username };
  if (user.full_name !== undefined) profile.full_name = user.full_name;
  if (user.biography !== undefined) profile.biography = user.biography;
  if (user.followers !== undefined) profile.followers = user.followers;
  if (user.following !== undefined) profile.following = user.following;
  if (user.post_count !== undefined) profile.post_count = user.post_count;
  if (user.is_business_account !== undefined) profile.is_business_account = user.is_business_account ? 1 : 0;
  if (user.business_category_name !== undefined) profile.business_category_name = user.business_category_name;
  if (user.is_private !== undefined) profile.is_private = user.is_private ? 1 : 0;
  if (user.is_verified !== undefined) profile.is_verified = user.is_verified ? 1 : 0;
  if (user.profile_pic_url !== undefined) profile.profile_pic_url = user.profile_pic_url;
  return profile;
}
