// esbuild plugins of the worker build (bundle.ts): what lets esbuild leave out the parts of zod and
// pkijs the worker never runs. A service worker cannot load code lazily, so all it bundles it ships.
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BuildResult, Plugin, PluginBuild } from 'esbuild';

/**
 * zod's `z` namespace (classic or zod/mini) re-exports every locale (about 300 KB minified), and a
 * namespace used as a value cannot be tree-shaken. The engine's messages are English (it imports that
 * locale alone and installs it: engine core/zod-support.ts): whatever reads `z.locales`, keep only it.
 */
export const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core|mini)[\\/]/.test(args.importer)
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

/** Fails the build if its code (not its source map) holds `mark`, with `text` as the error. */
function refuseCodeWith(pluginBuild: PluginBuild, mark: string, text: string): void {
  // Errors an onEnd callback returns fail the build (ones pushed into result.errors do not).
  pluginBuild.onEnd((result) =>
    result.outputFiles?.some((file) => !file.path.endsWith('.map') && file.text.includes(mark))
      ? { errors: [{ text }] }
      : undefined,
  );
}

/** zod's JSON Schema generator, as its classic schemas import it (zod/mini's schemas do not). */
const ZOD_JSON_SCHEMA = /^\.\.\/core\/(json-schema-processors|to-json-schema)\.js$/;
const ZOD_CLASSIC_SCHEMAS = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
/** A string only that generator's code holds (its default target): the sign something else bundles it. */
const ZOD_JSON_SCHEMA_MARK = '"draft-2020-12"';
const WITHOUT_JSON_SCHEMA =
  "const withoutJsonSchema = () => { throw new Error('JSON Schema is not generated in the Sandbank worker: it serves the OpenAPI document its build wrote'); };";

/**
 * The worker never converts a schema to JSON Schema: the OpenAPI document is built beside the script
 * (worker-openapi-document), so zod's generator (about 18 KB minified) must stay out of it. The
 * engine's schemas are zod/mini's, which leave it out as long as nothing calls `z.toJSONSchema`. Every
 * classic zod schema carries a converter (`_zod.processJSONSchema`, `.toJSONSchema()`,
 * `~standard.jsonSchema`), so a classic schema that reaches the worker (the engine's sources may not
 * import classic zod: biome.json) gets converters that throw; the getters that read its bounds
 * (`.minLength`, `.format`…) keep zod's `aggregateChecks`. The build fails if anything in the worker
 * bundles the generator (zod's `toJSONSchema`): shipped for nothing, and throwing for classic schemas.
 */
export const zodWithoutJsonSchema: Plugin = {
  name: 'zod-without-json-schema',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: ZOD_JSON_SCHEMA }, (args) =>
      ZOD_CLASSIC_SCHEMAS.test(args.importer)
        ? {
            path: fileURLToPath(new URL(args.path, pathToFileURL(args.importer))),
            namespace: 'zod-without-json-schema',
          }
        : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: 'zod-without-json-schema' }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const exports = [...source.matchAll(/^export (?:const|function) (\w+)/gm)].map(
        (match) => match[1] ?? '',
      );
      const stubs = exports.map((name) =>
        name === 'aggregateChecks'
          ? `export { aggregateChecks } from ${JSON.stringify(args.path)};`
          : `export const ${name} = ${name.startsWith('create') ? '() => ' : ''}withoutJsonSchema;`,
      );
      return {
        contents: [WITHOUT_JSON_SCHEMA, ...stubs].join('\n'),
        resolveDir: dirname(args.path),
        loader: 'js',
      };
    });
    refuseCodeWith(
      pluginBuild,
      ZOD_JSON_SCHEMA_MARK,
      "the worker's code bundles zod's JSON Schema generator (toJSONSchema): the worker serves the OpenAPI document its build wrote, and a classic zod schema's converters would throw",
    );
  },
};

/** `static { this.CLASS_NAME = "Certificate"; }`: a static block that only sets properties. */
const SETTER_BLOCK = /static \{\n((?:\t\tthis\.\w+ = [^;\n]+;\n)+)\t\}/g;
const SETTER = /\t\tthis\.(\w+) = ([^;\n]+);\n/g;
/** The module's one call at load: it installs a global CryptoEngine the engine never uses. */
const GLOBAL_ENGINE = /^initCryptoEngine\(\);$/m;
/** A method only pkijs's CryptoEngine has: the sign the worker bundles that class. */
const CRYPTO_ENGINE_MARK = 'stampDataWithPassword';
/** The registry `Extension.parsedValue` decodes extension values with: every extension class pkijs has. */
const EXTENSION_TYPES = /(\t\t\tthis\.types = \{\};\n)(?:\t\t\tExtensionValueFactory\.register\([^\n]*\n)+/;

/**
 * pkijs's one module keeps every class (about 300 KB minified) whatever is imported: esbuild must
 * keep a class with a static block, and every pkijs class names itself in one, and the module ends by
 * installing a global CryptoEngine, which reaches most of the others. The same properties as static
 * fields (`static CLASS_NAME = "Certificate";`, the same own property, set in the same order) and no
 * global engine let esbuild drop the classes nothing reaches. And the registry behind the lazy
 * `Extension.parsedValue` is left empty (that getter then gives the value's plain ASN.1): it names
 * some 20 extension classes (CRL distribution points, certificate policies, SCT lists…) and the engine
 * reads extensions from `extnValue` only (security/parse-certificate.ts), never `parsedValue`. The
 * build fails if pkijs's module no longer has that shape, and if the worker's code bundles pkijs's
 * CryptoEngine (its one class is about 8 KB of the gzipped script: the engine checks a CA's signature
 * with WebCrypto itself, security/certificate-signature.ts).
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
      const shapes = [GLOBAL_ENGINE, EXTENSION_TYPES];
      if (blocks < 100 || !shapes.every((shape) => shape.test(fields)))
        throw new Error(`pkijs-tree-shakable: ${args.path} no longer has the shape this plugin rewrites`);
      const rewritten = fields.replace(GLOBAL_ENGINE, '').replace(EXTENSION_TYPES, '$1');
      return { contents: await withUtilsNamespaces(pluginBuild, args.path, rewritten), loader: 'js' };
    });
    refuseCodeWith(
      pluginBuild,
      CRYPTO_ENGINE_MARK,
      "the worker's code bundles pkijs's CryptoEngine: the engine checks certificates' signatures with WebCrypto (security/certificate-signature.ts)",
    );
  },
};

/** @peculiar/utils's namespace exports that asn1js and pkijs import, and the module each one mirrors. */
const UTILS_NAMESPACES: Readonly<Record<string, string>> = {
  base64: './encoding/base64.js',
  base64url: './encoding/base64url.js',
  binary: './encoding/binary.js',
  bytes: './bytes.js',
  hex: './encoding/hex.js',
  int: './integer/int.js',
  uint: './integer/uint.js',
  utf8: './encoding/utf8.js',
  utf16: './encoding/utf16.js',
};
/** `import { binary, bytes, hex, toArrayBuffer } from "@peculiar/utils";`: the module's one import of it. */
const UTILS_IMPORT = /^import \{ ([\w, ]+) \} from "@peculiar\/utils";$/m;

/**
 * @peculiar/utils exports `hex`, `bytes`… as objects built at load (`__exportAll({ encode: () => encode, … })`),
 * so a bundle keeps every function of each one its importer names: hex's format detection, PEM
 * parsing, converters. Importing the same functions as `import * as hex from ".../encoding/hex.js"`
 * (the module that object lists, exporting the same functions) lets esbuild keep only the members
 * the code reads (`hex.encode`). The build fails if the import no longer has that shape.
 */
async function withUtilsNamespaces(pluginBuild: PluginBuild, path: string, source: string): Promise<string> {
  const line = UTILS_IMPORT.exec(source);
  const utils = await pluginBuild.resolve('@peculiar/utils', {
    kind: 'import-statement',
    resolveDir: dirname(path),
  });
  if (line === null || utils.errors.length > 0)
    throw new Error(
      `@peculiar/utils namespaces: ${path} no longer imports @peculiar/utils the way this plugin rewrites`,
    );
  const names = (line[1] ?? '').split(', ');
  const direct = names.filter((name) => !(name in UTILS_NAMESPACES));
  const namespaces = names.flatMap((name) => {
    const module = UTILS_NAMESPACES[name];
    return module === undefined
      ? []
      : [
          `import * as ${name} from ${JSON.stringify(fileURLToPath(new URL(module, pathToFileURL(utils.path))))};`,
        ];
  });
  const imports = [
    ...(direct.length > 0 ? [`import { ${direct.join(', ')} } from "@peculiar/utils";`] : []),
    ...namespaces,
  ];
  return source.replace(UTILS_IMPORT, imports.join('\n'));
}

/** asn1js's @peculiar/utils namespaces imported as modules (withUtilsNamespaces); pkijs's are in pkijsTreeShakable. */
export const asn1jsUtilsNamespaces: Plugin = {
  name: 'asn1js-utils-namespaces',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]asn1js[\\/]build[\\/]index\.js$/ }, async (args) => ({
      contents: await withUtilsNamespaces(pluginBuild, args.path, await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};

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
