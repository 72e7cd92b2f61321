import { randomUUID } from 'node:crypto';
import type {
  CategoryListResponse,
  CreateQuarryBodySchema,
  PlaceSearchResponse,
  PostFilters,
  ProfileFilters,
  Quarry,
  QuarryListResponse,
  QuarryPlace,
  UpdateQuarryBodySchema,
} from '@tagscout/core/api';
import { normalizeKeywords } from '@tagscout/core/quarries';
import type { z } from 'zod';
import { AppError } from '../../app-error.js';
import type { Database } from '../../db/connect.js';
import { autocompletePlaces } from '../search/search.service.js';
import { findUsage } from './prospects.repository.js';
import { type Actor, adminOwnerId, type QuarriesContext, quarryNotFound } from './quarries.context.js';
import { presentQuarry, readStoredQuarry } from './quarries.presenter.js';
import {
  deleteQuarry as deleteQuarryRow,
  findAutomationTemplate,
  findCategories,
  findPlacesByIds,
  findQuarries,
  findQuarry,
  insertQuarry,
  moveQuarriesToOwner,
  type QuarryPatch,
  type QuarryRow,
  updateQuarry as updateQuarryRow,
} from './quarries.repository.js';

type CreateQuarry = z.output<typeof CreateQuarryBodySchema>;
type UpdateQuarry = z.output<typeof UpdateQuarryBodySchema>;

export async function listQuarries(context: QuarriesContext, actor: Actor): Promise<QuarryListResponse> {
  const ownerId = adminOwnerId(actor);
  const rows = await findQuarries(context.database, ownerId);
  const places = await placesOf(context, rows);
  return { quarries: rows.map((row) => presentQuarry(row, places)) };
}

export async function getQuarry(context: QuarriesContext, actor: Actor, quarryId: string): Promise<Quarry> {
  const ownerId = adminOwnerId(actor);
  const row = await findQuarry(context.database, { ownerId, quarryId });
  if (!row) throw quarryNotFound();
  return presentQuarry(row, await placesOf(context, [row]));
}

export async function createQuarry(
  context: QuarriesContext,
  actor: Actor,
  body: CreateQuarry,
): Promise<Quarry> {
  const ownerId = adminOwnerId(actor);
  const placeIds = await knownPlaceIds(context, body.place_ids);
  const now = context.now();
  const quarryId = randomUUID();
  await insertQuarry(context.database, {
    id: quarryId,
    owner_id: ownerId,
    title: body.title,
    active: body.active ? 1 : 0,
    hidden: body.hidden ? 1 : 0,
    place_ids: JSON.stringify(placeIds),
    post_filters: JSON.stringify(cleanPostFilters(body.post_filters)),
    profile_filters: JSON.stringify(cleanProfileFilters(body.profile_filters)),
    last_run_at: null,
    created_at: now,
    updated_at: now,
  });
  return getQuarry(context, actor, quarryId);
}

/** The fields given replace the stored ones (PUT also toggles `active`). */
export async function updateQuarry(
  context: QuarriesContext,
  actor: Actor,
  quarryId: string,
  body: UpdateQuarry,
): Promise<Quarry> {
  const ownerId = adminOwnerId(actor);
  const patch: QuarryPatch = { updated_at: context.now() };
  if (body.title !== undefined) patch.title = body.title;
  if (body.active !== undefined) patch.active = body.active ? 1 : 0;
  if (body.hidden !== undefined) patch.hidden = body.hidden ? 1 : 0;
  if (body.place_ids !== undefined)
    patch.place_ids = JSON.stringify(await knownPlaceIds(context, body.place_ids));
  if (body.post_filters !== undefined)
    patch.post_filters = JSON.stringify(cleanPostFilters(body.post_filters));
  if (body.profile_filters !== undefined) {
    patch.profile_filters = JSON.stringify(cleanProfileFilters(body.profile_filters));
  }
  const isUpdated = await updateQuarryRow(context.database, { ownerId, quarryId }, patch);
  if (!isUpdated) throw quarryNotFound();
  return getQuarry(context, actor, quarryId);
}

export async function deleteQuarry(context: QuarriesContext, actor: Actor, quarryId: string): Promise<void> {
  const ownerId = adminOwnerId(actor);
  const isDeleted = await deleteQuarryRow(context.database, { ownerId, quarryId });
  if (!isDeleted) throw quarryNotFound();
}

/** Places whose title starts with the text, most posted first (the search screen's own lookup). */
export async function searchPlaces(
  context: QuarriesContext,
  actor: Actor,
  text: string,
): Promise<PlaceSearchResponse> {
  adminOwnerId(actor);
  const { places } = await autocompletePlaces(context.database, text);
  return {
    places: places.map((place) => ({ id: place.place_id, item: { title: place.title, count: place.count } })),
  };
}

const CATEGORY_LIST_SIZE = 300;
const CATEGORY_CACHE_MS = 10 * 60_000;
let categoryCache: { at: number; database: unknown; categories: string[] } | undefined;

/** Business categories to suggest in the filters form; the store changes slowly, so kept 10 minutes. */
export async function listCategories(context: QuarriesContext, actor: Actor): Promise<CategoryListResponse> {
  adminOwnerId(actor);
  const now = context.now();
  const cached = categoryCache;
  if (cached && cached.database === context.database && now - cached.at < CATEGORY_CACHE_MS) {
    return { categories: cached.categories };
  }
  const categories = await findCategories(context.database, CATEGORY_LIST_SIZE);
  categoryCache = { at: now, database: context.database, categories };
  return { categories };
}

// ---- Helpers ----

async function placesOf(
  context: QuarriesContext,
  rows: readonly QuarryRow[],
): Promise<Map<string, QuarryPlace>> {
  const ids = rows.flatMap((row) => readStoredQuarry(row).placeIds);
  const places = await findPlacesByIds(context.database, ids);
  return new Map(
    places.map((place) => [place.id, { id: place.id, title: place.title, count: Number(place.post_count) }]),
  );
}

/** The place ids without repeats, each one known to the store (else 400 naming it). */
async function knownPlaceIds(context: QuarriesContext, placeIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(placeIds)];
  const found = new Set((await findPlacesByIds(context.database, unique)).map((place) => place.id));
  const unknown = unique.filter((id) => !found.has(id));
  if (unknown.length > 0) throw AppError.badRequest(`Unknown place: ${unknown.join(', ')}.`);
  return unique;
}

function cleanPostFilters(filters: PostFilters): PostFilters {
  return {
    keywords: normalizeKeywords(filters.keywords),
    max_age: filters.max_age,
    negative_keywords: normalizeKeywords(filters.negative_keywords),
  };
}

function cleanProfileFilters(filters: ProfileFilters): ProfileFilters {
  return {
    categories: normalizeKeywords(filters.categories),
    follower_range: [filters.follower_range[0], filters.follower_range[1]],
    keywords: normalizeKeywords(filters.keywords),
    negative_keywords: normalizeKeywords(filters.negative_keywords),
  };
}

/**
 * For "download my data": the user's quarries, prospecting allowance and automation template
 * (deleting the user deletes them: foreign keys).
 */
export async function exportQuarries(database: Database, ownerId: string) {
  const rows = await findQuarries(database, ownerId);
  const template = await findAutomationTemplate(database, ownerId);
  return {
    quarries: rows.map((row) => ({
      id: row.id,
      title: row.title,
      active: Boolean(row.active),
      hidden: Boolean(row.hidden),
      ...readStoredQuarry(row),
      prospectCount: Number(row.prospect_count),
      runCount: Number(row.run_count),
      lastRunAt: row.last_run_at === null ? null : Number(row.last_run_at),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    })),
    usage: (await findUsage(database, ownerId)) ?? null,
    automationTemplate: template ? (JSON.parse(template.document) as unknown) : null,
  };
}

/** For accounts: an anonymous trial's quarries (and allowance) move to the account it registered as. */
export async function adoptQuarries(database: Database, fromUserId: string, toUserId: string): Promise<void> {
  await moveQuarriesToOwner(database, fromUserId, toUserId);
}
