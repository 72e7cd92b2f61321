import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { buildStamp } from './vite-build-stamp';
import { precompress } from './vite-precompress';

// "source" resolves workspace packages (@tagscout/core) to their TypeScript sources.
export default defineConfig({
  plugins: [react(), precompress(), buildStamp()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: { chunkSizeWarningLimit: 1500 },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'vite-precompress.test.ts', 'vite-build-stamp.test.ts'],
  },
});
