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

/** The content types POST /api/me/archive reads. */
export const ArchiveContentType = {
  json: 'application/json',
  car: 'application/vnd.ipld.car',
  zip: 'application/zip',
} as const;

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
