/**
 * One layering rule of docs/architecture.md that needs a graph of its own, run by `npm run lint:layers`
 * after .dependency-cruiser.cjs. A `reachable` rule follows every path, and every route reaches
 * repositories through its services by design; so this graph leaves out services, wiring and tests, and
 * type-only imports (they run no code). A repository a route or a plugin still reaches, it reaches
 * through a helper.
 */
const main = require('./.dependency-cruiser.cjs');

const { SERVER, TESTS, REPOSITORY, SERVICE, ROUTES, WIRING } = main.layers;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'routes-reach-repositories-only-through-services',
      comment:
        'A route or plugin reaches data through a service: no helper, presenter or provider between it and a repository (the graph here has no services, wiring or tests).',
      severity: 'error',
      from: { path: [ROUTES, `${SERVER}plugins/`] },
      to: { path: REPOSITORY, reachable: true },
    },
  ],
  options: {
    ...main.options,
    tsPreCompilationDeps: false,
    exclude: { path: [main.options.exclude.path, SERVICE, WIRING, TESTS] },
  },
};
