import { z } from 'zod';
import { normalizeHashtag } from '../hashtags/index.js';
import { NetworkSchema } from '../networks/index.js';
import { DEFAULT_RELATED_RANKING, RelatedRanking } from '../related/index.js';
import { INGEST_LIMITS } from './ingest-limits.js';

// ---- Fields ----

const idText = z
  .string({ error: 'must be text' })
  .regex(/^[A-Za-z0-9_.:/-]+$/, 'may contain only letters, digits and _ . : / -')
  .max(INGEST_LIMITS.idChars, `must be at most ${INGEST_LIMITS.idChars} characters`);

const count = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(INGEST_LIMITS.maxCount, 'is implausibly large');

// Text shown to users is rendered escaped, but markup in it is never legitimate (docs/security-policy.md#crowd-cache).
const plainText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .max(max, `must be at most ${max} characters`)
    .refine((text) => !/<[A-Za-z!/?]/.test(text), 'must not contain HTML or markup');

const hashtagName = z
  .string({ error: 'must be text' })
  .max(INGEST_LIMITS.hashtagChars, `must be at most ${INGEST_LIMITS.hashtagChars} characters`)
  .refine(
    (raw) => normalizeHashtag(raw) !== null,
    'is not a valid hashtag (1 to 100 letters, digits, _ or emoji)',
  );

const flag = z.boolean({ error: 'must be true or false' });

const epochSeconds = z
  .number({ error: 'must be a number of seconds since 1970' })
  .int('must be whole seconds since 1970')
  .min(0, 'must not be before 1970')
  .refine(
    (seconds) => seconds <= Date.now() / 1000 + INGEST_LIMITS.futureSkewSeconds,
    'must not be in the future',
  );

// ---- Items as the API answers them ----

export const HashtagCountSchema = z
  .object({
    hashtag: z.string(),
    count: z.number().int().meta({ description: 'Total posts; -1 = unknown, -2 = needs a direct lookup' }),
    banned: z.literal(true).optional(),
    indexing: z.literal(true).optional().meta({ description: 'The tag is being indexed; try again later' }),
  })
  .meta({ id: 'HashtagCount' });
export type HashtagCount = z.infer<typeof HashtagCountSchema>;

export const HashtagSuggestionSchema = HashtagCountSchema.extend({
  valid_place_ac: z.boolean().optional(),
}).meta({ id: 'HashtagSuggestion' });
export type HashtagSuggestion = z.infer<typeof HashtagSuggestionSchema>;

export const PlaceSchema = z
  .object({
    place_id: z.string(),
    title: z.string(),
    count: z.number().int(),
    profile_pic_url: z.string().optional(),
  })
  .meta({ id: 'Place' });
export type Place = z.infer<typeof PlaceSchema>;

export const ProfileSchema = z
  .object({
    profile_id: z.string(),
    username: z.string(),
    full_name: z.string(),
    biography: z.string(),
    followers: z.number().int(),
    following: z.number().int(),
    post_count: z.number().int(),
    is_business_account: z.boolean(),
    business_category_name: z.string().nullable(),
    is_private: z.boolean(),
    is_verified: z.boolean(),
    profile_pic_url: z.string().optional(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileSchema>;

export const RelatedTagSchema = z
  .object({
    hashtag: z.string(),
    subcount: z.number().int().meta({ description: 'Posts in the window that carry this tag too' }),
    authors: z.number().int().meta({ description: 'Distinct people who wrote those posts (decision 025)' }),
    relevance: z.number(),
    banned: z.literal(true).optional(),
  })
  .meta({ id: 'RelatedTag' });

/** Present only when ?recommended=1 was asked. */
const relatedFields = {
  related_tags: z.array(RelatedTagSchema).optional(),
  related_post_count: z.number().int().optional().meta({ description: 'Posts the related tags come from' }),
  related_tags_hidden: z
    .number()
    .int()
    .optional()
    .meta({ description: "Related tags past the first few, which the visitor's plan does not show" }),
};

// ---- GET /autocomplete/* ----

export const AutocompleteParamsSchema = z.object({
  query: z
    .string()
    .min(1, 'must not be empty')
    .max(INGEST_LIMITS.queryChars, `must be at most ${INGEST_LIMITS.queryChars} characters`),
});

/**
 * A tag search: as long as a hashtag may arrive (spaces, '#'s and marks are folded away). Text
 * longer, once folded, than any tag finds no tags (LIMITS.hashtagMaxChars), and is no error.
 */
export const HashtagAutocompleteParamsSchema = z.object({
  query: z
    .string()
    .min(1, 'must not be empty')
    .max(INGEST_LIMITS.hashtagChars, `must be at most ${INGEST_LIMITS.hashtagChars} characters`),
});

const networkParam = NetworkSchema.optional().meta({
  description:
    'The network whose counts and related tags answer; without it, the first of DEFAULT_NETWORK that holds tags',
});
const answeringNetwork = NetworkSchema.meta({
  description: 'The network the counts and related tags come from',
});

export const AutocompleteQuerySchema = z.object({ network: networkParam });

export const HashtagAutocompleteResponseSchema = z.object({
  network: answeringNetwork,
  hashtags: z.array(HashtagSuggestionSchema),
});
export type HashtagAutocompleteResponse = z.infer<typeof HashtagAutocompleteResponseSchema>;

export const PlaceAutocompleteResponseSchema = z.object({ places: z.array(PlaceSchema) });
export type PlaceAutocompleteResponse = z.infer<typeof PlaceAutocompleteResponseSchema>;

export const UserAutocompleteResponseSchema = z.object({ users: z.array(ProfileSchema) });
export type UserAutocompleteResponse = z.infer<typeof UserAutocompleteResponseSchema>;

// ---- GET /info/* ----

export const InfoQuerySchema = z.object({
  recommended: z
    .enum(['1', '0', 'true', 'false'], { error: 'must be 1 or 0' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  ranking: z
    .enum(Object.values(RelatedRanking) as [RelatedRanking, ...RelatedRanking[]], {
      error: `must be one of ${Object.values(RelatedRanking).join(', ')}`,
    })
    .default(DEFAULT_RELATED_RANKING)
    .meta({
      description:
        'Order of the related tags: most co-occurrences first (default), the relevance score (spec) or another measure (docs/decisions/015-related-order.md)',
    }),
});

/** Places and profiles are Instagram's alone, so only tags are asked for on a network. */
export const HashtagInfoQuerySchema = InfoQuerySchema.extend({ network: networkParam });

export const HashtagInfoParamsSchema = z.object({
  names: z.string().min(1, 'must name at least one hashtag').max(20_000, 'is too long'),
});
export const PlaceInfoParamsSchema = z.object({ id: z.string().min(1).max(INGEST_LIMITS.idChars) });
export const UserInfoParamsSchema = PlaceInfoParamsSchema;

export const HashtagInfoSchema = HashtagCountSchema.extend(relatedFields).meta({ id: 'HashtagInfo' });
export type HashtagInfo = z.infer<typeof HashtagInfoSchema>;
export const HashtagInfoResponseSchema = z.object({
  network: answeringNetwork,
  data: z.array(HashtagInfoSchema),
});
export type HashtagInfoResponse = z.infer<typeof HashtagInfoResponseSchema>;

export const PlaceInfoSchema = PlaceSchema.extend(relatedFields).meta({ id: 'PlaceInfo' });
export type PlaceInfo = z.infer<typeof PlaceInfoSchema>;
export const PlaceInfoResponseSchema = z.object({ data: z.array(PlaceInfoSchema) });
export type PlaceInfoResponse = z.infer<typeof PlaceInfoResponseSchema>;

export const UserInfoSchema = ProfileSchema.extend(relatedFields).meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof UserInfoSchema>;
export const UserInfoResponseSchema = z.object({ data: z.array(UserInfoSchema) });
export type UserInfoResponse = z.infer<typeof UserInfoResponseSchema>;

// ---- GET /banned-tags ----

export const BannedTagsResponseSchema = z.object({ bannedTags: z.array(z.string()) });
export type BannedTagsResponse = z.infer<typeof BannedTagsResponseSchema>;

// ---- POST /cache/* (untrusted input: strict, bounded) ----

export const IngestHashtagSchema = z
  .strictObject({ hashtag: hashtagName, count })
  .meta({ id: 'IngestHashtag' });
export type IngestHashtag = z.infer<typeof IngestHashtagSchema>;

export const IngestPlaceSchema = z
  .strictObject({
    place_id: idText.min(1, 'must not be empty'),
    title: plainText(INGEST_LIMITS.titleChars).min(1, 'must not be empty'),
    count,
    profile_pic_url: z.httpUrl('must be an http(s) address').max(INGEST_LIMITS.urlChars).optional(),
  })
  .meta({ id: 'IngestPlace' });
export type IngestPlace = z.infer<typeof IngestPlaceSchema>;

export const IngestProfileSchema = z
  .strictObject({
    profile_id: idText.min(1, 'must not be empty'),
    username: z
      .string({ error: 'must be text' })
      .regex(/^[A-Za-z0-9._]{1,64}$/, 'must be 1 to 64 letters, digits, . or _')
      .transform((name) => name.toLowerCase()),
    full_name: plainText(INGEST_LIMITS.nameChars).optional(),
    biography: plainText(INGEST_LIMITS.biographyChars).optional(),
    followers: count.optional(),
    following: count.optional(),
    post_count: count.optional(),
    is_business_account: flag.optional(),
    business_category_name: plainText(INGEST_LIMITS.nameChars).nullable().optional(),
    is_private: flag.optional(),
    is_verified: flag.optional(),
    profile_pic_url: z.httpUrl('must be an http(s) address').max(INGEST_LIMITS.urlChars).optional(),
  })
  .meta({ id: 'IngestProfile' });
export type IngestProfile = z.infer<typeof IngestProfileSchema>;

export const IngestPostSchema = z
  .strictObject({
    post_id: idText.min(1, 'must not be empty'),
    owner: idText.min(1, 'must not be empty'),
    timestamp: epochSeconds,
    hashtags: z
      .array(hashtagName)
      .max(INGEST_LIMITS.hashtagsPerPost, `may hold at most ${INGEST_LIMITS.hashtagsPerPost} hashtags`)
      .optional(),
    caption: z
      .string({ error: 'must be text' })
      .max(INGEST_LIMITS.captionChars, `must be at most ${INGEST_LIMITS.captionChars} characters`)
      .optional(),
    place_id: idText.min(1, 'must not be empty').optional(),
  })
  .refine((post) => post.hashtags !== undefined || post.caption !== undefined, {
    message: 'needs "hashtags" or "caption"',
  })
  .meta({ id: 'IngestPost' });
export type IngestPost = z.infer<typeof IngestPostSchema>;

/**
 * A whole store's worth of ingest data at once: what the sample-corpus generator (@tagscout/corpus)
 * yields and the server's seed step stores.
 */
export interface IngestCorpus {
  hashtags: readonly IngestHashtag[];
  places: readonly IngestPlace[];
  profiles: readonly IngestProfile[];
  /** A fresh iterator on each call, yielding the same posts in the same order. */
  posts(): Iterable<IngestPost>;
}

const exactlyOne = (names: string[]) => (body: Record<string, unknown>) =>
  names.filter((name) => body[name] !== undefined).length === 1;

export const CacheAutocompleteBodySchema = z
  .strictObject({
    query: z
      .string({ error: 'must be text' })
      .max(INGEST_LIMITS.queryChars, `must be at most ${INGEST_LIMITS.queryChars} characters`),
    hashtags: z.array(IngestHashtagSchema).max(INGEST_LIMITS.itemsPerAutocomplete).optional(),
    places: z.array(IngestPlaceSchema).max(INGEST_LIMITS.itemsPerAutocomplete).optional(),
    users: z.array(IngestProfileSchema).max(INGEST_LIMITS.itemsPerAutocomplete).optional(),
  })
  .refine(exactlyOne(['hashtags', 'places', 'users']), {
    message: 'send exactly one of "hashtags", "places" or "users"',
  });
export type CacheAutocompleteBody = z.infer<typeof CacheAutocompleteBodySchema>;

export const CacheRecommendBodySchema = z
  .strictObject({
    hashtag: IngestHashtagSchema.optional(),
    place: IngestPlaceSchema.optional(),
    user: IngestProfileSchema.optional(),
    posts: z
      .array(IngestPostSchema)
      .max(INGEST_LIMITS.postsPerRequest, `may hold at most ${INGEST_LIMITS.postsPerRequest} posts`),
  })
  .refine(exactlyOne(['hashtag', 'place', 'user']), {
    message: 'send exactly one of "hashtag", "place" or "user"',
  });
export type CacheRecommendBody = z.infer<typeof CacheRecommendBodySchema>;

export const CacheAcceptedResponseSchema = z.object({
  status: z.literal('accepted'),
  stored: z.number().int().meta({ description: 'Items or posts stored (repeats included)' }),
  skipped: z.number().int().meta({ description: 'Posts left out because they carry fewer than 2 hashtags' }),
});
export type CacheAcceptedResponse = z.infer<typeof CacheAcceptedResponseSchema>;

// ---- DELETE /admin/crowd/submitters/:userId/reports (administrators) ----

export const CrowdSubmitterParamsSchema = z.object({
  userId: z
    .string({ error: 'must be text' })
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be an account id (1 to 100 letters, digits, _ or -)')
    .meta({ description: 'The account whose crowd reports are removed' }),
});
export type CrowdSubmitterParams = z.infer<typeof CrowdSubmitterParamsSchema>;

export const CrowdPurgeResponseSchema = z
  .object({
    submitter: z.string(),
    reports: z.number().int().meta({ description: 'Reports removed (tag counts, place and profile fields)' }),
    items: z.number().int().meta({ description: 'Tags, places and profiles decided again' }),
    changed: z.number().int().meta({ description: 'Of those, the ones whose served values changed' }),
    posts: z
      .number()
      .int()
      .meta({ description: 'Crowd posts removed (the account sent them first and no one else sent them)' }),
    postsHandedOn: z.number().int().meta({
      description:
        'Crowd posts the account sent first that others sent too: kept, as the next of them sent it',
    }),
  })
  .meta({ id: 'CrowdPurge' });
export type CrowdPurgeResponse = z.infer<typeof CrowdPurgeResponseSchema>;
