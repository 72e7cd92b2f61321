// The registry mirror this project is built against lacks some of Biome's per-platform binaries, so npm
// leaves them out of package-lock.json and `npm ci` then refuses the lockfile. npm never fetches an
// optional package for another platform, so recording them (with their os/cpu) is enough.
// Run after changing dependencies: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './ensure-deps.mjs';

const lockPath = join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const platforms = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'android-x64': { os: ['android'], cpu: ['x64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'linux-arm64': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
  'linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'linux-x64': { os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
  'linux-x64-musl': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
  'win32-arm64': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64': { os: ['win32'], cpu: ['x64'] },
};

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!path.endsWith('node_modules/@biomejs/biome')) continue;
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `${path.slice(0, -'@biomejs/biome'.length)}${name}`;
    if (lock.packages[key]) continue;
    const platform = platforms[name.replace('@biomejs/cli-', '')];
    if (!platform) throw new Error(`unknown Biome platform package ${name}`);
    lock.packages[key] = { version, dev: true, optional: true, ...platform };
    added++;
  }
}
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: recorded ${added} missing platform package(s)`);
