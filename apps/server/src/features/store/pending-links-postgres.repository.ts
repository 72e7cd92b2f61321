import { type Kysely, sql } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { linkPendingOwnersAndUses, linkPendingTagsAndPlaces, markLinked } from './post-writes.repository.js';

/** PostgreSQL's error code for a row that is already there. */
const UNIQUE_VIOLATION = '23505';

/**
 * The PostgreSQL side of linkPendingPosts. The tag links, most of the work, and the place links are
 * written in a transaction of their own while a second one writes the owner links and the daily
 * uses, so the two take two of PostgreSQL's cores. The second locks the pending posts' rows before
 * the first starts, and marks the posts linked once the first has committed. Both take the pending
 * posts up to the same id, read first (each statement otherwise sees what is committed when it starts).
 *
 * Links can be written again without harm (a link already there is skipped). If the second
 * transaction fails after the first has committed, the posts stay pending: they show in their tags'
 * related lists and their places' recent posts, but count no daily uses until the next import's or
 * seeding's link step writes the rest. The daily uses come last, so the rows a live ingest may also
 * be updating stay locked about as long as the first transaction's remaining work and the marking
 * take.
 */
export async function linkPendingPostsPostgres(
  db: Kysely<Tables>,
  options: { now: number },
): Promise<number> {
  const newest = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('linked', '=', 0)
    .executeTakeFirst();
  if (newest?.id == null) return 0;
  const last = newest.id;
  // Millions of links for a large import: longer than the pool's 5 s statement timeout allows.
  const noTimeout = sql`set local statement_timeout = 0`;
  const writeTagAndPlaceLinks = (skipStored: boolean) =>
    db.transaction().execute(async (trx) => {
      await noTimeout.execute(trx);
      await linkPendingTagsAndPlaces(trx, { last, skipStored });
    });
  // The first transaction starts once the second has locked the pending posts (see below), or not
  // at all when the second fails before that.
  let postsLocked!: (locked: boolean) => void;
  const whenPostsLocked = new Promise<boolean>((resolve) => {
    postsLocked = resolve;
  });
  const tagAndPlaceLinks = whenPostsLocked.then(async (locked) => {
    if (!locked) return;
    await writeTagAndPlaceLinks(false).catch((error: unknown) => {
      if ((error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION) return writeTagAndPlaceLinks(true);
      throw error;
    });
  });
  const theRest = db.transaction().execute(async (trx) => {
    await noTimeout.execute(trx);
    // One link step at a time counts uses: a second one waits here, then finds these posts linked.
    await sql`select pg_advisory_xact_lock(hashtext('tagscout:link-pending-posts'))`.execute(trx);
    // A live ingest that brings one of these posts again waits for this transaction, then finds it
    // linked and links the tags it adds itself. Otherwise it could add them after a link statement
    // had read the post, and they would never be linked.
    await sql`select count(*) from
              (select id from posts where linked = 0 and id <= ${last} for update) as pending`.execute(trx);
    postsLocked(true);
    await linkPendingOwnersAndUses(trx, { last, now: options.now });
    await tagAndPlaceLinks;
    return markLinked(trx, last);
  });
  theRest.catch(() => postsLocked(false));
  // The second waits for the first, so it fails when the first does. Waiting for both settles
  // everything before this returns, even when the second fails first.
  const [, linked] = await Promise.allSettled([tagAndPlaceLinks, theRest]);
  if (linked.status === 'rejected') throw linked.reason;
  return linked.value;
}
