// `npm start`: install what is missing, build what changed, seed an empty store with the sample corpus
// (a step of its own, so the server never loads the generator), then run the server. package.json
// runs this with `exec`: npm passes a SIGTERM only to its child, and a shell in between would die
// of it and leave this script and the server running.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildChanged } from './build-changed.mjs';
import { ensureDependencies, root } from './ensure-deps.mjs';

ensureDependencies();
buildChanged();
const seeding = spawnSync(process.execPath, [join(root, 'scripts/seed-sample.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (seeding.status !== 0) process.exit(seeding.status ?? 1);

// A 64 MB young generation (V8's default is 16): under load, requests waiting for their turn
// outlive the default's scavenges and get promoted; 20-40% more requests per second at 200 and 400
// connections (bench/HISTORY.md, "Overload: one accept per loop turn"). The bench runs it the same way.
const NODE_FLAGS = ['--max-semi-space-size=64'];
const server = spawn(process.execPath, [...NODE_FLAGS, join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
// The server shuts itself down gracefully; this wrapper only passes signals on and waits.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
