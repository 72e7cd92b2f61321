import { createHash } from 'node:crypto';
import { ArchiveErrorCode } from '@tagscout/core/api';
import { extractHashtags } from '@tagscout/core/hashtags';
import { z } from 'zod';
import { type ArchivePost, tagsOfNetwork, unreadableArchive } from './archive-post.js';
import { repairMetaText } from './meta-text.js';

/**
 * Instagram's "Download your information" in JSON (your_instagram_activity/media/posts_1.json, and
 * reels.json, stories.json, archived_posts.json beside it): posts of
 * {media:[{uri, creation_timestamp, title}], title?, creation_timestamp?}. A post of one photo keeps
 * its caption in media[0].title, a carousel in its own title. The files hold no post id: a post is
 * known by its time and its media's file names, which the next export repeats.
 */
const MediaSchema = z.looseObject({
  uri: z.string(),
  creation_timestamp: z.number(),
  title: z.string().optional(),
});
const PostSchema = z.looseObject({
  media: z.array(MediaSchema).min(1),
  title: z.string().optional(),
  creation_timestamp: z.number().optional(),
});
/** Reels and archived posts come wrapped in an object; stories are media items themselves. */
const WRAPPED_POSTS = ['ig_reels_media', 'ig_archived_post_media', 'ig_recently_deleted_media'] as const;

export const INSTAGRAM_EXPECTED =
  "Expected Instagram's posts_1.json (Download your information, in JSON format): a list of posts, each with its media.";

/** Whether a parsed JSON value looks like one of Instagram's media files (to tell it from Mastodon's outbox). */
export function isInstagramShape(value: unknown): boolean {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  return Object.keys(value).some((key) => key.startsWith('ig_'));
}

/** The posts of one of Instagram's media files; a 400 naming the format when it is not one. */
export function readInstagramFile(value: unknown): ArchivePost[] {
  const posts = postsOf(value);
  const parsed = z.array(PostSchema).safeParse(posts);
  if (!parsed.success)
    throw unreadableArchive(
      ArchiveErrorCode.instagramDamaged,
      `${INSTAGRAM_EXPECTED} ${firstIssue(parsed.error)}`,
    );
  return parsed.data.map((post) => {
    const caption = repairMetaText(post.title || post.media.find((media) => media.title)?.title || '');
    const postedAt = post.creation_timestamp ?? post.media[0]!.creation_timestamp;
    return {
      postId: instagramPostId(
        postedAt,
        post.media.map((media) => media.uri),
      ),
      postedAt,
      hashtags: tagsOfNetwork(extractHashtags(caption), 'instagram'),
    };
  });
}

function postsOf(value: unknown): unknown {
  if (Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  for (const key of WRAPPED_POSTS) if (Array.isArray(record[key])) return record[key];
  if (Array.isArray(record.ig_stories)) return record.ig_stories.map((media) => ({ media: [media] }));
  return null;
}

function instagramPostId(postedAt: number, uris: readonly string[]): string {
  const digest = createHash('sha256')
    .update(`${postedAt}\n${uris.join('\n')}`)
    .digest('hex');
  return `ig:${digest.slice(0, 32)}`;
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '';
  const where = issue.path.length > 0 ? `At ${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}.`;
}
