import { ArchiveErrorCode, ErrorCode, OWN_ARCHIVE_MAX_BYTES } from '@tagscout/core/api';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../app-error.js';
import { documentedGuard } from '../../route-guards.js';
import type { OwnPostsActor } from './own-posts.service.js';
import { ARCHIVE_TYPES_TEXT, archiveKindOf, archiveTooLarge } from './read-archive.js';

/**
 * Your own posts need an account: a visitor gets 401, an anonymous trial 403. Runs on request, so
 * an archive is refused before its body is read.
 */
export const ownPostsGuard: onRequestAsyncHookHandler = documentedGuard(
  async (request) => {
    if (!request.viewer.userId)
      throw new AppError(401, ErrorCode.unauthorized, 'Sign in to see your own posts.');
    if (!request.viewer.account.isSignedIn) {
      throw new AppError(403, ErrorCode.forbidden, 'Create an account to keep your own posts with Tagscout.');
    }
  },
  { statuses: [401, 403], needsSession: true },
);

/** Before the body is read: a type we read (else 415 naming them) and a length within the limit (else 413). */
export const archiveUploadCheck: onRequestAsyncHookHandler = async (request) => {
  if (archiveKindOf(request.headers['content-type']) === null) {
    throw new AppError(415, ArchiveErrorCode.wrongType, `Send the file as ${ARCHIVE_TYPES_TEXT}.`);
  }
  if (Number(request.headers['content-length'] ?? 0) > OWN_ARCHIVE_MAX_BYTES) throw archiveTooLarge();
};

export function ownPostsActorOf(request: FastifyRequest): OwnPostsActor {
  return { userId: request.viewer.userId, isSignedIn: request.viewer.account.isSignedIn };
}

/** The uploaded file's reader and bytes (an empty body arrives as none). */
export function archiveFileOf(request: FastifyRequest): { kind: 'json' | 'car' | 'zip'; body: Uint8Array } {
  const kind = archiveKindOf(request.headers['content-type'])!;
  return { kind, body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0) };
}
