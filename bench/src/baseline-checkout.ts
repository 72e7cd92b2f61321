import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  symlinkSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './processes.js';

/**
 * Makes an older checkout (BENCH_BASELINE) runnable with this checkout's installed packages: where it
 * has no node_modules, one whose entries link to this checkout's, but for the workspace's own
 * packages (@tagscout/*), which link to the checkout's own folders. A plain link to this checkout's
 * node_modules would not do: its @tagscout links lead back here, and the old server would run this
 * checkout's core. Throws when an existing node_modules has that fault.
 */
export function prepareBaselineCheckout(dir: string): void {
  const modules = join(dir, 'node_modules');
  if (!existsSync(modules)) linkModules(modules);
  // A workspace's own node_modules (packages npm could not hoist) hold nothing of the workspace's.
  for (const workspace of WORKSPACES) {
    const own = join(REPO_ROOT, workspace, 'node_modules');
    const theirs = join(dir, workspace, 'node_modules');
    if (existsSync(own) && existsSync(join(dir, workspace)) && !existsSync(theirs)) symlinkSync(own, theirs);
  }
  const core = realpathSync(join(modules, '@tagscout/core'));
  if (relative(realpathSync(dir), core).startsWith('..')) {
    throw new Error(
      `${dir}'s @tagscout/core is ${core}, not its own: remove ${modules} and the bench links it anew`,
    );
  }
}

const WORKSPACES: string[] = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).workspaces;

function linkModules(modules: string): void {
  const ours = join(REPO_ROOT, 'node_modules');
  mkdirSync(join(modules, '@tagscout'), { recursive: true });
  for (const entry of readdirSync(ours)) {
    if (entry !== '@tagscout') symlinkSync(join(ours, entry), join(modules, entry));
  }
  // The workspace links are relative (../../packages/core): the same text points into the checkout.
  for (const entry of readdirSync(join(ours, '@tagscout'))) {
    symlinkSync(readlinkSync(join(ours, '@tagscout', entry)), join(modules, '@tagscout', entry));
  }
}
