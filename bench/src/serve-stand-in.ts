// The bare stand-in the mixed load is compared with: Fastify with no plugins and one prepared,
// indexed SELECT of a hashtag by name per request, on the same SQLite file. Prints its port.
// The bench store is the sample network's; without the network the SELECT scans every tag.
import SqliteDatabase from 'better-sqlite3';
import Fastify from 'fastify';

const file = process.argv[2];
if (!file) throw new Error('Usage: serve-stand-in.ts <store.db>');
const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
sqlite.pragma('cache_size = -65536');
const selectTag = sqlite.prepare<[string], { name: string; post_count: number }>(
  "select name, post_count from hashtags where network = 'sample' and name = ?",
);

const app = Fastify();
app.get<{ Params: { name: string } }>('/tag/:name', async (request, reply) => {
  const row = selectTag.get(request.params.name);
  return row ?? reply.status(404).send({ error: 'not found' });
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(
  `Stand-in ready on http://localhost:${typeof address === 'object' && address ? address.port : 0}`,
);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
