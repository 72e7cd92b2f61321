import { ANY_WORD, type CaptionWordStats } from '@tagscout/core/caption';
import { sql } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { CountState } from '../../db/tables.js';
import { countOf } from '../search/search.presenter.js';

/** A tag a caption's words point to, as the store holds it. */
export interface CaptionTag {
  count: number;
  banned: boolean;
}

/**
 * The word table's rows for these words on a network (decision 030): each word's posts and people,
 * and its `perWord` tags with the most posts (tags still pending a trusted count are left out, as
 * everywhere suggestions are made), with each tag's count and banned flag; `popular`, the row of
 * every caption (ANY_WORD), with its `perWord` most used tags.
 */
export async function findCaptionWordStats(
  database: Database,
  options: { network: string; words: readonly string[]; perWord: number },
): Promise<{ words: CaptionWordStats[]; popular?: CaptionWordStats; tags: Map<string, CaptionTag> }> {
  const { network, perWord } = options;
  const words = [ANY_WORD, ...options.words.filter((word) => word !== ANY_WORD)];
  const wordRows = await database.db
    .selectFrom('caption_words')
    .select(['word', 'posts', 'authors'])
    .where('network', '=', network)
    .where('word', 'in', words)
    .execute();
  if (wordRows.length === 0) return { words: [], tags: new Map() };
  const pairRows = await database.db
    .selectFrom((eb) =>
      eb
        .selectFrom('caption_word_tags as p')
        .innerJoin('hashtags as h', 'h.id', 'p.hashtag_id')
        .select([
          'p.word',
          'p.posts',
          'p.authors',
          'h.name',
          'h.post_count',
          'h.count_state',
          'h.banned',
          sql<number>`row_number() over (partition by p.word order by p.posts desc, p.hashtag_id)`.as(
            'place',
          ),
        ])
        .where('p.network', '=', network)
        .where(
          'p.word',
          'in',
          wordRows.map((row) => row.word),
        )
        .where('h.count_state', '<>', 'pending')
        .as('ranked'),
    )
    .selectAll()
    .where('place', '<=', perWord)
    .execute();
  const tagsOf = new Map<string, { hashtag: string; posts: number; authors: number }[]>();
  const tags = new Map<string, CaptionTag>();
  for (const row of pairRows) {
    let list = tagsOf.get(row.word);
    if (!list) {
      list = [];
      tagsOf.set(row.word, list);
    }
    list.push({ hashtag: row.name, posts: Number(row.posts), authors: Number(row.authors) });
    tags.set(row.name, {
      count: countOf({ post_count: Number(row.post_count), count_state: row.count_state as CountState }),
      banned: Number(row.banned) === 1,
    });
  }
  const stats = wordRows.map((row) => ({
    word: row.word,
    posts: Number(row.posts),
    authors: Number(row.authors),
    tags: tagsOf.get(row.word) ?? [],
  }));
  return {
    words: stats.filter((row) => row.word !== ANY_WORD),
    popular: stats.find((row) => row.word === ANY_WORD),
    tags,
  };
}

/**
 * Of these names, the network's tags that captions carried, with their posts and people among all
 * captions (the ANY_WORD row), count and banned flag; pending tags are left out.
 */
export async function findCaptionTagsNamed(
  database: Database,
  options: { network: string; names: readonly string[] },
): Promise<{ hashtag: string; posts: number; authors: number; tag: CaptionTag }[]> {
  if (options.names.length === 0) return [];
  const rows = await database.db
    .selectFrom('hashtags as h')
    .innerJoin('caption_word_tags as p', (join) =>
      join
        .onRef('p.hashtag_id', '=', 'h.id')
        .on('p.network', '=', options.network)
        .on('p.word', '=', ANY_WORD),
    )
    .select(['h.name', 'h.post_count', 'h.count_state', 'h.banned', 'p.posts', 'p.authors'])
    .where('h.network', '=', options.network)
    .where('h.name', 'in', options.names)
    .where('h.count_state', '<>', 'pending')
    .execute();
  return rows.map((row) => ({
    hashtag: row.name,
    posts: Number(row.posts),
    authors: Number(row.authors),
    tag: {
      count: countOf({ post_count: Number(row.post_count), count_state: row.count_state as CountState }),
      banned: Number(row.banned) === 1,
    },
  }));
}
