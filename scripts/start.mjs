// `npm start`: install what is missing, build, seed an empty store with the sample corpus (a step of its
// own, so the server never loads the generator), then run the server.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, root, run } from './ensure-deps.mjs';

ensureDependencies();
console.log('Building the web app and the server...');
run('npm run build --silent');
const seeding = spawnSync(process.execPath, [join(root, 'scripts/seed-sample.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (seeding.status !== 0) process.exit(seeding.status ?? 1);

const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
// The server shuts itself down gracefully; this wrapper only passes signals on and waits.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
