import type {
  AutomationTemplateResponse,
  CategoryListResponse,
  CreateQuarryBody,
  PlaceSearchResponse,
  ProspectPageResponse,
  Quarry,
  QuarryListResponse,
  RunResponse,
  UpdateQuarryBody,
  UsageResponse,
} from '@tagscout/core/api';
import { LIMITS } from '@tagscout/core/limits';
import type { AutomationTemplate } from '@tagscout/core/quarries';
import { apiGet, apiSend } from '../../api/client';

/** The prospecting API (/api/quarries/*, administrators only). */

const id = (quarryId: string) => encodeURIComponent(quarryId);

export async function fetchQuarries(signal?: AbortSignal): Promise<Quarry[]> {
  return (await apiGet<QuarryListResponse>('/quarries', { signal })).quarries;
}

export function createQuarry(body: CreateQuarryBody): Promise<Quarry> {
  return apiSend<Quarry>('POST', '/quarries', body);
}

export function updateQuarry(quarryId: string, body: UpdateQuarryBody): Promise<Quarry> {
  return apiSend<Quarry>('PUT', `/quarries/${id(quarryId)}`, body);
}

export async function deleteQuarry(quarryId: string): Promise<void> {
  await apiSend('DELETE', `/quarries/${id(quarryId)}`);
}

export function runQuarry(quarryId: string): Promise<RunResponse> {
  return apiSend<RunResponse>('POST', `/quarries/${id(quarryId)}/run`, {});
}

export function fetchProspects(
  quarryId: string,
  page: { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<ProspectPageResponse> {
  return apiGet<ProspectPageResponse>(
    `/quarries/${id(quarryId)}/prospects?page=${page.page}&page_size=${page.pageSize}`,
    { signal },
  );
}

/** Where the browser downloads the quarry's prospects as CSV (the session cookie goes along). */
export function prospectsCsvUrl(quarryId: string): string {
  return `/api/quarries/${id(quarryId)}/prospects.csv`;
}

export function fetchUsage(signal?: AbortSignal): Promise<UsageResponse> {
  return apiGet<UsageResponse>('/quarries/usage', { signal });
}

export async function fetchCategories(signal?: AbortSignal): Promise<string[]> {
  return (await apiGet<CategoryListResponse>('/quarries/categories', { signal })).categories;
}

export function fetchAutomationTemplate(signal?: AbortSignal): Promise<AutomationTemplateResponse> {
  return apiGet<AutomationTemplateResponse>('/quarries/automation-template', { signal });
}

export function saveAutomationTemplate(template: AutomationTemplate): Promise<AutomationTemplateResponse> {
  return apiSend<AutomationTemplateResponse>('PUT', '/quarries/automation-template', template);
}

let lastPlaceSearchAt = 0;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Place search for a new quarry. The server allows one a second per user (SPEC section 9), so calls
 * are spaced that far apart here, and a 429 is retried by the query after the same pause.
 */
export async function searchPlaces(
  text: string,
  signal?: AbortSignal,
): Promise<PlaceSearchResponse['places']> {
  const pause = lastPlaceSearchAt + LIMITS.placeSearchRateLimitMs + 50 - Date.now();
  if (pause > 0) await wait(pause);
  if (signal?.aborted) throw signal.reason;
  lastPlaceSearchAt = Date.now();
  return (await apiGet<PlaceSearchResponse>(`/quarries/places?q=${encodeURIComponent(text)}`, { signal }))
    .places;
}
