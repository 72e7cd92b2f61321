import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { ProjectOrderSequencer } from './vitest-sequencer.ts';

// Workspace packages export their TypeScript sources under the "source" condition,
// so tests run against src/ without a build (see docs/decisions/004-loading-core.md).
const sourceFirst = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};

/** Tests of whole server processes whose timings matter (see the 'process' project). */
const PROCESS_TESTS = ['apps/server/src/plugins/load-shedding.test.ts'];

/** Tests of several built server processes, or one killed, that time nothing (see 'lifecycle'). */
const SERVER_PROCESS_TESTS = [
  'apps/server/src/store-beside-operator.test.ts',
  'apps/server/src/cluster.test.ts',
];

/** The web tests of the production build: the test files beside apps/web/vite.config.ts, not in src/. */
const WEB_BUILD_TESTS = ['*.test.ts'];

/** The test files under a folder that replace modules (vi.mock and the like). */
function filesReplacingModules(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.(ts|mjs)$/.test(file))
    .map((file) => `${folder}/${file}`)
    .filter((file) => /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/.test(readFileSync(file, 'utf8')))
    .sort();
}

/**
 * The server test files that replace modules. The server project runs without isolation, evaluating
 * a module once for all the files a worker runs, so a replacement would miss a module an earlier file
 * imported or reach the files after it: these run isolated ('server-mocks').
 */
const SERVER_MOCKING = filesReplacingModules('apps/server/src');

// The unit and corpus projects run without isolation too, and have no isolated twin.
const UNIT_MOCKING = ['packages', 'scripts', 'bench/src'].flatMap(filesReplacingModules);
if (UNIT_MOCKING.length > 0) {
  throw new Error(
    `unit tests run without isolation and must not replace modules: ${UNIT_MOCKING.join(', ')}`,
  );
}

/**
 * The unit and corpus projects' settings: functions of plain values, replacing no module, so a worker
 * imports the packages once for all its files (a process per file took 20 s of the run for 9 s of
 * tests; 11 s without). What a test stubs or spies on is undone after it, so it cannot reach a later file.
 */
const WITHOUT_ISOLATION = {
  isolate: false,
  restoreMocks: true,
  unstubGlobals: true,
  unstubEnvs: true,
} as const;

/** The server project's settings, shared with 'server-mocks'. */
const SERVER_TEST = {
  environment: 'node',
  // Each test's app copies a migrated store made once per run instead of migrating its own.
  globalSetup: ['apps/server/src/test/migrated-templates.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  ...sourceFirst,
  test: {
    // One test file per core (Vitest's default leaves one core free, which on a 2-core machine runs
    // every file one after another). Browser files wait on their server and Chromium much of the time,
    // so they share the pool with the rest instead of running alone at the end.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: ProjectOrderSequencer },
    projects: [
      {
        ...sourceFirst,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'scripts/*.test.mjs', 'bench/src/**/*.test.ts'],
          exclude: ['packages/corpus/**'],
          environment: 'node',
          ...WITHOUT_ISOLATION,
        },
      },
      {
        ...sourceFirst,
        // Generates whole corpora (about 2 s each at the default sizes; more on a loaded machine).
        test: {
          name: 'corpus',
          include: ['packages/corpus/src/**/*.test.ts'],
          environment: 'node',
          ...WITHOUT_ISOLATION,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      // The web app's components against fakes checked against the server's OpenAPI document
      // (apps/web/vite.config.ts): the details of one screen, which the browser tests leave to it.
      // Each file still gets a page and modules of its own, in a VM context of a worker that loaded
      // jsdom and the libraries once (vmForks), instead of in a process of its own (jsdom took 2-5 s a
      // file, more than most take to run).
      {
        extends: './apps/web/vite.config.ts',
        root: './apps/web',
        test: { name: 'web', pool: 'vmForks', exclude: [...configDefaults.exclude, ...WEB_BUILD_TESTS] },
      },
      {
        extends: './apps/web/vite.config.ts',
        root: './apps/web',
        // The production build's plugins (node environment), whose bundler's native bindings take
        // nothing made in a VM context: in processes of their own.
        test: { name: 'web-build', exclude: [...configDefaults.exclude, 'src/**'] },
      },
      {
        ...sourceFirst,
        test: {
          ...SERVER_TEST,
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [...PROCESS_TESTS, ...SERVER_PROCESS_TESTS, ...SERVER_MOCKING],
          // A worker imports the app's modules once for all its files instead of once per file (the
          // import was half the project's time): each app, its store and its timers are the file's
          // own and closed by it. A file that replaces modules runs isolated ('server-mocks').
          isolate: false,
        },
      },
      ...(SERVER_MOCKING.length > 0
        ? [{ ...sourceFirst, test: { ...SERVER_TEST, name: 'server-mocks', include: SERVER_MOCKING } }]
        : []),
      {
        ...sourceFirst,
        // Server processes under load, timed (load shedding): run after every other project, so the
        // machine's other work does not decide their timings. Whole-process tests that no timing
        // decides are 'lifecycle'.
        test: {
          name: 'process',
          include: PROCESS_TESTS,
          environment: 'node',
          // They start the built server (test/built-server.ts), built first if the tree is newer.
          globalSetup: ['apps/server/src/test/built-server.ts'],
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
          // Imports the sample corpus once per build (about 30 s), in the background; startSeededServer waits for it.
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
        // stop, a bad environment, saves across kill -9, a store read beside it, two processes on one
        // port. Their timings decide nothing, so they share the pool with the other projects' files.
        test: {
          name: 'lifecycle',
          include: ['e2e/lifecycle/*.spec.ts', ...SERVER_PROCESS_TESTS],
          environment: 'node',
          // The server's tests among them start the built server, built first if the tree is newer.
          globalSetup: ['apps/server/src/test/built-server.ts'],
          // Ten kill -9 cycles, each starting the server again, take 90-150 s on a loaded machine.
          testTimeout: 240_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
