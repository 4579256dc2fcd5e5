// The worker build's plugins for the engine's own modules (bundle-plugins.ts); those for its
// dependencies are the engine's (`@sandbank/engine/bundling`, tested there).
import { nodeOnlyLargeBodies, workerOpenApiDocument } from '@sandbank/service-worker/internal';
import { bundled } from '@sandbank/test-support/bundled';
import { describe, expect, test } from 'vitest';

describe("the worker build's rewrites of the engine's modules", () => {
  test('the worker build refuses an engine whose gateway no longer imports the large-body reader it leaves out', async () => {
    await expect(bundled('export const gateway = 1;', [nodeOnlyLargeBodies])).rejects.toThrow(
      'no longer imports ./json-chunks.js',
    );
  });

  test('the worker build refuses an engine whose routes no longer import the OpenAPI document it replaces', async () => {
    await expect(bundled('export const routes = [];', [workerOpenApiDocument])).rejects.toThrow(
      'no longer imports ./openapi-document.js',
    );
  });
});
