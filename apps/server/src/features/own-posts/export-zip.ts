import { ArchiveErrorCode } from '@tagscout/core/api';
import { unzipSync } from 'fflate';
import { unreadableArchive } from './archive-post.js';

/** Instagram's files of the user's own posts, in either layout its export has had. */
const INSTAGRAM_POSTS_FILE =
  /(^|\/)(your_instagram_activity\/)?(content|media)\/(posts_\d+|reels|stories|archived_posts)\.json$/;
const MASTODON_OUTBOX_FILE = /(^|\/)outbox\.json$/;
/** Past this a file inside the zip is not read (an export's posts file is a few MB; a zip bomb is not). */
const MAX_FILE_BYTES = 256 * 1024 * 1024;

export type ZippedFiles =
  | { network: 'instagram'; files: Uint8Array[] }
  | { network: 'mastodon'; files: Uint8Array[] };

export const ZIP_EXPECTED =
  "Expected the zip of Instagram's export in JSON format (with your_instagram_activity/media/posts_1.json) or Mastodon's archive (with outbox.json).";

/** The posts files inside an export's zip, unpacked alone (media files are skipped unread). */
export function unzipExport(zip: Uint8Array): ZippedFiles {
  let found: Record<string, Uint8Array>;
  try {
    found = unzipSync(zip, {
      filter: (file) =>
        file.originalSize <= MAX_FILE_BYTES &&
        (INSTAGRAM_POSTS_FILE.test(file.name) || MASTODON_OUTBOX_FILE.test(file.name)),
    });
  } catch {
    throw unreadableArchive(ArchiveErrorCode.notZip, `This is not a zip file we can open. ${ZIP_EXPECTED}`);
  }
  const names = Object.keys(found).sort();
  const outbox = names.find((name) => MASTODON_OUTBOX_FILE.test(name));
  if (outbox) return { network: 'mastodon', files: [found[outbox]!] };
  const instagram = names.filter((name) => INSTAGRAM_POSTS_FILE.test(name));
  if (instagram.length > 0) return { network: 'instagram', files: instagram.map((name) => found[name]!) };
  throw unreadableArchive(ArchiveErrorCode.zipWithoutPosts, `This zip holds no posts file. ${ZIP_EXPECTED}`);
}
