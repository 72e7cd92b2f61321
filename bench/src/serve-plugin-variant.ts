// The stand-in (one indexed SELECT per request) with some of the app's plugins around it, to price
// each plugin: `serve-plugin-variant.ts <store.db> helmet,rate-limit,...`. Prints its port.
import rateLimit from '@fastify/rate-limit';
import { registerLoadShedding } from '@tagscout/server/app';
import SqliteDatabase from 'better-sqlite3';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { z } from 'zod';

const [file, list = ''] = process.argv.slice(2);
if (!file)
  throw new Error('Usage: serve-plugin-variant.ts <store.db> [helmet,rate-limit,load-shedding,logger,zod]');
const plugins = new Set(list.split(',').filter(Boolean));
const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
sqlite.pragma('cache_size = -65536');
const selectTag = sqlite.prepare<[string], { name: string; post_count: number }>(
  "select name, post_count from hashtags where network = 'sample' and name = ?",
);

// As app.ts and plugins/security.ts set them up.
const app = Fastify({
  logger: plugins.has('logger') ? { level: 'warn' } : false,
}).withTypeProvider<ZodTypeProvider>();
if (plugins.has('helmet')) {
  // Helmet's middleware on every request, as @fastify/helmet ran it before plugins/security.ts
  // worked its headers out once.
  const setHeaders = helmet();
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
}
if (plugins.has('rate-limit'))
  await app.register(rateLimit, { global: true, max: 1e9, timeWindow: '1 minute' });
if (plugins.has('load-shedding')) registerLoadShedding(app);
const isZod = plugins.has('zod');
if (isZod) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
const schema = isZod
  ? {
      params: z.object({ name: z.string().min(1).max(100) }),
      response: { 200: z.object({ name: z.string(), post_count: z.number() }) },
    }
  : {};
app.get('/tag/:name', { schema }, async (request, reply) => {
  const row = selectTag.get((request.params as { name: string }).name);
  return row ?? reply.status(404).send();
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`Variant ready on http://localhost:${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
