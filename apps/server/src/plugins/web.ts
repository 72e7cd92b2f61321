import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@tagscout/core/api';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { errorBody } from './errors.js';

/** Serves the built web app; unknown non-API paths get index.html (client-side routing). */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const hasWebApp = existsSync(join(config.WEB_DIST, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, { root: config.WEB_DIST, wildcard: false, index: false });
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
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
