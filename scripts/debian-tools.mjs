// Debian's chromium drives the browser tests; sqlite3 reads a live store beside a running server
// (store-beside-operator.test.ts), as an operator would. Installed with apt-get when missing and root.
// Uses only Node built-ins; CI runs it right after `npm ci`, beside the lint (.ci/run).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { run } from './ensure-deps.mjs';

const debianTools = { '/usr/bin/chromium': 'chromium', '/usr/bin/sqlite3': 'sqlite3' };

export function ensureDebianTools() {
  const missing = Object.entries(debianTools)
    .filter(([path]) => !existsSync(path))
    .map(([, name]) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `The tests need Debian's ${missing.join(' and ')}. Install with: sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(' and ')} for the tests (apt-get)...`);
  run(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, {
    shell: '/bin/bash',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureDebianTools();
