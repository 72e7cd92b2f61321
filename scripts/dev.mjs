// `npm run dev`: the API with reload on change (tsx watch) and the Vite dev server with hot reload.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, root } from './ensure-deps.mjs';

ensureDependencies();
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
