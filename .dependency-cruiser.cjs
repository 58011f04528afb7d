/**
 * The import rules of STYLE.md §4 and decisions 011 and 035, checked on resolved files: a rule
 * holds however an import is written (`#server/...`, `../../..`), which Biome's
 * `noRestrictedImports` (it matches specifiers) cannot promise. Run by `npm run lint`.
 *
 * Paths below are the resolved files, relative to the repository root.
 */

/** Files that only tests import: test files, the server's test helpers, fixtures, web/src/testing. */
const TEST_CODE = [
  '\\.test\\.tsx?$',
  '^server/test/',
  '^server/src/features/[^/]+/[^/]+-fixtures\\.ts$',
  '^web/src/testing/',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'contract-only-zod',
      comment:
        'The contract is shared by the server and the browser, so it imports zod and its own files ' +
        'only: no server, web, database, Node or React code (STYLE.md §4.1).',
      severity: 'error',
      from: { path: '^contract/', pathNot: TEST_CODE },
      to: { pathNot: ['^contract/src/', '^node_modules/zod/'] },
    },
    {
      name: 'contract-tests-only-zod-and-test-tools',
      comment:
        "The contract's own tests may add the test runner and fast-check, nothing from the apps.",
      severity: 'error',
      from: { path: '^contract/.+\\.test\\.ts$' },
      to: { pathNot: ['^contract/src/', '^node_modules/(zod|vitest|fast-check)/'] },
    },
    {
      name: 'no-web-to-server',
      comment:
        'The web app reaches the server only over HTTP, through the contract (STYLE.md §4.1).',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'no-server-to-web',
      comment:
        'The server never imports the web app: it serves the built files (web/dist) and the ' +
        'server-rendering bundle, and shares only the contract (STYLE.md §4.1, decision 022).',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^web/' },
    },
    {
      name: 'e2e-through-the-app',
      comment:
        'End-to-end tests drive the running app through the browser and the API: they import ' +
        'the contract and their own support files, never server, web, bench or script code.',
      severity: 'error',
      from: { path: '^e2e/' },
      to: { path: '^(server|web|bench|scripts)/' },
    },
    {
      name: 'app-not-to-tooling',
      comment:
        'Benchmarks, scripts and end-to-end tests use the app; the app (contract, server, web) ' +
        'never imports them. Build configuration (web/vite.config.ts) uses its plugins in ' +
        'scripts/, and tests may build the web app and the server (scripts/build-web.ts, build-server.ts).',
      severity: 'error',
      from: {
        path: '^(contract|server|web)/',
        pathNot: ['^web/vite\\.config\\.ts$', ...TEST_CODE],
      },
      to: { path: '^(bench|scripts|e2e)/' },
    },
    {
      name: 'test-code-only-in-tests',
      comment:
        'Test helpers and fixtures (server/test, *-fixtures.ts, web/src/testing, *.test.ts) are ' +
        'for tests: shipped code never imports them.',
      severity: 'error',
      from: { path: '^(contract|server|web)/', pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
    {
      name: 'feature-internals-private',
      comment:
        "A feature's repository and mapper are private to it: another feature calls the owning " +
        "feature's service, which publishes what others may use (decision 011, STYLE.md §4.3).",
      severity: 'error',
      from: { path: '^server/src/features/([^/]+)/' },
      to: {
        path: '^server/src/features/[^/]+/[^/]+\\.(repository|mapper)\\.ts$',
        pathNot: '^server/src/features/$1/',
      },
    },
    {
      name: 'feature-internals-private-outside-features',
      comment:
        "Nothing outside the features (app.ts, db/seed, lib, plugins, test helpers, bench) imports a feature's " +
        "repository or mapper: it goes through the feature's service (decision 011).",
      severity: 'error',
      from: { pathNot: '^server/src/features/' },
      to: { path: '^server/src/features/[^/]+/[^/]+\\.(repository|mapper)\\.ts$' },
    },
    {
      name: 'tables-behind-repositories',
      comment:
        'Only repositories query tables: in a feature, the table definitions (db/schema/*) are ' +
        "imported as values by *.repository.ts files only, which may read (join) other features' " +
        'tables (STYLE.md §4.3); services, routes and mappers import them for row types only ' +
        '(`import type`, decision 011). Tests may import tables to set up and check data.',
      severity: 'error',
      from: {
        path: '^server/src/features/',
        pathNot: ['\\.repository\\.ts$', ...TEST_CODE],
      },
      to: { path: '^server/src/db/schema/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-shared-not-to-features',
      comment:
        'lib/, config/ and db/ are shared by every feature and never import one (STYLE.md §4.3). ' +
        'db/seed and db/cli.ts are scripts that build the services like admin-cli.ts: they may ' +
        "use a feature's service, never its internals (see feature-internals-private-outside-features).",
      severity: 'error',
      from: {
        path: '^server/src/(lib|config|db)/',
        pathNot: ['^server/src/db/seed/', '^server/src/db/cli\\.ts$'],
      },
      to: { path: '^server/src/features/' },
    },
    {
      name: 'server-plugins-take-services-by-type',
      comment:
        'A plugin is handed the service it needs by app.ts and names its type (`import type`), ' +
        "as features do (decision 011); it never imports a feature's code. Plugin tests may use " +
        "a feature's routes to exercise the plugin.",
      severity: 'error',
      from: { path: '^server/src/plugins/', pathNot: TEST_CODE },
      to: { path: '^server/src/features/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-shared-not-to-features-or-app',
      comment:
        'Web shared code (components, hooks, lib, utils, config) never imports a feature or the ' +
        'app: app → features → shared (STYLE.md §4.2).',
      severity: 'error',
      from: { path: '^web/src/(components|hooks|lib|utils|config)/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'web-testing-through-the-provider',
      comment:
        "Web test helpers render through the app's providers and import no feature and nothing " +
        'else of the app.',
      severity: 'error',
      from: { path: '^web/src/testing/' },
      to: { path: '^web/src/(features/|app/)', pathNot: '^web/src/app/provider\\.tsx$' },
    },
    {
      name: 'web-features-not-to-other-features',
      comment:
        'A web feature never imports another: pages under web/src/app/routes compose them, or ' +
        'the shared piece moves to shared code (STYLE.md §4.2).',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-features-not-to-app',
      comment: 'Features never import the app: app → features → shared (STYLE.md §4.2).',
      severity: 'error',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'no-circular',
      comment:
        'A runtime import cycle lets a module see another half-initialised and ties layers ' +
        'together: move the shared piece down so imports go one way. Cycles closed only by ' +
        "`import type` are allowed, as by Biome's noImportCycles: types are erased.",
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'An import that resolves to no file (a typo, a missing package) would slip past every ' +
        'rule above, which match resolved files.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^web/dist/', '^server/drizzle/', '^data/'] },
    // Keep node_modules/... paths as written (node_modules may be a symlink).
    preserveSymlinks: true,
    // `import type` edges count: a type import still ties the importer to the file.
    tsPreCompilationDeps: true,
    // package.json "imports" (#contract, #server/*, #web/*, #server-test/*) resolve through
    // enhanced-resolve's importsFields; imports name the .ts/.tsx file.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
