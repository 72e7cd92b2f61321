import { ArchiveErrorCode } from '@tagscout/core/api';
import { z } from 'zod';
import { type ArchivePost, secondsOf, tagsOfNetwork, unreadableArchive } from './archive-post.js';

/**
 * outbox.json of Mastodon's archive (app/services/backup_service.rb): an ActivityStreams
 * OrderedCollection of the account's statuses as ActivityPub::ActivitySerializer writes them. A
 * status is a Create whose object is a Note (a Question for a poll) with its hashtags in tag[] as
 * {type:'Hashtag', name:'#Name'}; a boost is an Announce of another's status, not the user's post.
 */
const TagSchema = z.looseObject({ type: z.string(), name: z.string().optional() });
const StatusSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  published: z.string(),
  tag: z.union([z.array(TagSchema), TagSchema]).optional(),
});
const ActivitySchema = z.looseObject({ type: z.string(), object: z.unknown() });
const OutboxSchema = z.looseObject({
  type: z.literal('OrderedCollection'),
  orderedItems: z.array(ActivitySchema),
});

export const MASTODON_EXPECTED =
  "Expected Mastodon's outbox.json (from Import and export, Request your archive): an OrderedCollection of your posts.";

export function isMastodonShape(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'orderedItems' in value;
}

/** The user's statuses in the outbox; a 400 naming the format when it is not one, or any status is broken. */
export function readMastodonOutbox(value: unknown): ArchivePost[] {
  const outbox = OutboxSchema.safeParse(value);
  if (!outbox.success) throw unreadableArchive(ArchiveErrorCode.mastodonDamaged, MASTODON_EXPECTED);
  const posts: ArchivePost[] = [];
  outbox.data.orderedItems.forEach((activity, index) => {
    if (activity.type !== 'Create') return;
    const status = StatusSchema.safeParse(activity.object);
    const postedAt = status.success ? secondsOf(status.data.published) : null;
    if (!status.success || postedAt === null) {
      throw unreadableArchive(
        ArchiveErrorCode.mastodonDamaged,
        `${MASTODON_EXPECTED} Item ${index + 1} is not a status Mastodon writes.`,
      );
    }
    if (status.data.type !== 'Note' && status.data.type !== 'Question') return;
    const tags = [status.data.tag ?? []].flat().filter((tag) => tag.type === 'Hashtag');
    posts.push({
      postId: status.data.id,
      postedAt,
      hashtags: tagsOfNetwork(
        tags.map((tag) => tag.name ?? ''),
        'mastodon',
      ),
    });
  });
  return posts;
}
