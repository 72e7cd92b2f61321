import { z } from 'zod';
import { AutomationTemplateSchema } from '../quarries/automation-template.js';
import { QUARRY_BOUNDS, QUARRY_DEFAULTS } from '../quarries/quarry-defaults.js';

/**
 * The prospecting contract (/api/quarries/*, admin only). A quarry is a saved search: places, post
 * filters and profile filters (docs/product-rules.md#prospecting); a background run turns it into prospects.
 */

// ---- Fields ----

const placeId = z
  .string({ error: 'must be text' })
  .regex(/^[A-Za-z0-9_.:/-]+$/, 'may contain only letters, digits and _ . : / -')
  .max(100, 'must be at most 100 characters');

const keywordList = z
  .array(
    z
      .string({ error: 'must be text' })
      .max(QUARRY_BOUNDS.keywordChars, `must be at most ${QUARRY_BOUNDS.keywordChars} characters`),
    { error: 'must be a list of words' },
  )
  .max(QUARRY_BOUNDS.keywords, `must hold at most ${QUARRY_BOUNDS.keywords} keywords`);

const followerCount = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(QUARRY_BOUNDS.maxFollowers, 'is implausibly large');

export const QuarryIdSchema = z.uuid({ error: 'must be a quarry id' });

// ---- Filters (request: every field optional, with defaults) ----

export const PostFiltersInputSchema = z.strictObject({
  keywords: keywordList.default([]),
  max_age: z
    .number({ error: 'must be a number of days' })
    .int('must be whole days')
    .min(1, 'must be at least 1 day')
    .max(QUARRY_BOUNDS.maxPostAgeDays, `must be at most ${QUARRY_BOUNDS.maxPostAgeDays} days`)
    .default(QUARRY_DEFAULTS.maxPostAgeDays),
  negative_keywords: keywordList.default([]),
});

export const ProfileFiltersInputSchema = z.strictObject({
  categories: z
    .array(z.string({ error: 'must be text' }).trim().min(1).max(QUARRY_BOUNDS.categoryChars))
    .max(QUARRY_BOUNDS.categories, `must hold at most ${QUARRY_BOUNDS.categories} categories`)
    .default([]),
  follower_range: z
    .tuple([followerCount, followerCount], { error: 'must be [min, max]' })
    .refine(([min, max]) => min <= max, 'min must not be more than max')
    .default([...QUARRY_DEFAULTS.followerRange]),
  keywords: keywordList.default([]),
  negative_keywords: keywordList.default([]),
});

const title = z
  .string({ error: 'must be text' })
  .trim()
  .max(QUARRY_BOUNDS.titleChars, `must be at most ${QUARRY_BOUNDS.titleChars} characters`);

const placeIds = z
  .array(placeId, { error: 'must be a list of place ids' })
  .min(1, 'must hold at least one place')
  .max(QUARRY_BOUNDS.places, `must hold at most ${QUARRY_BOUNDS.places} places`);

/** POST /quarries. owner and id come from the session and the server, never the body. */
export const CreateQuarryBodySchema = z.strictObject({
  title: title.default(''),
  active: z.boolean().default(true),
  hidden: z.boolean().default(false),
  place_ids: placeIds,
  post_filters: PostFiltersInputSchema.prefault({}),
  profile_filters: ProfileFiltersInputSchema.prefault({}),
});
export type CreateQuarryBody = z.input<typeof CreateQuarryBodySchema>;

/**
 * PUT /quarries/:quarryId: the fields given replace the stored ones (the whole quarry, or
 * just {"active": false} to toggle it). A filters object given is taken whole, its missing fields
 * at their defaults.
 */
export const UpdateQuarryBodySchema = z.strictObject({
  title: title.optional(),
  active: z.boolean().optional(),
  hidden: z.boolean().optional(),
  place_ids: placeIds.optional(),
  post_filters: PostFiltersInputSchema.optional(),
  profile_filters: ProfileFiltersInputSchema.optional(),
});
export type UpdateQuarryBody = z.input<typeof UpdateQuarryBodySchema>;

export const QuarryParamsSchema = z.strictObject({ quarryId: QuarryIdSchema });

// ---- Answers ----

export const PostFiltersSchema = z.object({
  keywords: z.array(z.string()),
  max_age: z.number().int().meta({ description: 'Days' }),
  negative_keywords: z.array(z.string()),
});
export type PostFilters = z.infer<typeof PostFiltersSchema>;

export const ProfileFiltersSchema = z.object({
  categories: z.array(z.string()),
  follower_range: z.tuple([z.number(), z.number()]),
  keywords: z.array(z.string()),
  negative_keywords: z.array(z.string()),
});
export type ProfileFilters = z.infer<typeof ProfileFiltersSchema>;

export const QuarryPlaceSchema = z.object({ id: z.string(), title: z.string(), count: z.number().int() });
export type QuarryPlace = z.infer<typeof QuarryPlaceSchema>;

export const QuarrySchema = z
  .object({
    quarry_id: z.string(),
    title: z.string(),
    active: z.boolean(),
    hidden: z.boolean(),
    new_prospects: z
      .number()
      .int()
      .meta({ description: 'Prospects the latest run found for the first time' }),
    prospect_count: z.number().int().meta({ description: 'Prospects the latest run recorded' }),
    run_count: z.number().int(),
    last_run_at: z.string().nullable(),
    place_ids: z.array(z.string()),
    places: z.array(QuarryPlaceSchema).meta({ description: 'The places, with titles, in place_ids order' }),
    post_filters: PostFiltersSchema,
    profile_filters: ProfileFiltersSchema,
    created: z.string(),
    modified: z.string(),
  })
  .meta({ id: 'Quarry' });
export type Quarry = z.infer<typeof QuarrySchema>;

export const QuarryListResponseSchema = z.object({ quarries: z.array(QuarrySchema) });
export type QuarryListResponse = z.infer<typeof QuarryListResponseSchema>;

export const QuarryDeletedResponseSchema = z.object({ quarry_id: z.string(), deleted: z.literal(true) });

// ---- Place search (id, item with title and count; selected is the client's) ----

export const PlaceSearchQuerySchema = z.strictObject({
  q: z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').max(100),
});

export const PlaceSearchResultSchema = z.object({
  id: z.string(),
  item: z.object({ title: z.string(), count: z.number().int() }),
});
export type PlaceSearchResult = z.infer<typeof PlaceSearchResultSchema>;

export const PlaceSearchResponseSchema = z.object({ places: z.array(PlaceSearchResultSchema) });
export type PlaceSearchResponse = z.infer<typeof PlaceSearchResponseSchema>;

export const CategoryListResponseSchema = z.object({
  categories: z
    .array(z.string())
    .meta({ description: 'Business categories in the store, most common first' }),
});
export type CategoryListResponse = z.infer<typeof CategoryListResponseSchema>;

// ---- Prospects ----

export const ProspectSchema = z
  .object({
    profile_id: z.string(),
    username: z.string(),
    full_name: z.string(),
    biography: z.string(),
    followers: z.number().int(),
    category: z.string().nullable(),
    is_verified: z.boolean(),
    matched_posts: z.number().int().meta({ description: 'Matching posts at the places in the latest run' }),
    last_post_at: z.string().meta({ description: 'The newest matching post (ISO time)' }),
    first_seen_at: z.string(),
    is_new: z.boolean().meta({ description: 'Found for the first time by the latest run' }),
  })
  .meta({ id: 'Prospect' });
export type Prospect = z.infer<typeof ProspectSchema>;

export const PROSPECT_PAGE_SIZE_MAX = 200;

export const ProspectPageQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(PROSPECT_PAGE_SIZE_MAX).default(50),
});

export const ProspectPageResponseSchema = z.object({
  quarry_id: z.string(),
  prospects: z.array(ProspectSchema),
  total: z.number().int(),
  new_count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  last_run_at: z.string().nullable(),
});
export type ProspectPageResponse = z.infer<typeof ProspectPageResponseSchema>;

// ---- Runs ----

export const RunSkipReason = {
  inactive: 'inactive',
  limitReached: 'limit_reached',
  notAdmin: 'not_admin',
  notFound: 'not_found',
} as const;

export const RunSummarySchema = z.object({
  quarry_id: z.string(),
  posts_scanned: z.number().int(),
  prospects: z.number().int(),
  new_prospects: z.number().int(),
  capped: z.boolean().meta({ description: 'More profiles matched than the record limit (900)' }),
  skipped: z.enum(['inactive', 'limit_reached', 'not_admin', 'not_found']).nullable(),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

export const RunResponseSchema = z.object({
  status: z.enum(['done', 'queued']).meta({
    description: 'done: the runs finished within the wait; queued: they continue in the background',
  }),
  runs: z.array(RunSummarySchema),
});
export type RunResponse = z.infer<typeof RunResponseSchema>;

// ---- Usage (per 30-day period) ----

export const UsageResponseSchema = z
  .object({
    day: z.number().int(),
    day_limit: z.number().int(),
    posts: z.number().int().meta({ description: 'Posts scanned this period' }),
    post_limit: z.number().int(),
    prospects: z.number().int().meta({ description: 'New prospects found this period' }),
    prospect_limit: z.number().int(),
    period_start: z.string(),
    period_end: z.string(),
  })
  .meta({ id: 'ProspectingUsage' });
export type UsageResponse = z.infer<typeof UsageResponseSchema>;

// ---- Automation settings template ----

export const AutomationTemplateResponseSchema = z.object({
  template: AutomationTemplateSchema,
  updated_at: z.string().nullable().meta({ description: 'null until the account saves its own' }),
});
export type AutomationTemplateResponse = z.infer<typeof AutomationTemplateResponseSchema>;
