import {
  type ArchiveImport,
  ErrorCode,
  type OwnHashtags,
  type OwnNetwork,
  type OwnNetworkQuery,
  type OwnPostsDeleted,
} from '@tagscout/core/api';
import { AppError } from '../../app-error.js';
import type { Database } from '../../db/connect.js';
import {
  countOwnPostsByNetwork,
  deleteOwnDataOfUser,
  deleteOwnPostsOfUser,
  type EngagedArchivePost,
  type EngagedPostRow,
  findEngagedPosts,
  findOwnPostsOfUser,
  findOwnTags,
  insertOwnPosts,
  upsertEngagedPosts,
} from './own-posts.repository.js';
import { readArchive } from './read-archive.js';

export interface OwnPostsContext {
  database: Database;
  now: () => number;
}

/** Who asks: a user's own posts are theirs alone, and need an account to keep them with. */
export interface OwnPostsActor {
  userId: string | null;
  /** Signed in with a password or an emailed code (an anonymous trial is not). */
  isSignedIn: boolean;
}

/** Reads the whole file, then keeps its posts in one transaction; the same file again adds nothing. */
export async function importArchive(
  context: OwnPostsContext,
  actor: OwnPostsActor,
  file: { kind: 'json' | 'car' | 'zip'; body: Uint8Array },
): Promise<ArchiveImport> {
  const userId = ownerOf(actor);
  const archive = await readArchive(file.kind, file.body);
  const added = await insertOwnPosts(context.database, {
    userId,
    network: archive.network,
    source: 'archive',
    posts: archive.posts,
    now: context.now(),
  });
  const hashtags = new Set(archive.posts.flatMap((post) => post.hashtags));
  return { network: archive.network, posts: archive.posts.length, hashtags: hashtags.size, new_posts: added };
}

export async function listOwnHashtags(
  context: OwnPostsContext,
  actor: OwnPostsActor,
  query: OwnNetworkQuery,
): Promise<OwnHashtags> {
  const userId = ownerOf(actor);
  const filter = { userId, network: query.network };
  const [tags, networks] = await Promise.all([
    findOwnTags(context.database, filter),
    countOwnPostsByNetwork(context.database, filter),
  ]);
  return {
    hashtags: tags.map((tag) => ({
      hashtag: tag.hashtag,
      network: tag.network as OwnNetwork,
      posts: tag.posts,
      last_used: isoOf(tag.last_used),
      first_used: isoOf(tag.first_used),
    })),
    networks: networks.map((row) => ({
      network: row.network as OwnNetwork,
      posts: row.posts,
      last_post: isoOf(row.last_post),
    })),
  };
}

export async function deleteOwnPosts(
  context: OwnPostsContext,
  actor: OwnPostsActor,
  query: OwnNetworkQuery,
): Promise<OwnPostsDeleted> {
  const userId = ownerOf(actor);
  return { deleted: await deleteOwnPostsOfUser(context.database, { userId, network: query.network }) };
}

export type { EngagedArchivePost, EngagedPostRow };

/** For the handles a user connects (own-engagement): their posts with engagement, kept with the archive's. */
export async function keepEngagedPosts(
  context: OwnPostsContext,
  input: { userId: string; network: string; posts: readonly EngagedArchivePost[] },
): Promise<void> {
  await upsertEngagedPosts(context.database, { ...input, now: context.now() });
}

/** The user's posts with engagement (read by handle), for which of their tags work. */
export function listEngagedPosts(
  database: Database,
  input: { userId: string; network?: string },
): Promise<EngagedPostRow[]> {
  return findEngagedPosts(database, input);
}

/** For "download my data": every post kept, with its tags. */
export async function exportOwnPosts(database: Database, userId: string) {
  const posts = await findOwnPostsOfUser(database, userId);
  return { posts: posts.map((post) => ({ ...post, posted_at: isoOf(post.posted_at) })) };
}

/** For deleting an account: its posts and their tags go. */
export async function eraseOwnPosts(database: Database, userId: string): Promise<void> {
  await deleteOwnDataOfUser(database, userId);
}

function ownerOf(actor: OwnPostsActor): string {
  if (!actor.userId) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to see your own posts.');
  if (!actor.isSignedIn) {
    throw new AppError(403, ErrorCode.forbidden, 'Create an account to keep your own posts with Tagscout.');
  }
  return actor.userId;
}

function isoOf(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString();
}
