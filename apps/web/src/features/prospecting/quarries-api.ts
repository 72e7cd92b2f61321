import { LIMITS } from '@tagscout/core/limits';
import { api, type Body, dataOf, done } from '../../api/typed-client';

/** The prospecting API (/api/quarries/*, administrators only). */

const quarry = (quarryId: string) => ({ params: { path: { quarryId } } });

export async function fetchQuarries(signal?: AbortSignal) {
  return (await dataOf(api.GET('/api/quarries', { signal }))).quarries;
}

export function createQuarry(body: Body<'/api/quarries', 'post'>) {
  return dataOf(api.POST('/api/quarries', { body }));
}

export function updateQuarry(quarryId: string, body: Body<'/api/quarries/{quarryId}', 'put'>) {
  return dataOf(api.PUT('/api/quarries/{quarryId}', { ...quarry(quarryId), body }));
}

export function deleteQuarry(quarryId: string): Promise<void> {
  return done(api.DELETE('/api/quarries/{quarryId}', quarry(quarryId)));
}

export function runQuarry(quarryId: string) {
  return dataOf(api.POST('/api/quarries/{quarryId}/run', quarry(quarryId)));
}

export function fetchProspects(
  quarryId: string,
  page: { page: number; pageSize: number },
  signal?: AbortSignal,
) {
  return dataOf(
    api.GET('/api/quarries/{quarryId}/prospects', {
      params: { path: { quarryId }, query: { page: page.page, page_size: page.pageSize } },
      signal,
    }),
  );
}

/** Where the browser downloads the quarry's prospects as CSV (the session cookie goes along). */
export function prospectsCsvUrl(quarryId: string): string {
  return `/api/quarries/${encodeURIComponent(quarryId)}/prospects.csv`;
}

export function fetchUsage(signal?: AbortSignal) {
  return dataOf(api.GET('/api/quarries/usage', { signal }));
}

export async function fetchCategories(signal?: AbortSignal) {
  return (await dataOf(api.GET('/api/quarries/categories', { signal }))).categories;
}

export function fetchAutomationTemplate(signal?: AbortSignal) {
  return dataOf(api.GET('/api/quarries/automation-template', { signal }));
}

export function saveAutomationTemplate(template: Body<'/api/quarries/automation-template', 'put'>) {
  return dataOf(api.PUT('/api/quarries/automation-template', { body: template }));
}

let lastPlaceSearchAt = 0;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Place search for a new quarry. The server allows one a second per user (docs/product-rules.md#live-sources), so calls
 * are spaced that far apart here, and a 429 is retried by the query after the same pause.
 */
export async function searchPlaces(text: string, signal?: AbortSignal) {
  const pause = lastPlaceSearchAt + LIMITS.placeSearchRateLimitMs + 50 - Date.now();
  if (pause > 0) await wait(pause);
  if (signal?.aborted) throw signal.reason;
  lastPlaceSearchAt = Date.now();
  return (await dataOf(api.GET('/api/quarries/places', { params: { query: { q: text } }, signal }))).places;
}
