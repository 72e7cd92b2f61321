// @vitest-environment node
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const webRoot = import.meta.dirname;
/** Issue 33: what a first visit downloads before the search box takes input (decision 033). */
const FIRST_SCREEN_BUDGET_BYTES = 300 * 1024;

let outDir: string;
let firstScreen: Rolldown.OutputChunk[];

/**
 * The production build of the real app, and its first screen's scripts: the entry and every chunk it
 * imports statically, which a browser fetches before the search box works (what
 * bench/src/typing-latency.ts counts); screens and texts loaded on demand are dynamic imports.
 */
beforeAll(async () => {
  // Vitest runs with NODE_ENV=test, which would build React's development copy into the bundle.
  vi.stubEnv('NODE_ENV', 'production');
  outDir = mkdtempSync(join(tmpdir(), 'tagscout-first-screen-'));
  const result = await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
  const chunks = (Array.isArray(result) ? result : [result])
    .flatMap((output) => ('output' in output ? output.output : []))
    .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  firstScreen = staticClosure(chunks);
}, 120_000);

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(outDir, { recursive: true, force: true });
});

describe("the first screen's scripts", () => {
  it('hold no zod: the first screen validates nothing with it', () => {
    const zodModules = firstScreen.flatMap((chunk) =>
      chunk.moduleIds
        .filter((id) => id.includes('/node_modules/zod/'))
        .map((id) => `${chunk.fileName}: ${id}`),
    );
    expect(zodModules).toEqual([]);
  });

  it('are at most 300 KB as sent (brotli where the build writes a copy)', () => {
    const sentBytes = firstScreen.reduce((sum, chunk) => sum + sentSize(join(outDir, chunk.fileName)), 0);
    expect(sentBytes).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_BYTES);
  });
});

/** The entry chunks and every chunk they import statically, transitively. */
function staticClosure(chunks: Rolldown.OutputChunk[]): Rolldown.OutputChunk[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const reached = new Set<Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (reached.has(chunk)) return;
    reached.add(chunk);
    for (const file of chunk.imports) visit(byFile.get(file)!);
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
  return [...reached];
}

/** The bytes the server sends for a file: its brotli copy when the build wrote one (vite-precompress.ts). */
function sentSize(file: string): number {
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
}
