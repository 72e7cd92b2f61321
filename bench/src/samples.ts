import type { Database } from '@tagscout/server/db';
import { sql } from 'kysely';
import { createRandom, pick } from './stats.js';

/** Realistic inputs drawn from the store itself, the same on every run of the same store. */
export interface Samples {
  /** Prefixes of 1 to 5 characters of real tags (uniform length, tags chosen at random). */
  prefixes: string[];
  /** Batches of 100 distinct known names, comma-joined as the info path takes them. */
  nameBatches: string[];
  /** The tag with the most posts in the store. */
  mostUsedTag: string;
  /** Tags from among the 1,000 with the highest counts: the related lists people open most. */
  popularTags: string[];
  /** Every known name drawn, for the stand-in's one-row lookups. */
  names: string[];
}

export async function drawSamples(
  database: Database,
  options: { mostUsedTag: string; seed?: number; size?: number },
): Promise<Samples> {
  const random = createRandom(options.seed ?? 7);
  const size = options.size ?? 20_000;
  const names = await randomTagNames(database, size, random);
  const prefixes = Array.from({ length: size }, () => {
    const letters = [...pick(names, random)];
    return letters.slice(0, 1 + Math.floor(random() * Math.min(5, letters.length))).join('');
  });
  const nameBatches = Array.from({ length: 2000 }, () => {
    const batch = new Set<string>();
    while (batch.size < 100) batch.add(pick(names, random));
    return [...batch].join(',');
  });
  const top = await database.db
    .selectFrom('hashtags')
    .select('name')
    .where('count_state', '=', 'known')
    .orderBy('post_count', 'desc')
    .limit(1000)
    .execute();
  const popularTags = Array.from({ length: 2000 }, () => pick(top, random).name);
  return { prefixes, nameBatches, mostUsedTag: options.mostUsedTag, popularTags, names };
}

/** Names of tags picked by random id (ids are dense: 1..max). */
async function randomTagNames(database: Database, size: number, random: () => number): Promise<string[]> {
  const { max } = await database.db
    .selectFrom('hashtags')
    .select(sql<number>`max(id)`.as('max'))
    .executeTakeFirstOrThrow();
  const ids = [...new Set(Array.from({ length: size * 2 }, () => 1 + Math.floor(random() * Number(max))))];
  const names: string[] = [];
  for (let start = 0; start < ids.length && names.length < size; start += 5000) {
    const rows = await database.db
      .selectFrom('hashtags')
      .select('name')
      .where('id', 'in', ids.slice(start, start + 5000))
      .where('banned', '=', 0)
      .execute();
    names.push(...rows.map((row) => row.name));
  }
  return names.slice(0, size);
}
