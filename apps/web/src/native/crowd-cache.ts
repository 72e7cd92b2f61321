import type { TagscoutCache } from '@tagscout/sources/instagram-web';
import { api, done } from '../api/typed-client';

/**
 * What the device sends our server: what it read from the network (the crowd cache) and the
 * failures admins are told about. Through the typed client, so core's bodies must fit the routes of
 * the server's OpenAPI document: a path or a field that drifts fails the web app's type check.
 * A failure rejects with ApiError.
 */
export const crowdCache: TagscoutCache = {
  postAutocomplete: (body) => done(api.POST('/api/cache/autocomplete', { body })),
  postRecommend: (body) => done(api.POST('/api/cache/recommend', { body })),
  reportFailure: (report) => done(api.POST('/api/sources/reports', { body: report })),
};
