import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);

  let isClosing = false;
  const shutDown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info(`${signal} received: finishing in-flight requests and closing the database`);
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutDown('SIGINT'));
  process.on('SIGTERM', () => void shutDown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(`Tagscout is ready on http://localhost:${port}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Tagscout could not start:', error);
  }
  process.exit(1);
});
