// `npm test`: install what is missing, build what changed, run every suite (unit, web, server, e2e) with Vitest,
// and end with one line "N passed, N failed, N skipped" that adds up every suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildChanged } from './build-changed.mjs';
import { ensureDebianTools } from './debian-tools.mjs';
import { ensureDependencies, root } from './ensure-deps.mjs';

ensureDependencies();
ensureDebianTools();
// The web app only when a file it is built from changed (as `npm start` does); the server always.
buildChanged();

const resultsDir = join(root, 'test-results');
const resultsFile = join(resultsDir, 'vitest.json');
mkdirSync(resultsDir, { recursive: true });
rmSync(resultsFile, { force: true });

const vitest = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
    ...process.argv.slice(2),
  ],
  // No test reaches the internet: servers the tests start get no Bluesky consumer unless a test
  // points one at its fake Jetstream.
  { cwd: root, stdio: 'inherit', env: { ...process.env, BLUESKY_JETSTREAM_URL: '' } },
);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(resultsFile)) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed = results.numPassedTests;
  skipped = results.numPendingTests + results.numTodoTests;
  // A file that fails to load has no tests of its own: count it as one failure so it is never silent.
  const brokenFiles = results.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  );
  failed = results.numFailedTests + brokenFiles.length;
}
if (vitest.status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
