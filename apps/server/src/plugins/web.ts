import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@tagscout/core/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.js';
import { errorBody } from './errors.js';

/** Vite's output with a content hash in every name: a changed file gets a new name. */
const HASHED_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Siblings the build writes beside a file (apps/web/vite-precompress.ts); sent in its place. */
const COMPRESSED = /\.(br|gz)$/;

/**
 * Serves the built web app; unknown non-API paths get index.html (client-side routing). Files are
 * sent precompressed (.br or .gz, written at build time) to browsers that accept that encoding;
 * hashed files are cached for a year, index.html and the other unhashed files revalidated on each use.
 * Each file has its own route outside the per-address rate limit, which is the API's: a first visit
 * alone loads two dozen scripts.
 */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const root = config.WEB_DIST;
  const hasWebApp = existsSync(join(root, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root,
      serve: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => setCacheControl(reply, relative(root, path)),
    });
    for (const file of listWebFiles(root)) {
      app.get(`/${file}`, { config: { rateLimit: false } }, (_request, reply) => reply.sendFile(file));
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    // A missing file (a script, an image) is a 404, never the app's page in its place.
    const isFile = /\.[A-Za-z0-9]+$/.test(path);
    if (isApi || isFile || !hasWebApp || request.method !== 'GET') {
      return reply
        .status(404)
        .send(errorBody(ErrorCode.notFound, `No such endpoint: ${request.method} ${path}`));
    }
    return reply.type('text/html').sendFile('index.html');
  });
}

function setCacheControl(reply: FastifyReply, file: string): void {
  const isHashed = file.startsWith(`${HASHED_DIR}${sep}`);
  reply.header('cache-control', isHashed ? IMMUTABLE : 'no-cache');
}

/** Every file of the built app by its URL path (the compressed siblings are sent in their place). */
function listWebFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !COMPRESSED.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}
