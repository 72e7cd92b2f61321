import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isWebBuildCurrent } from './build-changed.mjs';

const BUILT_AT = new Date('2026-01-02T00:00:00Z');
const BEFORE = new Date('2026-01-01T00:00:00Z');
const AFTER = new Date('2026-01-03T00:00:00Z');
const roots = [];

/** A checkout with the web app, three workspace packages (corpus not imported by it) and a built app. */
function makeCheckout({ stamp = { mode: 'production', env: {} } } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'tagscout-build-changed-'));
  roots.push(root);
  const write = (path, text = '') => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const workspaces = ['packages/core', 'packages/sources', 'packages/corpus', 'apps/web'];
  write('package.json', JSON.stringify({ workspaces }));
  write('package-lock.json', '{}');
  write('packages/core/package.json', JSON.stringify({ name: '@tagscout/core' }));
  write('packages/core/src/index.ts');
  const onCore = { dependencies: { '@tagscout/core': '0.1.0' } };
  write('packages/sources/package.json', JSON.stringify({ name: '@tagscout/sources', ...onCore }));
  write('packages/sources/src/index.ts');
  write('packages/corpus/package.json', JSON.stringify({ name: '@tagscout/corpus', ...onCore }));
  write('packages/corpus/src/index.ts');
  const webDependencies = { react: '19.3.1', '@tagscout/sources': '0.1.0' };
  write('apps/web/package.json', JSON.stringify({ name: '@tagscout/web', dependencies: webDependencies }));
  write('apps/web/src/main.tsx');
  write('apps/web/dist/index.html');
  if (stamp) write('apps/web/dist/.build-stamp.json', JSON.stringify(stamp));
  setTimes(root, BEFORE);
  utimesSync(join(root, 'apps/web/dist/index.html'), BUILT_AT, BUILT_AT);
  return root;
}

function setTimes(root, time) {
  for (const path of [
    'package.json',
    'package-lock.json',
    'packages/core/package.json',
    'packages/core/src/index.ts',
    'packages/core/src',
    'packages/sources/package.json',
    'packages/sources/src/index.ts',
    'packages/sources/src',
    'packages/corpus/src/index.ts',
    'packages/corpus/src',
    'apps/web/package.json',
    'apps/web/src/main.tsx',
    'apps/web/src',
    'apps/web/dist/.build-stamp.json',
    'apps/web/dist',
    'apps/web',
  ]) {
    try {
      utimesSync(join(root, path), time, time);
    } catch {
      // absent in this checkout (no stamp)
    }
  }
}

function touch(root, path) {
  utimesSync(join(root, path), AFTER, AFTER);
}

describe('isWebBuildCurrent', () => {
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('counts a production build with the same environment as current until an input changes', () => {
    const root = makeCheckout();
    expect(isWebBuildCurrent({ root, env: {} })).toBe(true);
    touch(root, 'apps/web/src/main.tsx');
    expect(isWebBuildCurrent({ root, env: {} })).toBe(false);
  });

  it('rebuilds when the sources of a package the web app imports changed, directly or through another', () => {
    const sources = makeCheckout();
    touch(sources, 'packages/sources/src/index.ts');
    expect(isWebBuildCurrent({ root: sources, env: {} })).toBe(false);

    const core = makeCheckout();
    touch(core, 'packages/core/src/index.ts');
    expect(isWebBuildCurrent({ root: core, env: {} })).toBe(false);
  });

  it('ignores workspace packages the web app does not import', () => {
    const root = makeCheckout();
    touch(root, 'packages/corpus/src/index.ts');
    expect(isWebBuildCurrent({ root, env: {} })).toBe(true);
  });

  it('rebuilds after `VITE_API_BASE_URL=… npm run mobile:sync`: another mode and environment', () => {
    const mobile = { mode: 'mobile', env: { VITE_API_BASE_URL: 'https://api.example.com' } };
    const root = makeCheckout({ stamp: mobile });
    expect(isWebBuildCurrent({ root, env: {} })).toBe(false);
    expect(isWebBuildCurrent({ root, env: { VITE_API_BASE_URL: 'https://api.example.com' } })).toBe(false);
  });

  it('rebuilds when the VITE_* environment differs from the build’s, and ignores other variables', () => {
    const root = makeCheckout({
      stamp: { mode: 'production', env: { VITE_API_BASE_URL: 'https://a.example' } },
    });
    expect(isWebBuildCurrent({ root, env: { VITE_API_BASE_URL: 'https://b.example' } })).toBe(false);
    expect(isWebBuildCurrent({ root, env: {} })).toBe(false);
    expect(isWebBuildCurrent({ root, env: { VITE_API_BASE_URL: 'https://a.example', HOME: '/x' } })).toBe(
      true,
    );
  });

  it('rebuilds a build that recorded nothing about how it was made', () => {
    const root = makeCheckout({ stamp: null });
    expect(isWebBuildCurrent({ root, env: {} })).toBe(false);
  });
});
