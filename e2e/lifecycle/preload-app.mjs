// Preloaded into the built server (`node --import`) by spawnPreloadedServer (fixtures.ts): loads the
// app's modules, then waits for a line on stdin before main.js runs, which then finds them loaded.
await import('@tagscout/server/app');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.destroy();
