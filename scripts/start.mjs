// `npm start`: install what is missing, build, then run the server (which migrates and seeds the database).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, root, run } from './ensure-deps.mjs';

ensureDependencies();
console.log('Building the web app and the server...');
run('npm run build --silent');

const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
// The server shuts itself down gracefully; this wrapper only passes signals on and waits.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
