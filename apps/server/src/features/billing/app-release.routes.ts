import { AppConfigResponseSchema } from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';

const tags = ['app'];

/**
 * Where the apps are: the store pages, and whether the web build only points to them (/landingPage).
 * The version check itself is the app data's GET /api/version/check.
 */
export function appReleaseRoutes(config: Config): FastifyPluginAsyncZod {
  const storeUrls = { ios: config.APP_STORE_URL, android: config.PLAY_STORE_URL };
  return async (app) => {
    app.get(
      '/app/config',
      {
        schema: {
          tags,
          summary: 'The store pages, and whether the web build only points visitors to them',
          response: { 200: AppConfigResponseSchema },
        },
      },
      async () => ({ webAppOnly: config.WEB_APP_ONLY, storeUrls }),
    );
  };
}
