import { z } from 'zod';
import { Network } from '../networks/index.js';

/**
 * A user's own posts (issue 34, decision 031): archives they upload and, later, handles they connect.
 * Private to the user: never part of public counts, related lists, trends or suggestions unless asked.
 * Answers use snake_case keys, as the issue that asked for them names them.
 */

/** The networks whose archives Tagscout reads. */
export const OWN_NETWORKS = [Network.instagram, Network.mastodon, Network.bluesky] as const;
export const OwnNetworkSchema = z.enum(OWN_NETWORKS, {
  error: `must be one of ${OWN_NETWORKS.join(', ')}`,
});
export type OwnNetwork = z.infer<typeof OwnNetworkSchema>;

/** The largest archive file accepted: posts_1.json, outbox.json, a repo CAR or a zip of the export. */
export const OWN_ARCHIVE_MAX_BYTES = 64 * 1024 * 1024;

/** POST /api/me/archive: what the file held. */
export const ArchiveImportSchema = z
  .object({
    network: OwnNetworkSchema,
    /** The user's posts read from the file (reposts and boosts are not theirs). */
    posts: z.number().int(),
    /** Distinct hashtags among them. */
    hashtags: z.number().int(),
    /** Posts not kept before (0 when the same file comes again). */
    new_posts: z.number().int(),
  })
  .meta({ id: 'ArchiveImport' });
export type ArchiveImport = z.infer<typeof ArchiveImportSchema>;

/** GET /api/me/hashtags and DELETE /api/me/posts: one network, or every network when left out. */
export const OwnNetworkQuerySchema = z.strictObject({ network: OwnNetworkSchema.optional() });
export type OwnNetworkQuery = z.infer<typeof OwnNetworkQuerySchema>;

export const OwnHashtagSchema = z.object({
  hashtag: z.string(),
  network: OwnNetworkSchema,
  /** The user's posts with this tag (posts with one tag count too). */
  posts: z.number().int(),
  /** ISO 8601: the newest of those posts. */
  last_used: z.string(),
  /** ISO 8601: the oldest of those posts. */
  first_used: z.string(),
});
export type OwnHashtag = z.infer<typeof OwnHashtagSchema>;

export const OwnPostsOfNetworkSchema = z.object({
  network: OwnNetworkSchema,
  /** Every post kept, with or without tags. */
  posts: z.number().int(),
  /** ISO 8601: the newest post kept. */
  last_post: z.string(),
});

export const OwnHashtagsSchema = z
  .object({
    /** Most used first, then most recently used. */
    hashtags: z.array(OwnHashtagSchema),
    /** The posts kept per network. */
    networks: z.array(OwnPostsOfNetworkSchema),
  })
  .meta({ id: 'OwnHashtags' });
export type OwnHashtags = z.infer<typeof OwnHashtagsSchema>;

export const OwnPostsDeletedSchema = z.object({ deleted: z.number().int() }).meta({ id: 'OwnPostsDeleted' });
export type OwnPostsDeleted = z.infer<typeof OwnPostsDeletedSchema>;

// ---- Section 2: handles you connect, and which of your tags work ----

/** The networks whose public posts and engagement Tagscout reads by handle (Instagram's need Meta's business APIs). */
export const HANDLE_NETWORKS = [Network.bluesky, Network.mastodon] as const;
export const HandleNetworkSchema = z.enum(HANDLE_NETWORKS, {
  error: `must be one of ${HANDLE_NETWORKS.join(', ')}`,
});
export type HandleNetwork = z.infer<typeof HandleNetworkSchema>;

/** POST /api/me/handles: a Bluesky handle (ana.bsky.social) or a Mastodon address (@ana@mastodon.social). */
export const ConnectHandleBodySchema = z
  .strictObject({
    network: HandleNetworkSchema,
    handle: z.string().trim().min(3, 'must be a handle').max(300, 'must be at most 300 characters'),
  })
  .meta({ id: 'ConnectHandle' });
export type ConnectHandleBody = z.infer<typeof ConnectHandleBodySchema>;

export const HandleNetworkParamsSchema = z.strictObject({ network: HandleNetworkSchema });

export const OwnHandleSchema = z.object({
  network: HandleNetworkSchema,
  handle: z.string(),
  connected_at: z.string(),
  /** ISO 8601: when its posts were last read; null before the first time. */
  refreshed_at: z.string().nullable(),
  /** What went wrong the last time, in a sentence; null when it went well. */
  refresh_error: z.string().nullable(),
  /** Posts read with their engagement. */
  posts: z.number().int(),
});
export type OwnHandle = z.infer<typeof OwnHandleSchema>;

export const OwnHandlesSchema = z
  .object({
    handles: z.array(OwnHandleSchema),
    /** Whether "Your tags that work" feed the list suggestions (off until the user turns it on). */
    suggest_from_own_tags: z.boolean(),
  })
  .meta({ id: 'OwnHandles' });
export type OwnHandles = z.infer<typeof OwnHandlesSchema>;

export const OwnPostSettingsBodySchema = z
  .strictObject({ suggest_from_own_tags: z.boolean({ error: 'must be true or false' }) })
  .meta({ id: 'OwnPostSettings' });
export type OwnPostSettingsBody = z.infer<typeof OwnPostSettingsBodySchema>;

export const OwnEngagementQuerySchema = z.strictObject({
  network: HandleNetworkSchema.optional(),
  /** A tag whose weeks the timeline shows beside all posts'. */
  hashtag: z.string().trim().min(1).max(300).optional(),
});
export type OwnEngagementQuery = z.infer<typeof OwnEngagementQuerySchema>;

export const TagEngagementSchema = z.object({
  hashtag: z.string(),
  network: HandleNetworkSchema,
  posts: z.number().int(),
  /** Median likes + reposts + replies + quotes of the posts with the tag; null with too few posts. */
  median_with: z.number().nullable(),
  /** The same for the user's other posts on that network; null with too few posts. */
  median_without: z.number().nullable(),
  lift: z.number().nullable(),
  too_few: z.boolean(),
});
export type TagEngagement = z.infer<typeof TagEngagementSchema>;

export const EngagementWeekSchema = z.object({
  week: z.string(),
  posts: z.number().int(),
  median: z.number(),
});

export const OwnEngagementSchema = z
  .object({
    /** Posts with fewer than this on either side say "too few posts to tell". */
    min_posts: z.number().int(),
    tags: z.array(TagEngagementSchema),
    /** Weekly medians of all the user's posts read by handle, oldest first. */
    timeline: z.array(EngagementWeekSchema),
    /** The same for the posts with `hashtag`, when asked. */
    hashtag_timeline: z.array(EngagementWeekSchema).nullable(),
  })
  .meta({ id: 'OwnEngagement' });
export type OwnEngagement = z.infer<typeof OwnEngagementSchema>;
