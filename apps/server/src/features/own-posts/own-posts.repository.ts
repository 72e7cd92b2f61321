import type { Database } from '../../db/connect.js';
import type { ArchivePost } from './archive-post.js';

/** A post read by handle, with its engagement as the network says it now. */
export interface EngagedArchivePost extends ArchivePost {
  likes: number;
  reposts: number;
  replies: number;
  quotes: number;
}

/** Rows per insert: far below both dialects' limits on bound values. */
const CHUNK = 400;
/** The most tags one answer lists (a user with more sees their most used). */
const MAX_TAGS = 2000;

export interface OwnTagRow {
  hashtag: string;
  network: string;
  posts: number;
  last_used: number;
  first_used: number;
}

export interface OwnNetworkRow {
  network: string;
  posts: number;
  last_post: number;
}

export interface OwnPostRow {
  network: string;
  post_id: string;
  posted_at: number;
  hashtags: string[];
}

/**
 * Keeps the user's posts and their tags in one transaction: all of a file, or none of it. A post
 * already kept (the same file again, or the same file imported at the same time) is left as it is.
 * Answers how many posts were new.
 */
export async function insertOwnPosts(
  database: Database,
  input: {
    userId: string;
    network: string;
    source: 'archive' | 'handle';
    posts: readonly ArchivePost[];
    now: number;
  },
): Promise<number> {
  return database.db.transaction().execute(async (trx) => {
    let added = 0;
    for (let start = 0; start < input.posts.length; start += CHUNK) {
      const chunk = input.posts.slice(start, start + CHUNK);
      const inserted = await trx
        .insertInto('own_posts')
        .values(
          chunk.map((post) => ({
            user_id: input.userId,
            network: input.network,
            post_id: post.postId,
            posted_at: post.postedAt,
            source: input.source,
            likes: null,
            reposts: null,
            replies: null,
            quotes: null,
            imported_at: input.now,
          })),
        )
        .onConflict((conflict) => conflict.columns(['user_id', 'network', 'post_id']).doNothing())
        .returning('post_id')
        .execute();
      added += inserted.length;
    }
    await insertTagsOfPosts(trx, input);
    return added;
  });
}

/** The user's tags with how many of their posts carry each and when; most used, then latest, first. */
export async function findOwnTags(
  database: Database,
  input: { userId: string; network?: string },
): Promise<OwnTagRow[]> {
  let query = database.db
    .selectFrom('own_post_tags as t')
    .innerJoin('own_posts as p', (join) =>
      join
        .onRef('p.user_id', '=', 't.user_id')
        .onRef('p.network', '=', 't.network')
        .onRef('p.post_id', '=', 't.post_id'),
    )
    .select((eb) => [
      't.hashtag',
      't.network',
      eb.fn.countAll<number>().as('posts'),
      eb.fn.max('p.posted_at').as('last_used'),
      eb.fn.min('p.posted_at').as('first_used'),
    ])
    .where('t.user_id', '=', input.userId);
  if (input.network) query = query.where('t.network', '=', input.network);
  const rows = await query
    .groupBy(['t.network', 't.hashtag'])
    .orderBy('posts', 'desc')
    .orderBy('last_used', 'desc')
    .orderBy('t.hashtag')
    .limit(MAX_TAGS)
    .execute();
  return rows.map((row) => ({
    hashtag: row.hashtag,
    network: row.network,
    posts: Number(row.posts),
    last_used: Number(row.last_used),
    first_used: Number(row.first_used),
  }));
}

/** How many posts the user keeps per network, and the newest. */
export async function countOwnPostsByNetwork(
  database: Database,
  input: { userId: string; network?: string },
): Promise<OwnNetworkRow[]> {
  let query = database.db
    .selectFrom('own_posts')
    .select((eb) => ['network', eb.fn.countAll<number>().as('posts'), eb.fn.max('posted_at').as('last_post')])
    .where('user_id', '=', input.userId);
  if (input.network) query = query.where('network', '=', input.network);
  const rows = await query.groupBy('network').orderBy('network').execute();
  return rows.map((row) => ({
    network: row.network,
    posts: Number(row.posts),
    last_post: Number(row.last_post),
  }));
}

/** Every post the user keeps, with its tags (for "download my data"). */
export async function findOwnPostsOfUser(database: Database, userId: string): Promise<OwnPostRow[]> {
  const posts = await database.db
    .selectFrom('own_posts')
    .select(['network', 'post_id', 'posted_at'])
    .where('user_id', '=', userId)
    .orderBy('posted_at')
    .orderBy('network')
    .orderBy('post_id')
    .execute();
  const tags = await database.db
    .selectFrom('own_post_tags')
    .select(['network', 'post_id', 'hashtag'])
    .where('user_id', '=', userId)
    .orderBy('hashtag')
    .execute();
  const tagsOf = tagsByPost(tags);
  return posts.map((post) => ({
    network: post.network,
    post_id: post.post_id,
    posted_at: Number(post.posted_at),
    hashtags: tagsOf(post),
  }));
}

/** Deletes the user's posts (of one network, or all) with their tags; answers how many posts went. */
export async function deleteOwnPostsOfUser(
  database: Database,
  input: { userId: string; network?: string },
): Promise<number> {
  const remove = async (db: Database['db']) => {
    let tags = db.deleteFrom('own_post_tags').where('user_id', '=', input.userId);
    if (input.network) tags = tags.where('network', '=', input.network);
    await tags.execute();
    let posts = db.deleteFrom('own_posts').where('user_id', '=', input.userId);
    if (input.network) posts = posts.where('network', '=', input.network);
    const [result] = await posts.execute();
    return Number(result?.numDeletedRows ?? 0);
  };
  if (database.db.isTransaction) return remove(database.db);
  return database.db.transaction().execute((trx) => remove(trx));
}

/** Everything the user keeps here (account deletion, inside its transaction). */
export async function deleteOwnDataOfUser(database: Database, userId: string): Promise<void> {
  await deleteOwnPostsOfUser(database, { userId });
}

/**
 * Keeps posts read by handle: new ones with their tags, known ones (from an archive or an earlier
 * read) get the engagement the network says now. One transaction.
 */
export async function upsertEngagedPosts(
  database: Database,
  input: { userId: string; network: string; posts: readonly EngagedArchivePost[]; now: number },
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    for (let start = 0; start < input.posts.length; start += CHUNK) {
      const chunk = input.posts.slice(start, start + CHUNK);
      await trx
        .insertInto('own_posts')
        .values(
          chunk.map((post) => ({
            user_id: input.userId,
            network: input.network,
            post_id: post.postId,
            posted_at: post.postedAt,
            source: 'handle',
            likes: post.likes,
            reposts: post.reposts,
            replies: post.replies,
            quotes: post.quotes,
            imported_at: input.now,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'network', 'post_id']).doUpdateSet((eb) => ({
            likes: eb.ref('excluded.likes'),
            reposts: eb.ref('excluded.reposts'),
            replies: eb.ref('excluded.replies'),
            quotes: eb.ref('excluded.quotes'),
          })),
        )
        .execute();
    }
    await insertTagsOfPosts(trx, input);
  });
}

/** The posts' tags, each kept once (inside the caller's transaction). */
async function insertTagsOfPosts(
  db: Database['db'],
  input: { userId: string; network: string; posts: readonly ArchivePost[] },
): Promise<void> {
  const tags = input.posts.flatMap((post) =>
    post.hashtags.map((hashtag) => ({
      user_id: input.userId,
      network: input.network,
      post_id: post.postId,
      hashtag,
    })),
  );
  for (let start = 0; start < tags.length; start += CHUNK) {
    await db
      .insertInto('own_post_tags')
      .values(tags.slice(start, start + CHUNK))
      .onConflict((conflict) => conflict.columns(['user_id', 'network', 'post_id', 'hashtag']).doNothing())
      .execute();
  }
}

export interface EngagedPostRow {
  network: string;
  post_id: string;
  posted_at: number;
  engagement: number;
  hashtags: string[];
}

/** The user's posts whose engagement was read (by handle), with their tags. */
export async function findEngagedPosts(
  database: Database,
  input: { userId: string; network?: string },
): Promise<EngagedPostRow[]> {
  let posts = database.db
    .selectFrom('own_posts')
    .select(['network', 'post_id', 'posted_at', 'likes', 'reposts', 'replies', 'quotes'])
    .where('user_id', '=', input.userId)
    .where('likes', 'is not', null);
  if (input.network) posts = posts.where('network', '=', input.network);
  let tags = database.db
    .selectFrom('own_post_tags')
    .select(['network', 'post_id', 'hashtag'])
    .where('user_id', '=', input.userId);
  if (input.network) tags = tags.where('network', '=', input.network);
  const [postRows, tagRows] = await Promise.all([posts.execute(), tags.execute()]);
  const tagsOf = tagsByPost(tagRows);
  return postRows.map((post) => ({
    network: post.network,
    post_id: post.post_id,
    posted_at: Number(post.posted_at),
    engagement:
      Number(post.likes ?? 0) +
      Number(post.reposts ?? 0) +
      Number(post.replies ?? 0) +
      Number(post.quotes ?? 0),
    hashtags: tagsOf(post),
  }));
}

interface PostKey {
  network: string;
  post_id: string;
}

/** The tags of each post, from rows of own_post_tags, in the rows' order. */
function tagsByPost(rows: readonly (PostKey & { hashtag: string })[]): (post: PostKey) => string[] {
  const byPost = new Map<string, string[]>();
  const keyOf = (post: PostKey) => `${post.network}\n${post.post_id}`;
  for (const row of rows) {
    const tags = byPost.get(keyOf(row));
    if (tags) tags.push(row.hashtag);
    else byPost.set(keyOf(row), [row.hashtag]);
  }
  return (post) => byPost.get(keyOf(post)) ?? [];
}
