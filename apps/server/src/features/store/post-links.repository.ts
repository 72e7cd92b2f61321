import type { Transaction } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { chunksOf, type DailyUses, type PostLinks } from './ingest-batch.js';

/*
 * The writers of post links and daily uses that every write of posts runs in its own transaction:
 * the store's batches (store.repository.ts), a stream's batches (stream/stream.repository.ts) and a
 * crowd submitter's purge (crowd/crowd-post-purge.repository.ts). The one module of another feature's
 * repositories those may import (.dependency-cruiser.cjs, no-cross-feature-repositories).
 */

/** Writes a batch's links to tags, places and owners (each table in key order). */
export async function insertLinks(trx: Transaction<Tables>, links: PostLinks): Promise<void> {
  const tagLinks: { hashtag_id: number; taken_at: number; post_id: number }[] = [];
  links.tags.forEachByTag((hashtag_id, taken_at, post_id) =>
    tagLinks.push({ hashtag_id, taken_at, post_id }),
  );
  for (const chunk of chunksOf(tagLinks, 2000)) {
    await trx
      .insertInto('post_hashtags')
      .values(chunk)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const { places, owners } = links.sortedItems();
  for (const chunk of chunksOf(places, 2000)) {
    const rows = chunk.map(([place_id, taken_at, post_id]) => ({ place_id, taken_at, post_id }));
    await trx
      .insertInto('post_places')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  for (const chunk of chunksOf(owners, 2000)) {
    const rows = chunk.map(([owner, taken_at, post_id]) => ({ owner, taken_at, post_id }));
    await trx
      .insertInto('post_owners')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Adds a batch's uses to the daily counts (hashtag_daily_uses). */
export async function addDailyUses(trx: Transaction<Tables>, uses: DailyUses): Promise<void> {
  for (const chunk of chunksOf(uses.rows(), 2000)) {
    await trx
      .insertInto('hashtag_daily_uses')
      .values(chunk.map(([hashtag_id, day, count]) => ({ hashtag_id, day, uses: count })))
      .onConflict((oc) =>
        oc
          .columns(['hashtag_id', 'day'])
          .doUpdateSet((eb) => ({ uses: eb('hashtag_daily_uses.uses', '+', eb.ref('excluded.uses')) })),
      )
      .execute();
  }
}
