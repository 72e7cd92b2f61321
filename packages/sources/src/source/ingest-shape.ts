import {
  type CacheAutocompleteBody,
  CacheAutocompleteBodySchema,
  type CacheRecommendBody,
  CacheRecommendBodySchema,
  FailureClass,
  INGEST_LIMITS,
  type IngestHashtag,
  IngestHashtagSchema,
  type IngestPlace,
  IngestPlaceSchema,
  type IngestPost,
  IngestPostSchema,
  type IngestProfile,
  IngestProfileSchema,
  type SourceCall,
} from '@tagscout/core/api';
import { normalizeHashtag } from '@tagscout/core/hashtags';
import type { Network } from '@tagscout/core/networks';
import type { FailureInit } from './network-client.js';

interface Parser<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };
}

/**
 * The items that pass the store's ingest schema. A bad optional field (an odd picture address) is
 * dropped and the item kept; an item still invalid without it is left out, not fatal.
 */
function keepValid<T>(schema: Parser<T>, items: readonly unknown[]): T[] {
  const kept: T[] = [];
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (parsed.success) {
      kept.push(parsed.data);
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    const bad = new Set(parsed.error.issues.map((issue) => issue.path[0]));
    const retried = schema.safeParse(
      Object.fromEntries(Object.entries(item).filter(([key]) => !bad.has(key))),
    );
    if (retried.success) kept.push(retried.data);
  }
  return kept;
}

export const validHashtags = (items: readonly unknown[]): IngestHashtag[] =>
  keepValid(IngestHashtagSchema, items);
export const validPlaces = (items: readonly unknown[]): IngestPlace[] => keepValid(IngestPlaceSchema, items);
export const validProfiles = (items: readonly unknown[]): IngestProfile[] =>
  keepValid(IngestProfileSchema, items);
export const validPosts = (items: readonly unknown[]): IngestPost[] =>
  keepValid(IngestPostSchema, items).slice(0, INGEST_LIMITS.postsPerRequest);

/** Tags as the store keys them on their network: normalised, unique, valid ones only, at most 100. */
export function cleanTags(raw: Iterable<string>, network?: Network): string[] {
  const tags = new Set<string>();
  for (const name of raw) {
    const tag = normalizeHashtag(name, network);
    if (tag !== null) tags.add(tag);
    if (tags.size >= INGEST_LIMITS.hashtagsPerPost) break;
  }
  return [...tags];
}

/** Any text a network sends cut to what the store keeps, with markup removed. */
export function plain(text: unknown, max: number): string | undefined {
  if (typeof text !== 'string') return undefined;
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/[<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

type Fail = (init: FailureInit) => Error;

/** The whole body, checked as the server will check it; a failure here is the source's parse error. */
export function toRecommendBody(call: SourceCall, body: unknown, fail: Fail): CacheRecommendBody {
  const parsed = CacheRecommendBodySchema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw fail({
    call,
    failure: FailureClass.parseError,
    message: `the item is not usable: ${parsed.error.message}`,
  });
}

export function toAutocompleteBody(call: SourceCall, body: unknown, fail: Fail): CacheAutocompleteBody {
  const parsed = CacheAutocompleteBodySchema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw fail({
    call,
    failure: FailureClass.parseError,
    message: `the results are not usable: ${parsed.error.message}`,
  });
}
