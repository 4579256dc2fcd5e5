// esbuild plugins of the worker build (bundle.ts) that concern the engine's own modules: the parts of
// the engine the worker answers differently. Those for the engine's dependencies (zod, pkijs, asn1js)
// are the engine's (`@sandbank/engine/bundling`). A service worker cannot load code lazily, so all it
// bundles it ships.
import { fileURLToPath } from 'node:url';
import type { BuildResult, Plugin } from 'esbuild';

/**
 * An `onEnd` callback that fails a build which otherwise succeeded when `done()` is false: a plugin
 * whose replacement no longer applies (errors an onEnd callback returns fail the build).
 */
function failUnless(done: () => boolean, text: string) {
  return (result: BuildResult) =>
    !done() && result.errors.length === 0 ? { errors: [{ text }] } : undefined;
}

/**
 * The engine's `openapi-document.ts` (the OpenAPI generator and every area's docs text) replaced by
 * the worker's, which reads the document the build wrote beside the script (openapi-document.ts).
 */
export const workerOpenApiDocument: Plugin = {
  name: 'worker-openapi-document',
  setup(pluginBuild) {
    let replaced = false;
    pluginBuild.onResolve({ filter: /^\.\/openapi-document\.js$/ }, (args) => {
      if (!/[\\/]engine[\\/]src[\\/]routes\.ts$/.test(args.importer)) return undefined;
      replaced = true;
      // From the package's sources whether this runs from src/ or built into dist/ (bundle.ts).
      return { path: fileURLToPath(new URL('../src/openapi-document.ts', import.meta.url)) };
    });
    pluginBuild.onEnd(
      failUnless(
        () => replaced,
        "the engine's routes.ts no longer imports ./openapi-document.js: the worker would bundle the OpenAPI generator",
      ),
    );
  },
};

/** What the worker bundles for gateway/json-chunks.ts: no large body is read from its chunks there. */
const NO_LARGE_JSON = [
  "// The engine reads a large body from its chunks only with Node's buffer module (gateway/json-chunks.ts).",
  'export const largeJsonOf = () => null;',
  "export const largeJsonBody = () => { throw new Error('no large JSON body is read from its chunks in the Sandbank worker'); };",
].join('\n');

/**
 * The engine reads a large control-plane body from the chunks it came in with Node's buffer module
 * (gateway/json-chunks.ts, json-pieces.ts, json-text.ts), and answers null where that module is not
 * there: in a browser `largeJsonOf` is always null. The worker bundles that answer instead of the
 * code (about 2 KB gzipped). The build fails if the gateway no longer imports it that way.
 */
export const nodeOnlyLargeBodies: Plugin = {
  name: 'node-only-large-bodies',
  setup(pluginBuild) {
    let replaced = false;
    pluginBuild.onResolve({ filter: /^\.\/json-chunks\.js$/ }, (args) => {
      if (!/[\\/]engine[\\/]src[\\/]gateway[\\/]gateway\.ts$/.test(args.importer)) return undefined;
      replaced = true;
      return { path: 'json-chunks', namespace: 'node-only-large-bodies' };
    });
    pluginBuild.onLoad({ filter: /.*/, namespace: 'node-only-large-bodies' }, () => ({
      contents: NO_LARGE_JSON,
      loader: 'js',
    }));
    pluginBuild.onEnd(
      failUnless(
        () => replaced,
        "the engine's gateway.ts no longer imports ./json-chunks.js: the worker would bundle the large-body reader",
      ),
    );
  },
};
