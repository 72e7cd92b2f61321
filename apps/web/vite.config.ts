import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { buildStamp } from './vite-build-stamp.ts';
import { precompress } from './vite-precompress.ts';

// "source" resolves workspace packages (@tagscout/core) to their TypeScript sources.
export default defineConfig({
  plugins: [react(), precompress(), buildStamp()],
  // Vite's cache (and the tests' optimized dependencies) in the repository's node_modules, not a
  // node_modules of apps/web: a folder created in apps/web makes `npm start` see the app as changed
  // (scripts/build-changed.mjs) and rebuild it under the servers already running from it.
  cacheDir: '../../node_modules/.vite/web',
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: {
    chunkSizeWarningLimit: 1500,
    // zod's schema builders only build objects: a schema no screen uses is left out of the bundle.
    rolldownOptions: {
      treeshake: {
        manualPureFunctions: ['z'],
        moduleSideEffects: (id: string) => !id.includes('/packages/core/src/'),
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // jsdom takes 0.5-1 s of CPU to render a form of MUI fields; beside the browser tests on a busy
    // 2-core machine that is several seconds, so tests and their waits for the screen get room for it.
    testTimeout: 20_000,
    setupFiles: ['src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
  },
});
