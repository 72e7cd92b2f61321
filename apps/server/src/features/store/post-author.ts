/**
 * Who a post counts as in every aggregate that ranks tags (decision 025): the account that sent a
 * crowd post (the owner a device names is that account's word), else its author on the network
 * (the DID on Bluesky, the account on Mastodon, the owner an import names), else (an import without
 * owners) the post itself. An install that trusts each crowd reporter alone (`CROWD_QUORUM=1`)
 * counts crowd posts by the owner they name (`crowdAuthor` 'owner').
 */
export type CrowdAuthor = 'submitter' | 'owner';

export function authorOfPost(
  post: { submittedBy: string | null; owner: string | null; postKey: string | number },
  crowdAuthor: CrowdAuthor = 'submitter',
): string {
  if (post.submittedBy !== null && crowdAuthor === 'submitter') return `account:${post.submittedBy}`;
  if (post.owner !== null) return `owner:${post.owner}`;
  return `post:${post.postKey}`;
}

/** authorOfPost in SQL over a `posts` row named `alias` (crowd posts by their submitter), for bulk passes. */
export function authorOfPostSql(alias: string): string {
  return `case when ${alias}.submitted_by is not null then 'account:' || ${alias}.submitted_by
    when ${alias}.owner is not null then 'owner:' || ${alias}.owner else 'post:' || ${alias}.post_id end`;
}
