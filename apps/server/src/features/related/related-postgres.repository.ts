import { defineNamedStatements } from '../../db/prepared-statements.js';
import { HASHTAG_ROW_COLUMNS } from '../search/hashtag-row.js';

/**
 * The related reads on PostgreSQL, as named prepared statements (db/prepared-statements.ts): a tag's
 * newest posts and their tags. On SQLite, and for places and profiles, findRecentPosts
 * (related.repository.ts) builds them with Kysely. They keep the `hashtags_` names they were
 * prepared under.
 */
const COLUMNS = HASHTAG_ROW_COLUMNS.join(', ');

export const queryHot = defineNamedStatements('hashtags_', {
  /**
   * (network, name, taken_at, post id, limit): a tag's newest posts before (taken_at, post id), as
   * findRecentPosts reads them for related tags, a page at a time
   */
  recentOfHashtag: `select posts.tag_ids, posts.submitted_by, posts.owner, links.taken_at, links.post_id
    from post_hashtags as links
    inner join posts on posts.id = links.post_id
    where links.hashtag_id = (select id from hashtags where network = $1 and name = $2)
      and (links.taken_at, links.post_id) < ($3::bigint, $4::bigint)
    order by links.taken_at desc, links.post_id desc limit $5`,
  /** (ids[]): the tags of those posts */
  byIds: `select id, network, ${COLUMNS} from hashtags where id = any($1::int[]) and count_state <> 'pending'`,
});
