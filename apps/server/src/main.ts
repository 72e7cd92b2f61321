import cluster from 'node:cluster';
import { runPrimary } from './cluster.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { sqliteFileOf } from './db/connect.js';
import { prewarmInChildProcess } from './db/prewarm.js';
import { logStreamFor } from './log-stream.js';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
    runPrimary(config, (message) => console.log(message));
    prewarmStore(config);
    return;
  }
  // Imported here, not above: the primary of several processes only starts and watches them, and
  // the app's modules take it seconds to load (more on a busy machine) before the first one can start.
  const { buildApp } = await import('./app.js');
  const app = await buildApp(config, { logStream: logStreamFor(process.stdout) });

  let isClosing = false;
  const shutDown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info(`${signal} received: finishing in-flight requests and closing the database`);
    // Connections that finish their last request during shutdown would otherwise idle until keep-alive ends.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    deadline.unref();
    await app.close();
    clearInterval(closeIdle);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutDown('SIGINT'));
  process.on('SIGTERM', () => void shutDown('SIGTERM'));

  // Room for a burst of new connections (Node's default is 511): a connection refused from a full
  // queue is retried by the client's TCP only after 1, 3, 7 s, far past an answer's 2 s.
  await app.listen({ port: config.PORT, host: config.HOST, backlog: 4096 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(`Tagscout is ready on http://localhost:${port}`);
  // With several processes the primary reads the store ahead, once for the machine.
  if (cluster.isPrimary) prewarmStore(config);
}

/** A SQLite store read into the page cache in the background, by a process of its own. */
function prewarmStore(config: Config): void {
  const file = sqliteFileOf(config.DATABASE_URL);
  if (!file) return;
  const started = performance.now();
  prewarmInChildProcess(file).then(
    ({ bytes, skipped }) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (skipped === 'too large')
        console.log('The store is larger than a quarter of memory: not read ahead.');
      // A store not created yet (a new machine, the workers still migrating) has nothing to read.
      else if (!skipped)
        console.log(
          `Store read into the page cache: ${Math.round(bytes / 1e6).toLocaleString('en')} MB in ${seconds} s.`,
        );
    },
    (error: unknown) => console.error('Could not read the store ahead:', error),
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Tagscout could not start:', error);
  }
  process.exit(1);
});
