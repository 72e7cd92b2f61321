import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** Read by scripts/build-changed.mjs. Served like any file of the build: what it holds is in the bundle already. */
export const BUILD_STAMP = '.build-stamp.json';

/**
 * Writes how the build was made, its mode and the VITE_* variables of its environment (which Vite
 * puts in the bundle), to `dist/.build-stamp.json`. `npm start` rebuilds when they are not its own:
 * after `VITE_API_BASE_URL=… npm run mobile:sync` the output has no compressed copies and calls a
 * remote API.
 */
export function buildStamp(): Plugin {
  let mode = '';
  return {
    name: 'tagscout:build-stamp',
    apply: 'build',
    configResolved(config) {
      mode = config.mode;
    },
    async writeBundle({ dir }) {
      if (!dir) return;
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => name.startsWith('VITE_')),
      );
      await writeFile(join(dir, BUILD_STAMP), `${JSON.stringify({ mode, env })}\n`);
    },
  };
}
