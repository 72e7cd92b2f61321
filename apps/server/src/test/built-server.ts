import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The built server, which the 'process' project's tests start as whole processes: Node loads it in
 * half the CPU time of main.ts through tsx (2.7 s against 5.5 s a process; a cluster of two workers
 * 5-7.5 s against 12-14 s), and those tests run one file at a time at the end of the run.
 */
export const BUILT_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/**
 * The 'process' project's globalSetup: builds the server first, so its tests never start a build older
 * than the tree (tsc -b has nothing to do after `npm test`'s own build, about a second). The compiler is
 * the one `npm run build:server` runs (docs/decisions/037-typescript-7-for-checks-and-build.md).
 */
export function setup(): void {
  execFileSync(process.execPath, [`${REPO_ROOT}node_modules/typescript-7/bin/tsc`, '-b', 'apps/server'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
}
