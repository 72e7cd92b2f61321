import { ArchiveContentType, ArchiveErrorCode, ErrorCode, OWN_ARCHIVE_MAX_BYTES } from '@tagscout/core/api';
import { AppError } from '../../app-error.js';
import { type ArchivePost, type ReadArchive, unreadableArchive } from './archive-post.js';
import { BLUESKY_EXPECTED, readBlueskyRepo } from './bluesky-repo.js';
import { unzipExport, ZIP_EXPECTED } from './export-zip.js';
import { INSTAGRAM_EXPECTED, isInstagramShape, readInstagramFile } from './instagram-export.js';
import { isMastodonShape, MASTODON_EXPECTED, readMastodonOutbox } from './mastodon-outbox.js';

export const ARCHIVE_TYPES_TEXT = `${ArchiveContentType.json} (Instagram's posts_1.json, Mastodon's outbox.json), ${ArchiveContentType.car} (a Bluesky repository) or ${ArchiveContentType.zip} (the whole export)`;
export const ARCHIVE_TOO_LARGE = `The file is larger than ${OWN_ARCHIVE_MAX_BYTES / 1024 / 1024} MB. Upload the posts file alone (posts_1.json or outbox.json) instead of the whole export.`;

/** Which reader a content type asks for (its parameters, such as charset, aside). */
export function archiveKindOf(contentType: string | undefined): 'json' | 'car' | 'zip' | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === ArchiveContentType.json) return 'json';
  if (type === ArchiveContentType.car) return 'car';
  if (type === ArchiveContentType.zip || type === 'application/x-zip-compressed') return 'zip';
  return null;
}

/** Every post the file holds, read whole before anything is stored: a bad part refuses the whole file. */
export async function readArchive(kind: 'json' | 'car' | 'zip', body: Uint8Array): Promise<ReadArchive> {
  if (body.byteLength === 0)
    throw unreadableArchive(ArchiveErrorCode.empty, `The file is empty. Send ${ARCHIVE_TYPES_TEXT}.`);
  if (kind === 'car') return { network: 'bluesky', posts: await readBlueskyRepo(body) };
  if (kind === 'json') return readJsonFile(body);
  const zipped = unzipExport(body);
  if (zipped.network === 'mastodon')
    return { network: 'mastodon', posts: readMastodonOutbox(parseJson(zipped.files[0]!)) };
  return {
    network: 'instagram',
    posts: uniquePosts(zipped.files.flatMap((file) => readInstagramFile(parseJson(file)))),
  };
}

function readJsonFile(body: Uint8Array): ReadArchive {
  const value = parseJson(body);
  if (isMastodonShape(value)) return { network: 'mastodon', posts: readMastodonOutbox(value) };
  if (isInstagramShape(value)) return { network: 'instagram', posts: readInstagramFile(value) };
  throw unreadableArchive(
    ArchiveErrorCode.unknownJson,
    `This JSON file is not one we read. ${INSTAGRAM_EXPECTED} Or: ${MASTODON_EXPECTED}`,
  );
}

function parseJson(body: Uint8Array): unknown {
  try {
    // JSON.parse keeps "__proto__" as a plain key; the readers only pick named fields.
    return JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch {
    throw unreadableArchive(
      ArchiveErrorCode.notJson,
      `The file is not valid JSON. Expected Instagram's posts_1.json or Mastodon's outbox.json, as the network exported it. (A Bluesky repository is sent as ${ArchiveContentType.car}; ${ZIP_EXPECTED})`,
    );
  }
}

/** A post found in two files of one export (archived and posted) counts once. */
function uniquePosts(posts: ArchivePost[]): ArchivePost[] {
  return [...new Map(posts.map((post) => [post.postId, post])).values()];
}

/** 413 with the limit stated, before the body is read. */
export function archiveTooLarge(): AppError {
  return new AppError(413, ErrorCode.payloadTooLarge, ARCHIVE_TOO_LARGE);
}

export { BLUESKY_EXPECTED };
