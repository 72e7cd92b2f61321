// The build `npm start` runs: the server always (tsc -b skips what is current by itself), the web app
// only when the last build was a production build with today's VITE_* environment and no file it is
// built from changed since (Vite redoes all of it, 10-20 s).
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './ensure-deps.mjs';

const WEB_DIR = 'apps/web';
/** Written by every build of the web app (apps/web/vite-build-stamp.ts): its mode and VITE_* environment. */
const BUILD_STAMP = '.build-stamp.json';
const WEB_MODE = 'production';
const NOT_INPUTS = new Set(['dist', 'node_modules', 'android', 'ios']);

export function buildChanged() {
  if (isWebBuildCurrent({ root, env: process.env })) {
    console.log('Building the server (the web app is up to date)...');
  } else {
    console.log('Building the web app and the server...');
    const startedAt = new Date();
    run(`npm run build --silent --workspace=@tagscout/web -- --mode ${WEB_MODE}`);
    // Dated when the build began, so a file saved while it ran is built next time.
    utimesSync(join(root, WEB_DIR, 'dist/index.html'), startedAt, startedAt);
  }
  run('npm run build:server --silent');
}

/**
 * Whether apps/web/dist is what a production build would make now: built in that mode with the same
 * VITE_* variables (not, say, by `VITE_API_BASE_URL=… npm run mobile:sync`), and no input newer.
 */
export function isWebBuildCurrent({ root, env }) {
  const built = join(root, WEB_DIR, 'dist/index.html');
  if (!existsSync(built)) return false;
  if (!isSameBuild(readStamp(join(root, WEB_DIR, 'dist', BUILD_STAMP)), { mode: WEB_MODE, env }))
    return false;
  const builtAt = statSync(built).mtimeMs;
  return webInputs(root).every((input) => newestChange(join(root, input)) <= builtAt);
}

/** What Vite reads: the web app (not its output or native projects), every workspace package it imports, the lockfile. */
function webInputs(root) {
  const packages = importedWorkspaces(root, WEB_DIR);
  return [WEB_DIR, 'package-lock.json', ...packages.flatMap((dir) => [`${dir}/src`, `${dir}/package.json`])];
}

/** The folders of the workspace packages a package depends on, directly or through one another. */
function importedWorkspaces(root, fromDir) {
  const dirsByName = new Map();
  for (const dir of readJson(join(root, 'package.json')).workspaces ?? []) {
    const manifest = join(root, dir, 'package.json');
    if (existsSync(manifest)) dirsByName.set(readJson(manifest).name, dir);
  }
  const found = new Set();
  const visit = (dir) => {
    const { dependencies = {}, devDependencies = {} } = readJson(join(root, dir, 'package.json'));
    for (const name of Object.keys({ ...dependencies, ...devDependencies })) {
      const dependencyDir = dirsByName.get(name);
      if (dependencyDir && !found.has(dependencyDir)) {
        found.add(dependencyDir);
        visit(dependencyDir);
      }
    }
  };
  visit(fromDir);
  return [...found];
}

function readStamp(path) {
  if (!existsSync(path)) return undefined;
  try {
    return readJson(path);
  } catch {
    return undefined;
  }
}

function isSameBuild(stamp, { mode, env }) {
  if (stamp?.mode !== mode) return false;
  const wanted = viteVariables(env);
  const recorded = viteVariables(stamp.env ?? {});
  const names = new Set([...Object.keys(wanted), ...Object.keys(recorded)]);
  return [...names].every((name) => wanted[name] === recorded[name]);
}

/** The variables Vite puts in the bundle from the environment (import.meta.env.VITE_*). */
function viteVariables(env) {
  return Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('VITE_')));
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

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}
