import { type FakeRequest, type FakeServer, json, startFakeServer } from '@tagscout/sources/testing';

/**
 * Fakes of the networks a connected handle is read from, answering as they do today:
 * - Bluesky's AppView: app.bsky.feed.getAuthorFeed (lexicons/app/bsky/feed/getAuthorFeed.json and
 *   feed/defs.json: {cursor?, feed: feedViewPost[]}, a postView with likeCount, repostCount,
 *   replyCount, quoteCount, bookmarkCount; a repost is the other's post with reason
 *   app.bsky.feed.defs#reasonRepost); an unknown actor is XRPC's 400 InvalidRequest "Profile not
 *   found"; a spent window is 429 with the RateLimit-* headers.
 * - A Mastodon instance: GET /api/v1/accounts/lookup?acct= (404 {"error":"Record not found"}), GET
 *   /api/v1/accounts/:id/statuses (40 at most, max_id paging, a Link header with rel="next" and
 *   rel="prev", X-RateLimit-Limit/Remaining/Reset on every answer).
 */

export interface FakeOwnPost {
  id: string;
  createdAt: string;
  text: string;
  tags: readonly string[];
  likes: number;
  reposts?: number;
  replies?: number;
  quotes?: number;
}

export interface FakeAppView extends FakeServer {
  /** Answers 429 from now on. */
  limitRate(): void;
}

export async function startFakeAppView(account: {
  handle: string;
  did: string;
  posts: readonly FakeOwnPost[];
  /** Items reposted from someone else, shown in the author feed with reasonRepost. */
  reposts?: readonly FakeOwnPost[];
  pageSize?: number;
}): Promise<FakeAppView> {
  let isLimited = false;
  const author = {
    did: account.did,
    handle: account.handle,
    displayName: 'Ana',
    labels: [],
    createdAt: '2023-04-01T00:00:00.000Z',
  };
  const other = {
    did: 'did:plc:z72i7hdynmk6r22z27h6tvur',
    handle: 'bsky.app',
    displayName: 'Bluesky',
    labels: [],
    createdAt: '2023-04-12T04:53:57.057Z',
  };
  const postView = (post: FakeOwnPost, by: typeof author) => {
    const text = [post.text, ...post.tags.map((tag) => `#${tag}`)].join(' ');
    const facets = post.tags.map((tag) => {
      const byteStart = Buffer.byteLength(text.slice(0, text.indexOf(`#${tag}`)), 'utf8');
      return {
        $type: 'app.bsky.richtext.facet',
        index: { byteStart, byteEnd: byteStart + Buffer.byteLength(`#${tag}`, 'utf8') },
        features: [{ $type: 'app.bsky.richtext.facet#tag', tag }],
      };
    });
    return {
      uri: `at://${by.did}/app.bsky.feed.post/${post.id}`,
      cid: 'bafyreiclp443lavogvhj3d2ob2cxbfuscni2k5jk7bebjzg7khl3esabwq',
      author: by,
      record: { $type: 'app.bsky.feed.post', text, facets, langs: ['en'], createdAt: post.createdAt },
      bookmarkCount: 0,
      replyCount: post.replies ?? 0,
      repostCount: post.reposts ?? 0,
      likeCount: post.likes,
      quoteCount: post.quotes ?? 0,
      indexedAt: post.createdAt,
      viewer: { bookmarked: false, threadMuted: false, embeddingDisabled: false },
      labels: [],
    };
  };
  const items = [
    ...account.posts.map((post) => ({ at: post.createdAt, item: { post: postView(post, author) } })),
    ...(account.reposts ?? []).map((post) => ({
      at: post.createdAt,
      item: {
        post: postView(post, other),
        reason: { $type: 'app.bsky.feed.defs#reasonRepost', by: author, indexedAt: post.createdAt },
      },
    })),
  ].sort((a, b) => (a.at < b.at ? 1 : -1));

  const server = await startFakeServer((request: FakeRequest) => {
    if (request.path !== '/xrpc/app.bsky.feed.getAuthorFeed') {
      return json(404, { error: 'MethodNotImplemented', message: 'Method Not Implemented' });
    }
    const reset = String(Math.floor(Date.now() / 1000) + 300);
    if (isLimited) {
      return json(
        429,
        { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
        {
          'ratelimit-limit': '3000',
          'ratelimit-remaining': '0',
          'ratelimit-reset': reset,
          'ratelimit-policy': '3000;w=300',
        },
      );
    }
    const actor = request.query.get('actor');
    if (actor !== account.handle && actor !== account.did) {
      return json(400, { error: 'InvalidRequest', message: 'Profile not found' });
    }
    const limit = Math.min(Number(request.query.get('limit') ?? 50), 100, account.pageSize ?? 100);
    const start = Number(request.query.get('cursor') ?? 0);
    const page = items.slice(start, start + limit).map((entry) => entry.item);
    const next = start + limit < items.length ? String(start + limit) : undefined;
    return json(
      200,
      { ...(next && { cursor: next }), feed: page },
      {
        'ratelimit-limit': '3000',
        'ratelimit-remaining': '2999',
        'ratelimit-reset': reset,
        'ratelimit-policy': '3000;w=300',
      },
    );
  });
  return Object.assign(server, { limitRate: () => (isLimited = true) });
}

export interface FakeInstance extends FakeServer {
  /** The host part of an address on it ("127.0.0.1:port"). */
  host: string;
  /** From now on, answers with this many requests left in the window. */
  setRemaining(remaining: number): void;
}

export async function startFakeMastodon(account: {
  username: string;
  posts: readonly FakeOwnPost[];
  boosts?: readonly FakeOwnPost[];
  pageSize?: number;
}): Promise<FakeInstance> {
  let remaining = 299;
  let base = '';
  const id = '109302576390452045';
  const accountEntity = () => ({
    id,
    username: account.username,
    acct: account.username,
    display_name: 'Ana',
    locked: false,
    bot: false,
    discoverable: true,
    indexable: true,
    group: false,
    created_at: '2022-11-08T00:00:00.000Z',
    note: '<p></p>',
    url: `${base}/@${account.username}`,
    uri: `${base}/users/${account.username}`,
    avatar: `${base}/avatars/original/missing.png`,
    header: `${base}/headers/original/missing.png`,
    followers_count: 120,
    following_count: 80,
    statuses_count: account.posts.length,
    last_status_at: '2024-03-01',
    emojis: [],
    fields: [],
  });
  const statusEntity = (post: FakeOwnPost, reblog: unknown = null) => ({
    id: post.id,
    created_at: post.createdAt,
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    sensitive: false,
    spoiler_text: '',
    visibility: 'public',
    language: 'en',
    uri: `${base}/users/${account.username}/statuses/${post.id}`,
    url: `${base}/@${account.username}/${post.id}`,
    replies_count: post.replies ?? 0,
    reblogs_count: post.reposts ?? 0,
    favourites_count: post.likes,
    quotes_count: post.quotes ?? 0,
    edited_at: null,
    content: `<p>${post.text} ${post.tags
      .map(
        (tag) =>
          `<a href="${base}/tags/${tag.toLowerCase()}" class="mention hashtag" rel="tag">#<span>${tag}</span></a>`,
      )
      .join(' ')}</p>`,
    reblog,
    application: { name: 'Web', website: null },
    account: accountEntity(),
    media_attachments: [],
    mentions: [],
    tags: post.tags.map((tag) => ({ name: tag.toLowerCase(), url: `${base}/tags/${tag.toLowerCase()}` })),
    emojis: [],
    card: null,
    poll: null,
  });
  const timeline = [
    ...account.posts.map((post) => statusEntity(post)),
    ...(account.boosts ?? []).map((post) =>
      statusEntity({ ...post, id: `${post.id}9`, text: '', tags: [], likes: 0 }, statusEntity(post)),
    ),
  ].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? 1 : -1));

  const server = await startFakeServer((request) => {
    const headers = {
      'x-ratelimit-limit': '300',
      'x-ratelimit-remaining': String(Math.max(remaining--, 0)),
      'x-ratelimit-reset': new Date(Date.now() + 300_000).toISOString(),
    };
    if (remaining < 0) return json(429, { error: 'Too many requests' }, headers);
    if (request.path === '/api/v1/accounts/lookup') {
      return request.query.get('acct') === account.username
        ? json(200, accountEntity(), headers)
        : json(404, { error: 'Record not found' }, headers);
    }
    if (request.path === `/api/v1/accounts/${id}/statuses`) {
      const limit = Math.min(Number(request.query.get('limit') ?? 20), 40, account.pageSize ?? 40);
      const maxId = request.query.get('max_id');
      const shown = timeline
        .filter((status) => request.query.get('exclude_reblogs') !== 'true' || status.reblog === null)
        .filter((status) => maxId === null || BigInt(status.id) < BigInt(maxId));
      const page = shown.slice(0, limit);
      const path = `${base}/api/v1/accounts/${id}/statuses`;
      const link: Record<string, string> =
        page.length > 0
          ? {
              link: `<${path}?exclude_reblogs=true&limit=${limit}&max_id=${page.at(-1)!.id}>; rel="next", <${path}?exclude_reblogs=true&limit=${limit}&min_id=${page[0]!.id}>; rel="prev"`,
            }
          : {};
      return json(200, page, { ...headers, ...link });
    }
    return json(404, { error: 'Record not found' }, headers);
  });
  base = server.url;
  return Object.assign(server, {
    host: server.url.replace(/^http:\/\//, ''),
    setRemaining: (value: number) => (remaining = value),
  });
}
