import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript sources under the "source" condition,
// so tests run against src/ without a build (see docs/decisions/004-loading-core.md).
const sourceFirst = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};

/** Tests of whole server processes (see the 'process' project). */
const PROCESS_TESTS = [
  'apps/server/src/plugins/load-shedding.test.ts',
  'apps/server/src/store-beside-operator.test.ts',
  'apps/server/src/cluster.test.ts',
];

export default defineConfig({
  ...sourceFirst,
  test: {
    // One test file per core (Vitest's default leaves one core free, which on a 2-core machine runs
    // every file one after another). Browser files wait on their server and Chromium much of the time,
    // so they share the pool with the rest instead of running alone at the end.
    maxWorkers: availableParallelism(),
    projects: [
      {
        ...sourceFirst,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'scripts/*.test.mjs'],
          exclude: ['packages/corpus/**'],
          environment: 'node',
        },
      },
      {
        ...sourceFirst,
        // Generates whole corpora (about 2 s each at the default sizes; more on a loaded machine).
        test: {
          name: 'corpus',
          include: ['packages/corpus/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      // The web app's components against fakes checked against the server's OpenAPI document
      // (apps/web/vite.config.ts): the details of one screen, which the browser tests leave to it.
      'apps/web',
      {
        ...sourceFirst,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: PROCESS_TESTS,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...sourceFirst,
        // Server processes under load, timed (load shedding), killed (kill -9) or several at once
        // (cluster): run after every other project and one file at a time, so the machine's other
        // work does not decide their timings. Whole-process tests that no timing decides are 'lifecycle'.
        test: {
          name: 'process',
          include: PROCESS_TESTS,
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        ...sourceFirst,
        // The built app in Chromium: the flows a user walks (sign up, search to copy, save a collection,
        // buy, the guide), in one viewport unless the layout is what is tested. A detail of one screen is
        // a web component test against the contract-checked fakes instead.
        test: {
          name: 'e2e',
          include: ['e2e/*.spec.ts'],
          environment: 'node',
          // Imports the sample corpus once per build (about 40 s) before the files that copy it run.
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          // A server and Chromium start side by side in most files' first hook, on a loaded machine.
          hookTimeout: 120_000,
          // expect.poll gives up after 1 s by default: a quarry's second run on a loaded machine takes
          // longer (prospecting.spec failed so twice at load 10-14).
          expect: { poll: { timeout: 20_000 } },
        },
      },
      {
        ...sourceFirst,
        // The built server as a whole process, without a browser: `npm start` and its signals, a graceful
        // stop, a bad environment, saves across kill -9. Their timings decide nothing, so they share the
        // pool with the other projects' files.
        test: {
          name: 'lifecycle',
          include: ['e2e/lifecycle/*.spec.ts'],
          environment: 'node',
          // Ten kill -9 cycles, each starting the server again, take 90-150 s on a loaded machine.
          testTimeout: 240_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
