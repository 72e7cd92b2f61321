import {
  escapeHtml,
  type FakeAnswer,
  type FakeRequest,
  type FakeServer,
  FaultQueue,
  html,
  json,
  startFakeServer,
} from './fake-http.js';

/** A post on the fake instance. */
export interface FakeStatus {
  id: string;
  createdAt: string;
  /** `domain` makes it a remote account (acct `user@domain`, its addresses on that server). */
  account: { id: string; username: string; displayName?: string; followers?: number; domain?: string };
  /** The text before the tags (escaped as Mastodon escapes it; a line break becomes `<br />`). */
  text: string;
  /** Tags as the author typed them (the content keeps the case; `tags` are lower-cased). */
  tags: string[];
  /** A content warning: the text is hidden behind it, the tags are still the post's. */
  spoiler?: string;
}

export interface FakeTag {
  /** As first written ("SourDough"): Mastodon answers this display name; it finds the tag without case. */
  name: string;
  /** Uses per day, today first (Mastodon keeps 7 days). */
  uses: number[];
  statuses?: FakeStatus[];
}

/** What the fake can be told to answer instead, as a real instance (or its proxy) would. */
export type MastodonFault = 'rate-limited' | 'login-required' | 'server-error' | 'malformed' | 'hang';

/**
 * Who may read an instance's hashtag feeds, local and remote posts apart (Mastodon 4.5's
 * `local_topic_feed_access` and `remote_topic_feed_access`, shown as `timelines_access.hashtag_feeds`).
 * `disabled` (remote only) hides remote posts from everyone without the moderators' permission.
 */
export interface HashtagFeedAccess {
  local: 'public' | 'authenticated';
  remote: 'public' | 'authenticated' | 'disabled';
}

export const OPEN_HASHTAG_FEEDS: HashtagFeedAccess = { local: 'public', remote: 'public' };
/** What a 4.4 instance with "timeline preview" off became in 4.5 (the migration keeps both closed). */
export const CLOSED_HASHTAG_FEEDS: HashtagFeedAccess = { local: 'authenticated', remote: 'authenticated' };

export interface FakeMastodonOptions {
  now?: () => number;
  tags?: FakeTag[];
  /** Open to everyone unless told. */
  hashtagFeeds?: HashtagFeedAccess;
  /** The access token of an account on the instance. */
  accessToken?: string;
}

export interface FakeMastodon extends FakeServer {
  addTag(tag: FakeTag): void;
  setHashtagFeeds(access: HashtagFeedAccess): void;
  /** Answer the next request(s) under pathPrefix with a fault. */
  fail(fault: MastodonFault, options?: { times?: number; pathPrefix?: string }): void;
}

const DAY_SECONDS = 86_400;

// Mastodon 4's tag name grammar (Tag::HASHTAG_NAME_RE), written out for the fake: word characters
// with the separators '_', '·', '・' and U+200C inside, or a plain name with one letter.
const WORD = '\\p{L}\\p{M}\\p{Nd}\\p{Pc}';
const SEPARATED = `[${WORD}_][${WORD}_\\u00B7\\u30FB\\u200C]*[\\p{L}\\p{M}_\\u00B7\\u30FB\\u200C][${WORD}_\\u00B7\\u30FB\\u200C]*[${WORD}_]`;
const TAG_NAME = new RegExp(`^(?:${SEPARATED}|[${WORD}_]*[\\p{L}\\p{M}][${WORD}_]*)$`, 'iu');

/** Tag.normalize: NFKC, lower case, and only letters, digits and the separators kept. */
function normalizeTag(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_\u00B7\u30FB\u200C]/gu, '');
}

/**
 * A Mastodon 4.5 instance's API on loopback, in Mastodon's own shapes: v2 search for hashtags (the
 * exact match first), GET /api/v1/tags/:name (a tag named as first written; for a valid name never
 * used, 200 with seven days of zero uses; 404 "Record not found" only for an invalid name), and the
 * tag timeline (`local`/`remote` to ask one part) with a Link header that keeps `local`, or 422 "This
 * method requires an authenticated user" when a part asked for is not public (`hashtagFeeds`) and no
 * valid token comes; a `disabled` remote part is left out for everyone. Statuses carry `<br />`,
 * escaped entities, remote accounts and content warnings. Faults come as Mastodon sends them: 429
 * with X-RateLimit-* (an ISO reset time, no Retry-After), 401 for a login, a proxy's 503, cut JSON.
 */
export async function startFakeMastodon(options: FakeMastodonOptions = {}): Promise<FakeMastodon> {
  const now = options.now ?? Date.now;
  const tags = new Map<string, FakeTag>();
  const faults = new FaultQueue<MastodonFault>();
  let hashtagFeeds = options.hashtagFeeds ?? OPEN_HASHTAG_FEEDS;
  let base = '';
  const handler = (request: FakeRequest): FakeAnswer => {
    const fault = faults.take(request.path);
    if (fault) return faultAnswer(fault, now());
    if (request.path === '/api/v2/search') return search(request);
    const tagMatch = request.path.match(/^\/api\/v1\/tags\/([^/]+)$/);
    if (tagMatch) {
      const asked = decodeURIComponent(tagMatch[1]!);
      if (!TAG_NAME.test(asked)) return json(404, { error: 'Record not found' });
      return json(200, tagEntity(tags.get(normalizeTag(asked)) ?? { name: asked, uses: [] }));
    }
    const timelineMatch = request.path.match(/^\/api\/v1\/timelines\/tag\/([^/]+)$/);
    if (timelineMatch) {
      const signedIn =
        options.accessToken !== undefined &&
        request.headers.authorization === `Bearer ${options.accessToken}`;
      const only = {
        local: isTruthy(request.query.get('local')),
        remote: isTruthy(request.query.get('remote')),
      };
      // Mastodon 4.5's topic feeds ask for a user (require_user!, 422) when a part asked for is not public.
      if (!signedIn && needsLogin(hashtagFeeds, only)) {
        return json(422, { error: 'This method requires an authenticated user' });
      }
      const shown = {
        local: !only.remote || only.local,
        remote: (!only.local || only.remote) && hashtagFeeds.remote !== 'disabled',
      };
      return timeline(normalizeTag(decodeURIComponent(timelineMatch[1]!)), request, shown);
    }
    return json(404, { error: 'Record not found' });
  };

  function tagEntity(tag: FakeTag) {
    const today = Math.floor(now() / 1000 / DAY_SECONDS) * DAY_SECONDS;
    return {
      name: tag.name,
      url: `${base}/tags/${encodeURIComponent(normalizeTag(tag.name))}`,
      history: Array.from({ length: 7 }, (_, day) => ({
        day: String(today - day * DAY_SECONDS),
        uses: String(tag.uses[day] ?? 0),
        accounts: String(Math.ceil((tag.uses[day] ?? 0) / 2)),
      })),
    };
  }

  function search(request: FakeRequest): FakeAnswer {
    const query = normalizeTag((request.query.get('q') ?? '').trim().replace(/^#/, ''));
    const type = request.query.get('type');
    const limit = Math.min(Number(request.query.get('limit') ?? 20) || 20, 40);
    const found = [...tags.entries()]
      .filter(([key]) => key.startsWith(query))
      .sort(([a], [b]) => (a === query ? -1 : b === query ? 1 : a < b ? -1 : 1));
    const hashtags =
      query === '' || (type !== null && type !== 'hashtags')
        ? []
        : found.slice(0, limit).map(([, tag]) => tagEntity(tag));
    return json(200, { accounts: [], statuses: [], hashtags });
  }

  function timeline(
    name: string,
    request: FakeRequest,
    shown: { local: boolean; remote: boolean },
  ): FakeAnswer {
    const limit = Math.min(Number(request.query.get('limit') ?? 20) || 20, 40);
    const maxId = request.query.get('max_id');
    const all = [...(tags.get(name)?.statuses ?? [])]
      .filter((status) => (status.account.domain ? shown.remote : shown.local))
      .sort((a, b) => compareIds(b.id, a.id));
    const page = all.filter((status) => maxId === null || compareIds(status.id, maxId) < 0).slice(0, limit);
    const headers: Record<string, string> = {};
    if (page.length > 0) {
      // The pages keep `local` (and `limit`), as the instance's pagination parameters do.
      const path = `${base}/api/v1/timelines/tag/${encodeURIComponent(name)}`;
      const local = request.query.has('local') ? `&local=${request.query.get('local')}` : '';
      headers.link =
        `<${path}?limit=${limit}${local}&max_id=${page.at(-1)!.id}>; rel="next", ` +
        `<${path}?limit=${limit}${local}&min_id=${page[0]!.id}>; rel="prev"`;
    }
    return json(200, page.map(statusEntity), headers);
  }

  function statusEntity(status: FakeStatus) {
    const links = status.tags.map(
      (tag) =>
        `<a href="${base}/tags/${encodeURIComponent(normalizeTag(tag))}" class="mention hashtag" rel="tag">#<span>${escapeHtml(tag)}</span></a>`,
    );
    const account = status.account;
    const home = account.domain ? `https://${account.domain}` : base;
    // Mastodon escapes ' as &#39; and writes line breaks as <br />.
    const text = escapeHtml(status.text).replace(/'/g, '&#39;').replace(/\n/g, '<br />');
    return {
      id: status.id,
      created_at: status.createdAt,
      in_reply_to_id: null,
      in_reply_to_account_id: null,
      sensitive: status.spoiler !== undefined,
      spoiler_text: status.spoiler ?? '',
      visibility: 'public',
      language: 'en',
      uri: `${home}/users/${account.username}/statuses/${status.id}`,
      url: `${home}/@${account.username}/${status.id}`,
      replies_count: 0,
      reblogs_count: 0,
      favourites_count: 1,
      edited_at: null,
      content: `<p>${text}</p><p>${links.join(' ')}</p>`,
      reblog: null,
      application: account.domain ? undefined : { name: 'Web', website: null },
      account: {
        id: account.id,
        username: account.username,
        acct: account.domain ? `${account.username}@${account.domain}` : account.username,
        display_name: account.displayName ?? account.username,
        locked: false,
        bot: false,
        discoverable: true,
        indexable: true,
        group: false,
        created_at: '2023-01-01T00:00:00.000Z',
        note: '<p></p>',
        url: `${home}/@${account.username}`,
        uri: `${home}/users/${account.username}`,
        avatar: `${base}/avatars/original/missing.png`,
        avatar_static: `${base}/avatars/original/missing.png`,
        header: `${base}/headers/original/missing.png`,
        header_static: `${base}/headers/original/missing.png`,
        followers_count: account.followers ?? 10,
        following_count: 5,
        statuses_count: 42,
        last_status_at: status.createdAt.slice(0, 10),
        hide_collections: null,
        emojis: [],
        fields: [],
      },
      media_attachments: [],
      mentions: [],
      tags: status.tags.map((tag) => ({
        name: normalizeTag(tag),
        url: `${base}/tags/${encodeURIComponent(normalizeTag(tag))}`,
      })),
      emojis: [],
      card: null,
      poll: null,
    };
  }

  const server = await startFakeServer(handler, now);
  base = server.url;
  for (const tag of options.tags ?? []) tags.set(normalizeTag(tag.name), tag);
  return {
    ...server,
    addTag: (tag) => tags.set(normalizeTag(tag.name), tag),
    setHashtagFeeds: (access) => {
      hashtagFeeds = access;
    },
    fail: (fault, failOptions) => faults.add(fault, failOptions),
  };
}

function faultAnswer(fault: MastodonFault, now: number): FakeAnswer {
  switch (fault) {
    case 'rate-limited': {
      // rack-attack's answer: the end of the 5-minute period as an ISO time with microseconds.
      const period = 300_000;
      const reset = new Date(Math.floor(now / period) * period + period).toISOString().replace('Z', '000Z');
      return json(
        429,
        { error: 'Too many requests' },
        { 'x-ratelimit-limit': '300', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
      );
    }
    case 'login-required':
      return json(401, { error: 'This API requires an authenticated user' });
    case 'server-error':
      return html(
        503,
        '<html><head><title>503 Service Temporarily Unavailable</title></head><body><center><h1>503 Service Temporarily Unavailable</h1></center><hr><center>nginx</center></body></html>',
      );
    case 'malformed':
      return {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: '{"name":"cats","history":[{"day":"17',
      };
    case 'hang':
      return { status: 200, hang: true };
  }
}

/** Whether a visitor without a login is refused, by the parts of the feed asked for (`local`, `remote`). */
function needsLogin(access: HashtagFeedAccess, only: { local: boolean; remote: boolean }): boolean {
  if (only.local) return access.local !== 'public';
  if (only.remote) return access.remote !== 'public';
  return access.local !== 'public' || access.remote !== 'public';
}

/** Rails' reading of a boolean parameter, as far as clients send them. */
function isTruthy(value: string | null): boolean {
  return value !== null && ['1', 't', 'true', 'on'].includes(value.toLowerCase());
}

/** Mastodon ids are decimal snowflakes: longer is larger. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Statuses for a tag: `count` posts by a few accounts, each carrying the tag and some of `related`
 * (so related tags reach the minimum subcount), one a minute back from `newest`.
 */
export function makeStatuses(options: {
  tag: string;
  related: string[];
  count: number;
  newest: number;
  firstId?: bigint;
}): FakeStatus[] {
  const first = options.firstId ?? 110_000_000_000_000_000n;
  return Array.from({ length: options.count }, (_, index) => {
    const related = options.related.filter((_, position) => (index + position) % 2 === 0 || position === 0);
    return {
      id: String(first + BigInt(options.count - index)),
      createdAt: new Date(options.newest - index * 60_000).toISOString(),
      account: { id: String(1000 + (index % 5)), username: `poster${index % 5}`, followers: 100 + index },
      text: `Post ${index} about ${options.tag}`,
      tags: [options.tag, ...related],
    };
  });
}
