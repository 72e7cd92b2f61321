// `npm run dev`: the API with reload on change (tsx watch) and the Vite dev server with hot reload.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, root } from './ensure-deps.mjs';

ensureDependencies();
// The sample corpus into an empty store, from the sources (no build needed), before the API starts.
const seeding = spawnSync(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', join(root, 'scripts/seed-sample.mjs')],
  { cwd: root, stdio: 'inherit' },
);
if (seeding.status !== 0) process.exit(seeding.status ?? 1);
const children = [
  spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', '--watch', join(root, 'apps/server/src/main.ts')],
    { cwd: root, stdio: 'inherit' },
  ),
  spawn('npx', ['vite', '--host'], { cwd: join(root, 'apps/web'), stdio: 'inherit' }),
];
console.log('API on http://localhost:8080, app with hot reload on http://localhost:5173');
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(0);
  });
}
