import { z } from 'zod';
import { COPY_NETWORKS, type NetworkLimitOverrides } from '../export/index.js';
import { SearchMode } from './feature-switches.js';
import { FEEDBACK_MAX_CHARS } from './feedback-limits.js';

/**
 * App data (docs/product-rules.md#app-data): what the server tells every client at start and
 * an administrator changes without a rebuild: the outage banner, the live-event date, the deployed
 * and oldest supported versions, and the feature switches. Banned tags and beta feedback live here too.
 */

const VERSION_PATTERN = /^\d+(\.\d+){0,3}$/;

/** Whether a text is a client version such as 2.1.33 (one to four numbers), as app data takes it. */
export function isVersion(text: string): boolean {
  return VERSION_PATTERN.test(text);
}

const version = z.string().regex(VERSION_PATTERN, 'must be a version such as 2.1.33');

/** The banner shown to everyone while a feature is down, in each language. */
export const OutageMessageSchema = z
  .strictObject({
    showMessage: z.boolean(),
    en: z.string().trim().max(500),
    pt: z.string().trim().max(500),
  })
  .meta({ id: 'OutageMessage' });
export type OutageMessage = z.infer<typeof OutageMessageSchema>;

/** The app configuration: switches read by the clients, changed by an administrator. */
export const FeatureSwitchesSchema = z
  .strictObject({
    webSearchMode: z.enum(SearchMode),
    mobileSearchMode: z.enum(SearchMode),
    /** The beta feedback dialog is offered in Help. */
    betaFeedback: z.boolean(),
    /** The tutorial carousel opens by itself on a first visit. */
    tutorialOnFirstVisit: z.boolean(),
  })
  .meta({ id: 'FeatureSwitches' });
export type FeatureSwitches = z.infer<typeof FeatureSwitchesSchema>;

/** The largest hashtag cap or character limit an administrator may set for a network. */
export const NETWORK_CAP_MAX = 100_000;
/** A network's hashtag cap or character limit over the one in core (null: none). */
export const NetworkCapSchema = z.number().int().min(0).max(NETWORK_CAP_MAX).nullable();

/** Per network, an administrator's hashtag cap and character limit over the ones in core (null = none). */
export const NetworkCapsSchema = z
  .partialRecord(
    z.enum(COPY_NETWORKS),
    z.strictObject({ hashtagCap: NetworkCapSchema.optional(), charLimit: NetworkCapSchema.optional() }),
  )
  .meta({ id: 'NetworkCaps' });
export type NetworkCaps = NetworkLimitOverrides;

export const AppDataResponseSchema = z
  .object({
    outage: OutageMessageSchema,
    /** The live event, seconds since 1970 (0 = none); the same value GET /countdown answers. */
    countDownDate: z.number().int().min(0),
    /** The newest released client version. */
    deployedVersion: version,
    /** Clients older than this must update (null = no minimum). */
    minimumVersion: version.nullable(),
    switches: FeatureSwitchesSchema,
    /** Overrides of the networks' copy limits; a network left out keeps core's rule. */
    networkCaps: NetworkCapsSchema,
  })
  .meta({ id: 'AppData' });
export type AppDataResponse = z.infer<typeof AppDataResponseSchema>;

/** Whether a banner switched on has its text in every language (each visitor reads one of them). */
export function hasOutageText(outage: OutageMessage): boolean {
  return !outage.showMessage || (outage.en.trim() !== '' && outage.pt.trim() !== '');
}

/** What an administrator changes; anything left out stays as it is. */
export const UpdateAppDataBodySchema = z
  .strictObject({
    outage: OutageMessageSchema.refine(hasOutageText, {
      message: 'A message that is shown needs its English and Portuguese text.',
    }).optional(),
    countDownDate: z.number().int().min(0).max(32_503_680_000).optional(),
    deployedVersion: version.optional(),
    minimumVersion: version.nullable().optional(),
    switches: FeatureSwitchesSchema.partial().optional(),
    /** Replaces all overrides ({} goes back to core's rules). */
    networkCaps: NetworkCapsSchema.optional(),
  })
  .meta({ id: 'UpdateAppData' });
export type UpdateAppDataBody = z.infer<typeof UpdateAppDataBodySchema>;

/** The admin view: the app data plus who changed it last. */
export const AdminAppDataResponseSchema = AppDataResponseSchema.extend({
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
}).meta({ id: 'AdminAppData' });
export type AdminAppDataResponse = z.infer<typeof AdminAppDataResponseSchema>;

export const VersionConfigParamsSchema = z.strictObject({ version: z.string().max(40) });

// ---- Banned tags (admin) ----

/** An administrator's banned tags: each at most this long (no hashtag is longer), and this many. */
export const BANNED_TAGS_LIMITS = { tagChars: 100, tags: 5000 } as const;

export const UpdateBannedTagsBodySchema = z
  .strictObject({
    tags: z.array(z.string().trim().min(1).max(BANNED_TAGS_LIMITS.tagChars)).max(BANNED_TAGS_LIMITS.tags),
  })
  .meta({ id: 'UpdateBannedTags' });
export type UpdateBannedTagsBody = z.infer<typeof UpdateBannedTagsBodySchema>;

export const UpdateBannedTagsResponseSchema = z.object({
  bannedTags: z.array(z.string()),
  /** Entries that are not a valid hashtag, skipped. */
  rejected: z.array(z.string()),
});
export type UpdateBannedTagsResponse = z.infer<typeof UpdateBannedTagsResponseSchema>;

// ---- Beta feedback ----

export const FeedbackBodySchema = z
  .strictObject({
    message: z.string().trim().min(1, 'Feedback is required').max(FEEDBACK_MAX_CHARS),
    appVersion: z.string().max(40).optional(),
  })
  .meta({ id: 'FeedbackBody' });
export type FeedbackBody = z.infer<typeof FeedbackBodySchema>;

export const FeedbackCreatedSchema = z.object({ id: z.string() });

export const FeedbackItemSchema = z.object({
  id: z.string(),
  message: z.string(),
  userId: z.string().nullable(),
  email: z.string().nullable(),
  group: z.string(),
  platform: z.string(),
  appVersion: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedbackItem = z.infer<typeof FeedbackItemSchema>;

export const FeedbackListResponseSchema = z
  .object({ feedback: z.array(FeedbackItemSchema) })
  .meta({ id: 'FeedbackList' });
export type FeedbackListResponse = z.infer<typeof FeedbackListResponseSchema>;
