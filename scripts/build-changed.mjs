// The build `npm start` runs: the server always (tsc -b skips what is current by itself), the web app
// only when a file it is built from changed since its last build (Vite redoes all of it, 10-20 s).
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './ensure-deps.mjs';

// What Vite reads: the web app (not its output or native projects), core's sources, the lockfile.
const WEB_INPUTS = ['apps/web', 'packages/core/src', 'packages/core/package.json', 'package-lock.json'];
const NOT_INPUTS = new Set(['dist', 'node_modules', 'android', 'ios']);
const WEB_BUILT = join(root, 'apps/web/dist/index.html');

export function buildChanged() {
  if (isWebBuildCurrent()) {
    console.log('Building the server (the web app is up to date)...');
  } else {
    console.log('Building the web app and the server...');
    const startedAt = new Date();
    run('npm run build --silent --workspace=@tagscout/web');
    // Dated when the build began, so a file saved while it ran is built next time.
    utimesSync(WEB_BUILT, startedAt, startedAt);
  }
  run('npm run build:server --silent');
}

function isWebBuildCurrent() {
  if (!existsSync(WEB_BUILT)) return false;
  const builtAt = statSync(WEB_BUILT).mtimeMs;
  return WEB_INPUTS.every((input) => newestChange(join(root, input)) <= builtAt);
}

/** The latest modification under a path; a folder's own time changes when a file is added or removed. */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (!NOT_INPUTS.has(entry)) newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}
