import {
  ArchiveContentType,
  ArchiveImportSchema,
  OWN_ARCHIVE_MAX_BYTES,
  OwnHashtagsSchema,
  OwnNetworkQuerySchema,
  OwnPostsDeletedSchema,
} from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { perAccountKey, SESSION_REQUIRED } from '../../route-guards.js';
import { registerAccountDataHook } from '../accounts/accounts.service.js';
import { archiveFileOf, archiveUploadCheck, ownPostsActorOf, ownPostsGuard } from './own-posts.http.js';
import {
  deleteOwnPosts,
  eraseOwnPosts,
  exportOwnPosts,
  importArchive,
  listOwnHashtags,
} from './own-posts.service.js';
import { archiveTooLarge } from './read-archive.js';

const tags = ['own posts'];
const errors = errorResponses(400, 401, 403);
/** Parsing a large archive takes a while: a few files a minute per account is what a person uploads. */
const UPLOAD_RATE_LIMIT = {
  max: 20,
  timeWindow: '1 minute',
  keyGenerator: perAccountKey('own-posts'),
};

/** /api/me: the signed-in user's own posts (issue 34, decision 031); nobody else's can be named. */
export const ownPostsRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = { database: app.database, now: app.config.now };
  registerAccountDataHook(app.accounts, {
    name: 'ownPosts',
    exportData: ({ database, userId }) => exportOwnPosts(database, userId),
    eraseData: ({ database, userId }) => eraseOwnPosts(database, userId),
  });

  app.get(
    '/hashtags',
    {
      onRequest: ownPostsGuard,
      schema: {
        tags,
        summary: "The signed-in user's own hashtags: how many of their posts carry each, and when last",
        security: SESSION_REQUIRED,
        querystring: OwnNetworkQuerySchema,
        response: { 200: OwnHashtagsSchema, ...errors },
      },
    },
    async (request) => listOwnHashtags(context, ownPostsActorOf(request), request.query),
  );

  app.delete(
    '/posts',
    {
      onRequest: ownPostsGuard,
      schema: {
        tags,
        summary: "Deletes the signed-in user's imported posts (of one network, or all)",
        security: SESSION_REQUIRED,
        querystring: OwnNetworkQuerySchema,
        response: { 200: OwnPostsDeletedSchema, ...errors },
      },
    },
    async (request) => deleteOwnPosts(context, ownPostsActorOf(request), request.query),
  );

  await app.register(async (uploads) => {
    // The file is read as the network wrote it: bytes, never through the JSON body parser.
    uploads.removeContentTypeParser('application/json');
    const asBytes = { parseAs: 'buffer' as const, bodyLimit: OWN_ARCHIVE_MAX_BYTES };
    for (const type of [...Object.values(ArchiveContentType), 'application/x-zip-compressed']) {
      uploads.addContentTypeParser(type, asBytes, (_request, body, done) => done(null, body));
    }
    uploads.post(
      '/archive',
      {
        onRequest: [ownPostsGuard, archiveUploadCheck],
        bodyLimit: OWN_ARCHIVE_MAX_BYTES,
        config: { rateLimit: UPLOAD_RATE_LIMIT },
        errorHandler: (error) => {
          // A body longer than its Content-Length said (or sent chunked) still gets the limit stated.
          const tooLarge = (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE';
          throw tooLarge ? archiveTooLarge() : error;
        },
        schema: {
          tags,
          summary: `Imports an archive the network exported (${OWN_ARCHIVE_MAX_BYTES / 1024 / 1024} MB at most): Instagram's posts_1.json or its zip, Mastodon's outbox.json, a Bluesky repo CAR`,
          description:
            'The body is the file itself: application/json (Instagram posts_1.json, Mastodon outbox.json), application/vnd.ipld.car (Bluesky com.atproto.sync.getRepo) or application/zip (the whole export). The same file twice changes nothing.',
          security: SESSION_REQUIRED,
          response: { 200: ArchiveImportSchema, ...errorResponses(400, 401, 403, 413) },
        },
      },
      async (request) => importArchive(context, ownPostsActorOf(request), archiveFileOf(request)),
    );
  });
};
