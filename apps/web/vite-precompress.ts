import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** Text the server sends often; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than its extra headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside each text file of the build, at the highest levels (once
 * per build, so the server compresses nothing per request; apps/server/src/plugins/web.ts sends them).
 * A copy that is not smaller is not written. Off in the `mobile` mode: Capacitor bundles the files
 * into the app, whose package is compressed as a whole.
 */
export function precompress(): Plugin {
  return {
    name: 'tagscout:precompress',
    apply: (_config, { command, mode }) => command === 'build' && mode !== 'mobile',
    async writeBundle({ dir }) {
      if (!dir) return;
      const files = await readdir(dir, { recursive: true, encoding: 'utf8' });
      await Promise.all(
        files.filter((file) => COMPRESSIBLE.test(file)).map((file) => writeCompressed(join(dir, file))),
      );
    },
  };
}

async function writeCompressed(file: string): Promise<void> {
  const original = await readFile(file);
  if (original.length < MIN_BYTES) return;
  const [brotli, gzipped] = await Promise.all([
    compressBrotli(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    compressGzip(original, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    brotli.length < original.length && writeFile(`${file}.br`, brotli),
    gzipped.length < original.length && writeFile(`${file}.gz`, gzipped),
  ]);
}
