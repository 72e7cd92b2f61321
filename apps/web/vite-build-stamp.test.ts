// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILD_STAMP, buildStamp } from './vite-build-stamp';

const dirs: string[] = [];

/** A `vite build` of a one-page app with only this plugin, into a directory of its own. */
async function buildPage(mode: string): Promise<unknown> {
  const root = mkdtempSync(join(tmpdir(), 'tagscout-stamp-'));
  dirs.push(root);
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
  const outDir = join(root, 'dist');
  await build({
    root,
    configFile: false,
    mode,
    logLevel: 'silent',
    plugins: [buildStamp()],
    build: { outDir },
  });
  return JSON.parse(readFileSync(join(outDir, BUILD_STAMP), 'utf8'));
}

describe('the build stamp', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('records the mode and the VITE_* variables of the environment, and no others', async () => {
    vi.stubEnv('VITE_API_BASE_URL', 'https://api.example.com');
    vi.stubEnv('TAGSCOUT_SECRET', 'not for the bundle');
    expect(await buildPage('mobile')).toEqual({
      mode: 'mobile',
      env: { VITE_API_BASE_URL: 'https://api.example.com' },
    });
  });

  it('records a production build without VITE_* variables as such', async () => {
    vi.stubEnv('VITE_API_BASE_URL', undefined);
    const stamp = (await buildPage('production')) as { mode: string; env: Record<string, string> };
    expect(stamp.mode).toBe('production');
    expect(stamp.env).not.toHaveProperty('VITE_API_BASE_URL');
  });
});
