import {
  AppConfigResponseSchema,
  VersionCheckQuerySchema,
  VersionCheckResponseSchema,
} from '@tagscout/core/api';
import { shouldUpdateApp } from '@tagscout/core/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';

const tags = ['app'];

/** The apps' version check (forced update) and the configuration the web and apps read at start. */
export function appReleaseRoutes(config: Config): FastifyPluginAsyncZod {
  const storeUrls = { ios: config.APP_STORE_URL, android: config.PLAY_STORE_URL };
  return async (app) => {
    app.get(
      '/app/version-check',
      {
        schema: {
          tags,
          summary: 'Whether the running app is older than the oldest supported version (SPEC: shouldUpdate)',
          querystring: VersionCheckQuerySchema,
          response: { 200: VersionCheckResponseSchema },
        },
      },
      async (request) => {
        const platform = request.query.platform ?? 'web';
        return {
          shouldUpdate:
            platform !== 'web' && shouldUpdateApp(request.query.runningVersion, config.APP_MINIMUM_VERSION),
          storeUrl: platform === 'web' ? null : storeUrls[platform],
        };
      },
    );

    app.get(
      '/app/config',
      {
        schema: {
          tags,
          summary: 'App configuration: whether the web build only points to the stores, and the store pages',
          response: { 200: AppConfigResponseSchema },
        },
      },
      async () => ({
        webAppOnly: config.WEB_APP_ONLY,
        storeUrls,
        minimumVersion: config.APP_MINIMUM_VERSION ?? null,
      }),
    );
  };
}
