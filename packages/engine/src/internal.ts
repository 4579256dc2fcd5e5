// `@sandbank/engine/internal`: the engine's building blocks that the workspace's own tests, benchmarks and
// tools reach for (the gateway's parts, the seed, the ledger and date helpers). Unstable and not for users:
// anything here may change or go in any release without notice (the README's table of entries). It exists so
// that nothing outside this package imports `packages/engine/src/...` by a relative path
// (.dependency-cruiser.cjs, `packages-through-public-entries`).

export { describeChanges } from './core/changes.js';
export { DAY_MS, isoDate } from './core/dates.js';
export {
  BUCKETS,
  EARLIER,
  entriesWithIds,
  entriesWithKey,
  entryById,
  entryCount,
  entryList,
  type FlatChunks,
  flatRecord,
  type GroupedChunks,
  type KeyedChunks,
  keyedFrom,
  keyIndex,
  LAYOUT,
  putEntry,
  removeEntry,
} from './core/keyed-chunks.js';
export { ledgerEntry, ledgerFrom, newestFirst } from './core/ledger.js';
export { sumAmounts, toMinor } from './core/money.js';
export { docsKey, type RouteExample } from './core/route-docs.js';
export { operationName } from './core/router.js';
export { createApp } from './gateway/app.js';
export { decodeBody, readBody, toEngineRequest, toWebResponse } from './gateway/transport.js';
export { openApiDocumentFor } from './openapi-document.js';
export { openApiSources } from './route-docs.js';
export { clockWork, routes } from './routes.js';
export { createRestoredSandbox } from './sandbox.js';
export { createSeedState } from './sandbox-api/seed.js';
