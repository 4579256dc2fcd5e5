// `@sandbank/engine/bundling`: esbuild plugins that let a bundle of the engine leave out the parts of
// zod, pkijs and asn1js the engine never runs. The engine's own build uses them for dist/ (a fresh
// process compiles what it imports), the service worker's for its script (a worker cannot load code
// lazily: all it bundles it ships), the hosted bank's for its Worker. Each one rewrites its package
// only as far as what the engine uses allows, and fails the build when the package no longer has the
// shape it rewrites. Unstable, like `./internal`: for Sandbank's own builds (docs/decisions/packaging.md).
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin, PluginBuild } from 'esbuild';

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

/**
 * Fails the build if its code (not its source maps) holds `mark`, with `text` as the error. The code
 * is read from the build's output files, so a build using a plugin that refuses code must not write
 * (`write: false`) and writes its files itself; one that writes fails too, rather than go unchecked.
 */
function refuseCodeWith(pluginBuild: PluginBuild, mark: string, text: string): void {
  // Errors an onEnd callback returns fail the build (ones pushed into result.errors do not).
  pluginBuild.onEnd((result) => {
    if (result.outputFiles === undefined)
      return { errors: [{ text: `${text} (unchecked: a build using this plugin must set write: false)` }] };
    return result.outputFiles.some((file) => !file.path.endsWith('.map') && file.text.includes(mark))
      ? { errors: [{ text }] }
      : undefined;
  });
}

/** zod's JSON Schema generator, as its classic schemas import it (zod/mini's schemas do not). */
const ZOD_JSON_SCHEMA = /^\.\.\/core\/(json-schema-processors|to-json-schema)\.js$/;
const ZOD_CLASSIC_SCHEMAS = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
/** A string only that generator's code holds (its default target): the sign something else bundles it. */
const ZOD_JSON_SCHEMA_MARK = '"draft-2020-12"';
const WITHOUT_JSON_SCHEMA =
  "const withoutJsonSchema = () => { throw new Error('JSON Schema is not generated in this bundle of the Sandbank engine: it serves the OpenAPI document its build wrote'); };";

/**
 * For a bundle that never converts a schema to JSON Schema: the service worker's, whose OpenAPI
 * document is built beside the script (its worker-openapi-document plugin), so zod's generator (about
 * 18 KB minified) must stay out of it. The engine's schemas are zod/mini's, which leave it out as long
 * as nothing calls `z.toJSONSchema`. Every classic zod schema carries a converter
 * (`_zod.processJSONSchema`, `.toJSONSchema()`, `~standard.jsonSchema`), so a classic schema that
 * reaches the bundle (the engine's sources may not import classic zod: biome.json) gets converters
 * that throw; the getters that read its bounds (`.minLength`, `.format`…) keep zod's `aggregateChecks`.
 * The build fails if anything in it bundles the generator (zod's `toJSONSchema`): shipped for nothing,
 * and throwing for classic schemas.
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
      "the bundle's code holds zod's JSON Schema generator (toJSONSchema): the bundle serves the OpenAPI document its build wrote, and a classic zod schema's converters would throw",
    );
  },
};

/** `static { this.CLASS_NAME = "Certificate"; }`: a static block that only sets properties. */
const SETTER_BLOCK = /static \{\n((?:\t\tthis\.\w+ = [^;\n]+;\n)+)\t\}/g;
const SETTER = /\t\tthis\.(\w+) = ([^;\n]+);\n/g;
/** The module's one call at load: it installs a global CryptoEngine the engine never uses. */
const GLOBAL_ENGINE = /^initCryptoEngine\(\);$/m;
/** A method only pkijs's CryptoEngine has: the sign a bundle holds that class. */
const CRYPTO_ENGINE_MARK = 'stampDataWithPassword';
/** The registry `Extension.parsedValue` decodes extension values with: every extension class pkijs has. */
const EXTENSION_TYPES = /(\t\t\tthis\.types = \{\};\n)(?:\t\t\tExtensionValueFactory\.register\([^\n]*\n)+/;

export interface PkijsTreeShakableOptions {
  /**
   * Also leave out what pkijs's objects offer their holder and the engine never uses: the global
   * CryptoEngine (which `certificate.verify()`, `getPublicKey()`, `getKeyHash()` need) and the
   * extension classes `Extension.parsedValue` decodes into (that getter then gives the value's plain
   * ASN.1). For a bundle that hands no pkijs object to code of its user's (the service worker's
   * script, a hosted bank's Worker), not for one whose identities carry `certificate.x509` (the
   * engine's `dist/`). The build then fails if its code bundles pkijs's CryptoEngine.
   */
  engineOnly?: boolean;
}

/**
 * pkijs's one module keeps every class (about 300 KB minified) whatever is imported: esbuild must
 * keep a class with a static block, and every pkijs class names itself in one. The same properties as
 * static fields (`static CLASS_NAME = "Certificate";`, the same own property, set in the same order)
 * let esbuild drop the classes nothing reaches, and change nothing else. With `engineOnly`, also the
 * global CryptoEngine the module installs at load (it reaches most of the other classes; its one class
 * is about 8 KB of the worker's gzipped script: the engine checks a CA's signature with WebCrypto
 * itself, security/certificate-signature.ts) and the registry behind the lazy `Extension.parsedValue`
 * (some 20 extension classes: CRL distribution points, certificate policies, SCT lists…; the engine
 * reads extensions from `extnValue` only, security/parse-certificate.ts). The build fails if pkijs's
 * module no longer has the shape this rewrites.
 */
export function pkijsTreeShakable(options: PkijsTreeShakableOptions = {}): Plugin {
  const engineOnly = options.engineOnly === true;
  return {
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
        const rewritten = engineOnly
          ? fields.replace(GLOBAL_ENGINE, '').replace(EXTENSION_TYPES, '$1')
          : fields;
        return { contents: await withUtilsNamespaces(pluginBuild, args.path, rewritten), loader: 'js' };
      });
      if (engineOnly)
        refuseCodeWith(
          pluginBuild,
          CRYPTO_ENGINE_MARK,
          "the bundle's code holds pkijs's CryptoEngine: the engine checks certificates' signatures with WebCrypto (security/certificate-signature.ts)",
        );
    },
  };
}

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

/** asn1js's @peculiar/utils namespaces imported as modules (withUtilsNamespaces); pkijs's are in pkijsTreeShakable's. */
export const asn1jsUtilsNamespaces: Plugin = {
  name: 'asn1js-utils-namespaces',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]asn1js[\\/]build[\\/]index\.js$/ }, async (args) => ({
      contents: await withUtilsNamespaces(pluginBuild, args.path, await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
