// `@sandbank/service-worker/internal`: what the workspace's own tests and benchmarks need beyond the
// public entries (the worker bundled from source). Unstable and not for users (README.md).
export { buildWorker, bundleWorker, openApiFile } from './bundle.js';
export { nodeOnlyLargeBodies, workerOpenApiDocument } from './bundle-plugins.js';
