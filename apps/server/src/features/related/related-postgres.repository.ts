import type pg from 'pg';

/**
 * The related reads on PostgreSQL, sent as named prepared statements as search's hot reads are
 * (search/search-postgres.repository.ts): a tag's newest posts and their tags, which findRecentPosts
 * (related.repository.ts) otherwise builds with Kysely. They keep the `hashtags_` names they were
 * prepared under.
 */
const COLUMNS = 'name, post_count, count_state, banned';

const STATEMENTS = {
  /** (network, name, limit): a tag's newest posts, as findRecentPosts reads them for related tags */
  recentOfHashtag: `select posts.tag_ids, posts.submitted_by from post_hashtags as links
    inner join posts on posts.id = links.post_id
    where links.hashtag_id = (select id from hashtags where network = $1 and name = $2)
    order by links.taken_at desc, links.post_id desc limit $3`,
  /** (ids[]): the tags of those posts */
  byIds: `select id, ${COLUMNS} from hashtags where id = any($1::int[]) and count_state <> 'pending'`,
} as const;

export type RelatedStatement = keyof typeof STATEMENTS;

export async function queryHot<Row>(
  pool: pg.Pool,
  statement: RelatedStatement,
  values: unknown[],
): Promise<Row[]> {
  const result = await pool.query({ name: `hashtags_${statement}`, text: STATEMENTS[statement], values });
  return result.rows as Row[];
}
