import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../db/connect.js';
import type { ProfileTable } from '../../db/tables.js';
import { storeIngest } from '../store/store.repository.js';

/**
 * Test helpers for the quarries feature: hand-built places, profiles and posts written through the
 * store's own ingest, and a small client for inject().
 */

export const DAY_SECONDS = 86_400;

export interface TestPlace {
  id: string;
  title: string;
  count?: number;
}

export type TestProfile = Pick<ProfileTable, 'id' | 'username'> &
  Partial<
    Pick<ProfileTable, 'full_name' | 'biography' | 'followers' | 'business_category_name' | 'is_verified'>
  >;

export interface TestPost {
  id: string;
  owner: string | null;
  placeId: string | null;
  /** Days before now (fractions allowed). */
  daysAgo: number;
  tags: string[];
}

export async function storeTestData(
  database: Database,
  data: { places?: TestPlace[]; profiles?: TestProfile[]; posts?: TestPost[]; nowMs?: number },
): Promise<void> {
  const nowSeconds = Math.floor((data.nowMs ?? Date.now()) / 1000);
  await storeIngest(database, {
    network: 'instagram',
    places: (data.places ?? []).map((place) => ({
      id: place.id,
      title: place.title,
      titleKey: place.title.toLowerCase(),
      count: place.count ?? 100,
    })),
    profiles: (data.profiles ?? []).map((profile) => ({
      full_name: '',
      biography: '',
      followers: 1000,
      business_category_name: null,
      ...profile,
    })),
    posts: (data.posts ?? []).map((post) => ({
      postId: post.id,
      owner: post.owner,
      placeId: post.placeId,
      takenAt: nowSeconds - Math.round(post.daysAgo * DAY_SECONDS),
      hashtags: post.tags,
    })),
    source: 'test',
    now: Date.now(),
  });
}

/** inject() as one viewer: their headers on every call, JSON bodies. */
export function clientFor(app: FastifyInstance, headers: Record<string, string>) {
  const call = (
    method: InjectOptions['method'],
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: object = {}) => call('POST', url, payload),
    put: (url: string, payload: object) => call('PUT', url, payload),
    delete: (url: string) => call('DELETE', url),
  };
}
export type TestClient = ReturnType<typeof clientFor>;
