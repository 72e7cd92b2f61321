import {
  type ConnectHandleBody,
  ErrorCode,
  type HandleNetwork,
  type OwnEngagement,
  type OwnEngagementQuery,
  type OwnHandles,
  type OwnPostSettingsBody,
} from '@tagscout/core/api';
import { normalizeHashtag } from '@tagscout/core/hashtags';
import {
  compareTagEngagement,
  type EngagedPost,
  MIN_POSTS_TO_TELL,
  weeklyMedians,
} from '@tagscout/core/own-posts';
import { AppError } from '../../app-error.js';
import type { Database } from '../../db/connect.js';
import { keepEngagedPosts, listEngagedPosts } from '../own-posts/own-posts.service.js';
import { readBlueskyAuthorFeed } from './bluesky-author-feed.js';
import { type ParsedHandle, parseHandle } from './handle.js';
import { type HandleRead, HandleReadError } from './handle-read.js';
import { readMastodonStatuses } from './mastodon-statuses.js';
import {
  deleteEngagementDataOfUser,
  deleteHandle,
  findHandle,
  findHandlesDue,
  findHandlesOfUser,
  findSuggestSetting,
  markHandleRead,
  saveHandle,
  saveSuggestSetting,
} from './own-engagement.repository.js';
import { instanceBaseUrl } from './public-host.js';

export interface EngagementContext {
  database: Database;
  now: () => number;
  /** BLUESKY_APPVIEW_URL. */
  appviewUrl: string;
  /** MASTODON_ALLOW_LOCAL_INSTANCES. */
  allowLocalInstances: boolean;
}

export interface EngagementActor {
  userId: string | null;
  isSignedIn: boolean;
}

/** The most posts one read takes (the newest): 10 pages of Bluesky's, 25 of Mastodon's. */
export const MAX_POSTS_PER_READ = 1000;
/** A handle asked again within this long answers what was read (the networks' rate limits). */
const MIN_REFRESH_MS = 60_000;
/** Handles are read again once a day. */
export const DAILY_MS = 86_400_000;

/** Connects a handle and reads its posts now: an unknown handle is refused and not kept. */
export async function connectHandle(
  context: EngagementContext,
  actor: EngagementActor,
  body: ConnectHandleBody,
): Promise<OwnHandles> {
  const userId = ownerOf(actor);
  const parsed = parseHandle(body.network, body.handle);
  let read: HandleRead;
  try {
    read = await readHandle(context, parsed);
  } catch (error) {
    if (error instanceof HandleReadError && error.kind === 'unknown') {
      throw new AppError(400, ErrorCode.invalidRequest, error.message);
    }
    if (error instanceof AppError) throw error;
    throw new AppError(503, ErrorCode.unavailable, messageOf(error));
  }
  await saveHandle(context.database, {
    userId,
    network: parsed.network,
    handle: parsed.handle,
    now: context.now(),
  });
  await keep(context, { userId, network: parsed.network, read });
  return listHandles(context, actor);
}

/** Reads a connected handle again (on demand); what went wrong is kept with the handle. */
export async function refreshHandle(
  context: EngagementContext,
  actor: EngagementActor,
  network: HandleNetwork,
): Promise<OwnHandles> {
  const userId = ownerOf(actor);
  const row = await findHandle(context.database, { userId, network });
  if (!row) throw AppError.notFound(`No ${network} handle is connected.`);
  if (row.refreshed_at === null || context.now() - row.refreshed_at >= MIN_REFRESH_MS) {
    await refreshRow(context, { userId, network, handle: row.handle });
  }
  return listHandles(context, actor);
}

/** The daily refresh: every handle not read for a day (the job runner calls it). */
export async function refreshDueHandles(context: EngagementContext): Promise<number> {
  const due = await findHandlesDue(context.database, {
    before: context.now() - DAILY_MS + MIN_REFRESH_MS,
    limit: 500,
  });
  for (const row of due) {
    await refreshRow(context, {
      userId: row.user_id,
      network: row.network as HandleNetwork,
      handle: row.handle,
    });
  }
  return due.length;
}

export async function disconnectHandle(
  context: EngagementContext,
  actor: EngagementActor,
  network: HandleNetwork,
): Promise<OwnHandles> {
  const userId = ownerOf(actor);
  if ((await deleteHandle(context.database, { userId, network })) === 0) {
    throw AppError.notFound(`No ${network} handle is connected.`);
  }
  return listHandles(context, actor);
}

export async function listHandles(context: EngagementContext, actor: EngagementActor): Promise<OwnHandles> {
  const userId = ownerOf(actor);
  const [rows, isOn, posts] = await Promise.all([
    findHandlesOfUser(context.database, userId),
    findSuggestSetting(context.database, userId),
    listEngagedPosts(context.database, { userId }),
  ]);
  return {
    handles: rows.map((row) => ({
      network: row.network as HandleNetwork,
      handle: row.handle,
      connected_at: new Date(row.connected_at).toISOString(),
      refreshed_at: row.refreshed_at === null ? null : new Date(row.refreshed_at).toISOString(),
      refresh_error: row.refresh_error,
      posts: posts.filter((post) => post.network === row.network).length,
    })),
    suggest_from_own_tags: isOn,
  };
}

export async function updateOwnPostSettings(
  context: EngagementContext,
  actor: EngagementActor,
  body: OwnPostSettingsBody,
): Promise<OwnHandles> {
  const userId = ownerOf(actor);
  await saveSuggestSetting(context.database, {
    userId,
    isOn: body.suggest_from_own_tags,
    now: context.now(),
  });
  return listHandles(context, actor);
}

/** Which of the user's tags work: median engagement with each against without it, and by week. */
export async function readOwnEngagement(
  context: EngagementContext,
  actor: EngagementActor,
  query: OwnEngagementQuery,
): Promise<OwnEngagement> {
  const userId = ownerOf(actor);
  const rows = await listEngagedPosts(context.database, { userId, network: query.network });
  const posts: EngagedPost[] = rows.map((row) => ({
    network: row.network,
    postedAt: row.posted_at,
    engagement: row.engagement,
    hashtags: row.hashtags,
  }));
  const tag = query.hashtag ? normalizeHashtag(query.hashtag, 'any') : null;
  return {
    min_posts: MIN_POSTS_TO_TELL,
    tags: compareTagEngagement(posts).map((row) => ({
      hashtag: row.hashtag,
      network: row.network as HandleNetwork,
      posts: row.posts,
      median_with: row.medianWith,
      median_without: row.medianWithout,
      lift: row.lift,
      too_few: row.isTooFew,
    })),
    timeline: weeklyMedians(posts),
    hashtag_timeline: tag ? weeklyMedians(posts.filter((post) => post.hashtags.includes(tag))) : null,
  };
}

/** For "download my data": the handles connected and the suggestions setting. */
export async function exportEngagementData(database: Database, userId: string) {
  const [rows, isOn] = await Promise.all([
    findHandlesOfUser(database, userId),
    findSuggestSetting(database, userId),
  ]);
  return {
    handles: rows.map((row) => ({
      network: row.network,
      handle: row.handle,
      connected_at: new Date(row.connected_at).toISOString(),
    })),
    suggest_from_own_tags: isOn,
  };
}

export async function eraseEngagementData(database: Database, userId: string): Promise<void> {
  await deleteEngagementDataOfUser(database, userId);
}

async function refreshRow(
  context: EngagementContext,
  input: { userId: string; network: HandleNetwork; handle: string },
): Promise<void> {
  try {
    const read = await readHandle(context, parseHandle(input.network, input.handle));
    await keep(context, { userId: input.userId, network: input.network, read });
  } catch (error) {
    await markHandleRead(context.database, {
      userId: input.userId,
      network: input.network,
      at: context.now(),
      error: messageOf(error),
    });
  }
}

async function keep(
  context: EngagementContext,
  input: { userId: string; network: HandleNetwork; read: HandleRead },
): Promise<void> {
  await keepEngagedPosts(context, { userId: input.userId, network: input.network, posts: input.read.posts });
  await markHandleRead(context.database, {
    userId: input.userId,
    network: input.network,
    at: context.now(),
    error: input.read.stoppedBy,
  });
}

async function readHandle(context: EngagementContext, parsed: ParsedHandle): Promise<HandleRead> {
  if (parsed.network === 'bluesky') {
    return readBlueskyAuthorFeed({
      appviewUrl: context.appviewUrl,
      handle: parsed.handle,
      maxPosts: MAX_POSTS_PER_READ,
    });
  }
  const baseUrl = await instanceBaseUrl(parsed.host, context.allowLocalInstances);
  return readMastodonStatuses({
    baseUrl,
    user: parsed.user,
    handle: parsed.handle,
    maxPosts: MAX_POSTS_PER_READ,
  });
}

function messageOf(error: unknown): string {
  if (error instanceof HandleReadError || error instanceof AppError) return error.message;
  return 'The network did not answer. Try again later.';
}

function ownerOf(actor: EngagementActor): string {
  if (!actor.userId) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to see your own posts.');
  if (!actor.isSignedIn) {
    throw new AppError(403, ErrorCode.forbidden, 'Create an account to keep your own posts with Tagscout.');
  }
  return actor.userId;
}
