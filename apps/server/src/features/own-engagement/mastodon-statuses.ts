import { z } from 'zod';
import { secondsOf, tagsOfNetwork } from '../own-posts/archive-post.js';
import type { EngagedArchivePost } from '../own-posts/own-posts.service.js';
import { type HandleRead, HandleReadError } from './handle-read.js';
import { type NetworkPage, readPage } from './read-page.js';

/**
 * A Mastodon account's public statuses with their counts: GET /api/v1/accounts/lookup?acct= for its
 * id, then GET /api/v1/accounts/:id/statuses (exclude_reblogs, 40 a page), following the Link
 * header's rel="next". X-RateLimit-Remaining is honoured: the read stops before the instance's
 * window is spent, and a 429 stops it too.
 */
const AccountSchema = z.looseObject({ id: z.string() });
const StatusSchema = z.looseObject({
  uri: z.string(),
  created_at: z.string(),
  reblog: z.unknown().nullable().optional(),
  tags: z.array(z.looseObject({ name: z.string() })).default([]),
  favourites_count: z.number().default(0),
  reblogs_count: z.number().default(0),
  replies_count: z.number().default(0),
  quotes_count: z.number().optional(),
});

const SLOW_DOWN = 'The instance asked us to slow down; the rest is read at the next refresh.';

export async function readMastodonStatuses(options: {
  baseUrl: string;
  user: string;
  handle: string;
  maxPosts: number;
}): Promise<HandleRead> {
  const lookup = await readPage(
    `${options.baseUrl}/api/v1/accounts/lookup?acct=${encodeURIComponent(options.user)}`,
  );
  if (lookup.status === 404) {
    throw new HandleReadError(
      'unknown',
      `${options.handle} was not found on its instance. Check the address.`,
    );
  }
  const account = AccountSchema.safeParse(lookup.body);
  if (lookup.status !== 200 || !account.success) throw unavailable(lookup);

  const posts: EngagedArchivePost[] = [];
  let url: string | null =
    `${options.baseUrl}/api/v1/accounts/${encodeURIComponent(account.data.id)}/statuses?limit=40&exclude_reblogs=true`;
  let stoppedBy: string | null = null;
  if (lookup.remaining !== null && lookup.remaining <= 1) return { posts, stoppedBy: SLOW_DOWN };
  while (url && posts.length < options.maxPosts) {
    const page = await readPage(url);
    if (page.status === 429) {
      stoppedBy = SLOW_DOWN;
      break;
    }
    const statuses = z.array(StatusSchema).safeParse(page.body);
    if (page.status !== 200 || !statuses.success) throw unavailable(page);
    for (const status of statuses.data) {
      const postedAt = secondsOf(status.created_at);
      if (status.reblog || postedAt === null) continue;
      posts.push({
        postId: status.uri,
        postedAt,
        hashtags: tagsOfNetwork(
          status.tags.map((tag) => tag.name),
          'mastodon',
        ),
        likes: status.favourites_count,
        reposts: status.reblogs_count,
        replies: status.replies_count,
        quotes: status.quotes_count ?? 0,
      });
    }
    url = statuses.data.length > 0 ? sameInstance(page.next, options.baseUrl) : null;
    if (url && page.remaining !== null && page.remaining <= 1) {
      stoppedBy = SLOW_DOWN;
      break;
    }
  }
  return { posts: posts.slice(0, options.maxPosts), stoppedBy };
}

/** A next page only on the instance asked (a Link header never sends the server elsewhere). */
function sameInstance(next: string | null, baseUrl: string): string | null {
  if (!next) return null;
  return new URL(next).origin === new URL(baseUrl).origin ? next : null;
}

function unavailable(page: NetworkPage): HandleReadError {
  return new HandleReadError(
    'unavailable',
    page.status === 401 || page.status === 403
      ? 'This instance shows its posts only to signed-in users.'
      : 'The instance did not answer as expected. Try again later.',
  );
}
