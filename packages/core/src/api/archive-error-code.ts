/**
 * Why POST /api/me/archive refused a file, so the page can say it in the visitor's language (the
 * answer's message is English and names formats).
 */
export const ArchiveErrorCode = {
  empty: 'archive_empty',
  /** Sent as JSON, but not JSON at all (cut short, or another file renamed). */
  notJson: 'archive_not_json',
  /** JSON, but neither Instagram's posts file nor Mastodon's outbox. */
  unknownJson: 'archive_unknown_json',
  notZip: 'archive_not_zip',
  zipWithoutPosts: 'archive_zip_without_posts',
  /** Shaped like the network's file, with parts missing or changed. */
  instagramDamaged: 'archive_instagram_damaged',
  mastodonDamaged: 'archive_mastodon_damaged',
  blueskyDamaged: 'archive_bluesky_damaged',
  /** A content type that is none of the three (415). */
  wrongType: 'archive_wrong_type',
} as const;
export type ArchiveErrorCode = (typeof ArchiveErrorCode)[keyof typeof ArchiveErrorCode];
