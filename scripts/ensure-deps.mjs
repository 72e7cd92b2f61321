// Installs npm dependencies from the committed lockfile when they are missing or stale.
// Uses only Node built-ins: it runs before anything is installed.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, options = {}) {
  execSync(command, { cwd: root, stdio: 'inherit', ...options });
}

/**
 * `buildNative: false` installs without the packages' install scripts (better-sqlite3 compiles SQLite
 * for about two minutes): CI builds them beside the lint (.ci/run), with a later call of this function.
 */
export function ensureDependencies({ buildNative = true } = {}) {
  const installed = join(root, 'node_modules', '.package-lock.json');
  const lockfile = join(root, 'package-lock.json');
  const isStale = !existsSync(installed) || statSync(lockfile).mtimeMs > statSync(installed).mtimeMs;
  if (isStale) {
    console.log('Installing dependencies (npm ci)...');
    run(`npm ci --no-audit --no-fund${buildNative ? '' : ' --ignore-scripts'}`);
  }
  if (!buildNative) return;
  const sqliteBinding = join(
    root,
    'node_modules',
    'better-sqlite3',
    'build',
    'Release',
    'better_sqlite3.node',
  );
  if (!existsSync(sqliteBinding)) {
    console.log('Building better-sqlite3...');
    // esbuild's install script too, in case the install skipped the scripts.
    run('npm rebuild better-sqlite3 esbuild');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureDependencies({ buildNative: !process.argv.includes('--without-native-build') });
}
