import { z } from 'zod';
import { secondsOf, tagsOfNetwork } from '../own-posts/archive-post.js';
import { facetTags, stringsOf } from '../own-posts/bluesky-repo.js';
import type { EngagedArchivePost } from '../own-posts/own-posts.service.js';
import { type HandleRead, HandleReadError } from './handle-read.js';
import { readPage } from './read-page.js';

/**
 * A Bluesky account's public posts with their counts, from the AppView's app.bsky.feed.getAuthorFeed
 * (no login): feedViewPost items of {post: postView, reason?}; a reposted item carries
 * reasonRepost and is someone else's post. Pages by `cursor`, 100 at a time.
 */
const PostViewSchema = z.looseObject({
  uri: z.string(),
  author: z.looseObject({ did: z.string(), handle: z.string() }),
  record: z.looseObject({
    createdAt: z.string().optional(),
    facets: z.unknown().optional(),
    tags: z.unknown().optional(),
  }),
  likeCount: z.number().optional(),
  repostCount: z.number().optional(),
  replyCount: z.number().optional(),
  quoteCount: z.number().optional(),
});
const FeedSchema = z.looseObject({
  cursor: z.string().optional(),
  feed: z.array(z.looseObject({ post: PostViewSchema, reason: z.unknown().optional() })),
});

export async function readBlueskyAuthorFeed(options: {
  appviewUrl: string;
  handle: string;
  maxPosts: number;
}): Promise<HandleRead> {
  const posts: EngagedArchivePost[] = [];
  let cursor: string | undefined;
  let stoppedBy: string | null = null;
  while (posts.length < options.maxPosts) {
    const url = new URL('/xrpc/app.bsky.feed.getAuthorFeed', options.appviewUrl);
    url.searchParams.set('actor', options.handle);
    url.searchParams.set('limit', '100');
    url.searchParams.set('filter', 'posts_no_replies');
    if (cursor) url.searchParams.set('cursor', cursor);
    const page = await readPage(url.toString());
    if (page.status === 429) {
      stoppedBy = 'Bluesky asked us to slow down; the rest is read at the next refresh.';
      break;
    }
    if (page.status === 400 && posts.length === 0) {
      throw new HandleReadError('unknown', `Bluesky does not know ${options.handle}. Check the handle.`);
    }
    const parsed = FeedSchema.safeParse(page.body);
    if (page.status !== 200 || !parsed.success) {
      throw new HandleReadError('unavailable', 'Bluesky did not answer as expected. Try again later.');
    }
    for (const item of parsed.data.feed) {
      if (item.reason !== undefined) continue;
      const postedAt = secondsOf(item.post.record.createdAt);
      if (postedAt === null) continue;
      posts.push({
        postId: item.post.uri,
        postedAt,
        hashtags: tagsOfNetwork(
          [...facetTags(item.post.record.facets), ...stringsOf(item.post.record.tags)],
          'bluesky',
        ),
        likes: item.post.likeCount ?? 0,
        reposts: item.post.repostCount ?? 0,
        replies: item.post.replyCount ?? 0,
        quotes: item.post.quoteCount ?? 0,
      });
    }
    cursor = parsed.data.cursor;
    if (!cursor || parsed.data.feed.length === 0) break;
    if (page.remaining !== null && page.remaining <= 1) {
      stoppedBy = 'Bluesky asked us to slow down; the rest is read at the next refresh.';
      break;
    }
  }
  return { posts: posts.slice(0, options.maxPosts), stoppedBy };
}
