import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { trustProxyOf } from './client-address.js';
import { createMovableClock, type MovableClock } from './clock.js';
import type { Config } from './config.js';
import { connectDatabase, type Database } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { registerAppData } from './features/appdata/appdata.startup.js';
import { registerBilling } from './features/billing/billing.startup.js';
import { captionRoutes } from './features/caption/caption.routes.js';
import { crowdRoutes } from './features/crowd/crowd.routes.js';
import { devClockRoutes } from './features/dev-clock/dev-clock.routes.js';
import { outboxRoutes } from './features/email/email.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { identityRoutes } from './features/identity/identity.routes.js';
import { myAccountRoutes } from './features/identity/my-account.routes.js';
import { ownEngagementRoutes } from './features/own-engagement/own-engagement.routes.js';
import { ownPostsRoutes } from './features/own-posts/own-posts.routes.js';
import { quarriesRoutes } from './features/quarries/quarries.routes.js';
import { createHashtagContext } from './features/related/related.context.js';
import type { HashtagContext } from './features/related/related.service.js';
import { searchRoutes } from './features/search/search.routes.js';
import { prepareHashtagStore } from './features/search/search.startup.js';
import { sourcesRoutes } from './features/sources/sources.routes.js';
import { createSourcesRuntime } from './features/sources/sources.runtime.js';
import { suggestRoutes } from './features/suggest/suggest.routes.js';
import { topicRoutes } from './features/topics/topics.routes.js';
import { trendRoutes } from './features/trends/trends.routes.js';
import { trialRoutes } from './features/trials/trials.routes.js';
import { userSettingsRoutes } from './features/user-settings/user-settings.routes.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerOpenApi } from './plugins/openapi.js';
import { RequestLog } from './plugins/request-log.js';
import { serializerCompiler } from './plugins/response-serializer.js';
import { registerSecurity } from './plugins/security.js';
import { registerWebApp } from './plugins/web.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** The hashtag services' caches, for routes of other features that read hashtag data. */
    hashtags: HashtagContext;
  }
}

export interface BuildAppOptions {
  /** Use this database instead of opening config.DATABASE_URL (tests share one per file). */
  database?: Database;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/** The whole HTTP app, without listening: used by main.ts and by tests through inject(). */
export async function buildApp(loaded: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  // With EXPOSE_CLOCK every feature reads a clock POST /api/dev/clock moves (config.ts refuses it for real users).
  const devClock: MovableClock | null = loaded.EXPOSE_CLOCK ? createMovableClock(loaded.now) : null;
  const config: Config = devClock ? { ...loaded, now: devClock.now } : loaded;
  const requestLog = new RequestLog();
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(options.logStream && { stream: options.logStream }),
    },
    logController: requestLog,
    // X-Forwarded-For only from the configured proxies, never from a client that reaches us directly.
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    requestTimeout: 30_000,
    connectionTimeout: 10_000,
    return503OnClosing: true,
    // GET /api/info/hashtag/:names takes up to 100 comma-separated names in one path segment.
    routerOptions: { maxParamLength: 16_384 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  requestLog.reportEachSecond(app);

  const database =
    options.database ??
    connectDatabase(config.DATABASE_URL, (message, error) => app.log.error({ err: error }, message), {
      sqliteMmapMb: config.SQLITE_MMAP_MB,
    });
  await migrateToLatest(database);
  app.decorate('config', config);
  app.decorate('database', database);
  if (!options.database) app.addHook('onClose', async () => database.close());
  await prepareHashtagStore(database, config, app.log);

  await registerSecurity(app, config);
  await registerOpenApi(app, config);
  await registerAuth(app);
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(identityRoutes, { prefix: '/api/account' });
  await app.register(myAccountRoutes, { prefix: '/api/account' });
  await app.register(userSettingsRoutes, { prefix: '/api/account' });
  await app.register(trialRoutes, { prefix: '/api/trial' });
  await app.register(outboxRoutes, { prefix: '/api' });
  await app.register(devClockRoutes, { prefix: '/api', clock: devClock });
  const sources = await createSourcesRuntime({ database, config, log: app.log });
  app.decorate('sources', sources);
  await app.register(sourcesRoutes, { prefix: '/api', runtime: sources });
  const hashtags = createHashtagContext(database, config, {
    sources: sources.hashtagHook,
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  app.decorate('hashtags', hashtags);
  app.addHook('onClose', () => hashtags.postTracker.stop());
  await app.register(searchRoutes, { prefix: '/api', context: hashtags });
  await app.register(crowdRoutes, { prefix: '/api', context: hashtags });
  await app.register(suggestRoutes, { prefix: '/api', context: hashtags });
  await app.register(captionRoutes, { prefix: '/api', context: hashtags });
  await app.register(trendRoutes, { prefix: '/api', context: hashtags });
  await app.register(topicRoutes, { prefix: '/api' });
  await app.register(quarriesRoutes, { prefix: '/api' });
  await app.register(ownPostsRoutes, { prefix: '/api/me' });
  await app.register(ownEngagementRoutes, { prefix: '/api/me' });
  await registerBilling(app);
  await registerAppData(app);
  await registerWebApp(app, config);
  return app;
}
