// esbuild plugins of the worker build (bundle.ts): what lets esbuild leave out the parts of zod and
// pkijs the worker never runs. A service worker cannot load code lazily, so all it bundles it ships.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';

/**
 * zod's `z` namespace re-exports every locale (about 300 KB minified), and a namespace used as a
 * value cannot be tree-shaken. The engine's messages are English: keep only that locale.
 */
export const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer)
        ? {
            path: fileURLToPath(new URL('../locales/en.js', `file://${args.importer}`)),
            namespace: 'zod-en',
          }
        : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: 'zod-en' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: '/',
    }));
  },
};

/** `static { this.CLASS_NAME = "Certificate"; }`: a static block that only sets properties. */
const SETTER_BLOCK = /static \{\n((?:\t\tthis\.\w+ = [^;\n]+;\n)+)\t\}/g;
const SETTER = /\t\tthis\.(\w+) = ([^;\n]+);\n/g;
/** The module's one call at load: it installs a global CryptoEngine the engine never uses. */
const GLOBAL_ENGINE = /^initCryptoEngine\(\);$/m;
/** The registry `Extension.parsedValue` decodes extension values with: every extension class pkijs has. */
const EXTENSION_TYPES = /(\t\t\tthis\.types = \{\};\n)(?:\t\t\tExtensionValueFactory\.register\([^\n]*\n)+/;

/**
 * pkijs's one module keeps every class (about 300 KB minified) whatever is imported: esbuild must
 * keep a class with a static block, and every pkijs class names itself in one, and the module ends by
 * installing a global CryptoEngine, which reaches most of the others. The same properties as static
 * fields (`static CLASS_NAME = "Certificate";`, the same own property, set in the same order) and no
 * global engine (the engine passes its own, security/crypto-engine.ts) let esbuild drop the classes
 * nothing reaches. And the registry behind the lazy `Extension.parsedValue` is left empty (that
 * getter then gives the value's plain ASN.1): it names some 20 extension classes (CRL distribution
 * points, certificate policies, SCT lists…) and the engine reads extensions from `extnValue` only
 * (security/parse-certificate.ts), never `parsedValue`. The build fails if pkijs's module no longer
 * has that shape.
 */
export const pkijsTreeShakable: Plugin = {
  name: 'pkijs-tree-shakable',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]pkijs[\\/]build[\\/]index\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      let blocks = 0;
      const fields = source.replace(SETTER_BLOCK, (_block, body: string) => {
        blocks++;
        return body.replace(SETTER, 'static $1 = $2;\n');
      });
      if (blocks < 100 || !GLOBAL_ENGINE.test(fields) || !EXTENSION_TYPES.test(fields))
        throw new Error(`pkijs-tree-shakable: ${args.path} no longer has the shape this plugin rewrites`);
      return { contents: fields.replace(GLOBAL_ENGINE, '').replace(EXTENSION_TYPES, '$1'), loader: 'js' };
    });
  },
};

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
      return { path: fileURLToPath(new URL('./openapi-document.ts', import.meta.url)) };
    });
    pluginBuild.onEnd((result) => {
      if (!replaced && result.errors.length === 0)
        result.errors.push({
          id: 'worker-openapi-document',
          pluginName: 'worker-openapi-document',
          text: "the engine's routes.ts no longer imports ./openapi-document.js: the worker would bundle the OpenAPI generator",
          location: null,
          notes: [],
          detail: undefined,
        });
    });
  },
};
