// @vitest-environment node
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { isWebBuildCurrent } from '../../scripts/build-changed.mjs';

const webRoot = import.meta.dirname;
const repoRoot = join(webRoot, '..', '..');
const outDirs: string[] = [];

/** The files of apps/web/dist, when it is what a production build would make now (npm test builds it first). */
function currentProductionBuild(): string[] | undefined {
  if (!isWebBuildCurrent({ root: repoRoot, env: process.env })) return undefined;
  const dist = join(webRoot, 'dist');
  return readdirSync(dist, { recursive: true, encoding: 'utf8' }).map((file) => join(dist, file));
}

/** `vite build` of the real app with its real config, into a directory of its own. */
async function buildApp(mode: string): Promise<string[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'tagscout-build-'));
  outDirs.push(outDir);
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    mode,
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
  return readdirSync(outDir, { recursive: true, encoding: 'utf8' }).map((file) => join(outDir, file));
}

describe('the production build', () => {
  afterAll(() => {
    for (const outDir of outDirs) rmSync(outDir, { recursive: true, force: true });
  });

  it('writes a brotli and a gzip copy beside every script and page, each smaller and the same once unpacked', async () => {
    const files = currentProductionBuild() ?? (await buildApp('production'));
    const texts = files.filter((file) => /\.(js|css|html)$/.test(file) && statSync(file).size >= 1024);
    expect(texts.some((file) => file.endsWith('index.html'))).toBe(true);
    expect(texts.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(10);
    for (const file of texts) {
      const original = readFileSync(file);
      const brotli = readFileSync(`${file}.br`);
      const gzip = readFileSync(`${file}.gz`);
      expect(brotliDecompressSync(brotli).equals(original), file).toBe(true);
      expect(gunzipSync(gzip).equals(original), file).toBe(true);
      expect(brotli.length, file).toBeLessThan(gzip.length);
      expect(gzip.length, file).toBeLessThan(original.length);
    }
  }, 120_000);

  it('leaves the mobile build as it is: the app stores compress the bundle themselves', async () => {
    const files = await buildApp('mobile');
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    expect(files.filter((file) => /\.(br|gz)$/.test(file))).toEqual([]);
    expect(files.every((file) => !existsSync(`${file}.br`))).toBe(true);
  }, 120_000);
});
