// The import rules of docs/architecture.md, checked by `pnpm lint` (scripts/check-imports.mjs).
const ENGINE = '^packages/engine/src/';
const AREAS = `${ENGINE}(accounts|baskets|cards|consents|control|payments|sandbox-api|sca|sca-pages)/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No import cycle anywhere in packages/*/src, type-only imports included.',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/' },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      comment:
        "A package's folders import one another one way: no two of them (two engine areas, say) import each other, even through other folders (docs/architecture.md).",
      severity: 'error',
      scope: 'folder',
      from: { path: '^packages/[^/]+/src/' },
      to: { path: '^packages/[^/]+/src/', circular: true },
    },
    {
      name: 'core-is-the-ground-floor',
      comment: 'core/ imports nothing above it: the areas hand it their work (routes.ts clockWork).',
      severity: 'error',
      from: { path: `${ENGINE}core/` },
      to: { path: ENGINE, pathNot: `${ENGINE}core/` },
    },
    {
      name: 'areas-do-not-import-the-gateway-or-adapters',
      comment: 'An operation answers with data (core/http.ts); only the gateway makes Responses.',
      severity: 'error',
      from: { path: AREAS },
      to: { path: `${ENGINE}(gateway|node|testing|tpp|security|pki)/|${ENGINE}sandbox\\.ts` },
    },
    {
      name: 'only-the-gateway-serialises',
      comment:
        'gateway/transport.ts (Request in, Response out) is used by the gateway and the adapters only.',
      severity: 'error',
      from: { path: ENGINE, pathNot: `${ENGINE}(gateway|node)/|${ENGINE}(sandbox|internal)\\.ts$` },
      to: { path: `${ENGINE}gateway/transport\\.ts$` },
    },
    {
      name: 'server-side-does-not-import-the-tpp-kit',
      comment: 'tpp/ is the client kit; the bank uses pki/ and security/ directly.',
      severity: 'error',
      from: { path: ENGINE, pathNot: `${ENGINE}(tpp|testing)/|${ENGINE}index\\.ts$` },
      to: { path: `${ENGINE}tpp/` },
    },
    {
      name: 'pki-and-security-stay-below-the-bank',
      comment: 'Certificates and signatures know nothing of the gateway, the areas or the adapters.',
      severity: 'error',
      from: { path: `${ENGINE}(pki|security)/` },
      to: { path: ENGINE, pathNot: `${ENGINE}(pki|security|core)/` },
    },
    {
      name: 'src-does-not-import-tests',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/' },
      to: { path: '(^|/)(test|tests|bench)/' },
    },
    {
      name: 'packages-through-public-entries',
      comment:
        "A package (its sources and its tests) reaches another only by its package name and exports, never by a relative path into its folder (another package's src/ or test/support).",
      severity: 'error',
      from: { path: '^packages/([^/]+)/' },
      to: { path: '^packages/[^/]+/', pathNot: '^packages/$1/', dependencyTypes: ['local'] },
    },
    {
      name: 'tests-and-benchmarks-through-package-entries',
      comment:
        "test/, bench/, examples/ and every package's tests reach a package (and the shared helpers, @sandbank/test-support) by its name and exports, never by a relative path into another package's folder: `../../packages/engine/src/...` or another package's test/support. Internals they need are in @sandbank/engine/internal.",
      severity: 'error',
      from: { path: '^(test|bench|examples/[^/]+)/' },
      to: { path: '^packages/', dependencyTypes: ['local'] },
    },
    {
      name: 'the-worker-uses-public-non-testing-entries',
      comment:
        "register.ts's fallback for browsers without service workers runs installSandbox in the page, by design.",
      severity: 'error',
      from: { path: '^packages/service-worker/src/', pathNot: '^packages/service-worker/src/register\\.ts$' },
      to: { path: '^packages/engine/(src|dist)/testing/|@sandbank/engine/testing' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    enhancedResolveOptions: {
      conditionNames: ['@sandbank/source', 'import', 'types', 'default'],
      exportsFields: ['exports'],
    },
  },
};
