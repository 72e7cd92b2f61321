import {
  type PostFilters,
  PostFiltersInputSchema,
  type ProfileFilters,
  ProfileFiltersInputSchema,
  type Quarry,
  type QuarryPlace,
} from '@tagscout/core/api';
import { toIso } from './quarries.context.js';
import type { QuarryRow } from './quarries.repository.js';

export interface StoredQuarry {
  placeIds: string[];
  postFilters: PostFilters;
  profileFilters: ProfileFilters;
}

/** The JSON columns read back; values saved by an older version get today's defaults. */
export function readStoredQuarry(
  row: Pick<QuarryRow, 'place_ids' | 'post_filters' | 'profile_filters'>,
): StoredQuarry {
  return {
    placeIds: parseJson<string[]>(row.place_ids, []).filter((id) => typeof id === 'string'),
    postFilters: PostFiltersInputSchema.catch(PostFiltersInputSchema.parse({})).parse(
      parseJson(row.post_filters, {}),
    ),
    profileFilters: ProfileFiltersInputSchema.catch(ProfileFiltersInputSchema.parse({})).parse(
      parseJson(row.profile_filters, {}),
    ),
  };
}

/** A row as the API answers it; places unknown to the store keep their id as title. */
export function presentQuarry(row: QuarryRow, placesById: ReadonlyMap<string, QuarryPlace>): Quarry {
  const stored = readStoredQuarry(row);
  return {
    quarry_id: row.id,
    title: row.title,
    active: row.active === 1,
    hidden: row.hidden === 1,
    new_prospects: Number(row.new_prospects),
    prospect_count: Number(row.prospect_count),
    run_count: Number(row.run_count),
    last_run_at: row.last_run_at === null ? null : toIso(Number(row.last_run_at)),
    place_ids: stored.placeIds,
    places: stored.placeIds.map((id) => placesById.get(id) ?? { id, title: id, count: -1 }),
    post_filters: stored.postFilters,
    profile_filters: stored.profileFilters,
    created: toIso(Number(row.created_at)),
    modified: toIso(Number(row.updated_at)),
  };
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
