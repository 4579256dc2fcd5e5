import { fileURLToPath } from 'node:url';
import { SANDBOX_TEST_CA_PEM } from '@sandbank/engine/tpp';
import {
  asn1jsUtilsNamespaces,
  nodeOnlyLargeBodies,
  pkijsTreeShakable,
  workerOpenApiDocument,
  zodEnglishOnly,
  zodWithoutJsonSchema,
} from '@sandbank/service-worker/internal';
import { build, type Plugin } from 'esbuild';
import { describe, expect, test } from 'vitest';

/** The module `source` bundled as the worker build bundles its dependencies, with `plugins`, and loaded. */
async function bundled<T>(source: string, plugins: Plugin[]): Promise<T> {
  const result = await build({
    // The engine's dependencies, from where the engine imports them.
    stdin: {
      contents: source,
      resolveDir: fileURLToPath(new URL('../../engine/src/', import.meta.url)),
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'silent',
    plugins,
  });
  const code = result.outputFiles[0]?.text ?? '';
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as T;
}

const der = (pem: string) => new Uint8Array(Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64'));

/** What the worker reads from certificates with asn1js and pkijs, in every encoding they offer. */
const CERTIFICATES = `
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
const hex = (buffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
export function read(der) {
  const certificate = pkijs.Certificate.fromBER(der);
  return {
    asn1: JSON.stringify(asn1js.fromBER(der).result.toJSON()),
    hex: certificate.toString('hex'),
    base64: certificate.toString('base64'),
    base64url: certificate.toString('base64url'),
    serial: certificate.serialNumber.valueBlock.toString(),
    subject: certificate.subject.typesAndValues.map((entry) => [entry.type, entry.value.valueBlock.value]),
    validity: [certificate.notBefore.value.toISOString(), certificate.notAfter.value.toISOString()],
    again: hex(certificate.toSchema(true).toBER()),
    integers: [-129, 0, 255, 2 ** 40].map((value) => hex(new asn1js.Integer({ value }).toBER())),
    big: new asn1js.Integer({ valueHex: new Uint8Array([0x80, 1, 2, 3, 4, 5, 6, 7, 8]) }).toBigInt().toString(),
    strings: [
      hex(new asn1js.Utf8String({ value: 'Sandbank Bankø' }).toBER()),
      hex(new asn1js.BmpString({ value: 'Bankø' }).toBER()),
      hex(new asn1js.ObjectIdentifier({ value: '1.2.840.113549.1.1.11' }).toBER()),
    ],
  };
}`;

/** The inputs both versions of the schemas parse, and what each gives: its data or its issues. */
const ANSWERS = `export const answers = [
  { instructedAmount: { currency: 'NOK', amount: '10.5' }, creditorName: ' Kari ', at: '2026-03-02T10:00:00Z', remittance: 'x', tags: {} },
  { instructedAmount: { currency: 'SEK', amount: '1.234', extra: 1 }, creditorName: '', at: 'yesterday', remittance: 5, tags: { a: -1 }, more: true },
  { instructedAmount: { currency: 'EUR', amount: '1' }, creditorName: 'nobody', at: '2026-03-02T10:00:00+01:00', remittance: ['a'], tags: { b: 1.5 }, requestedExecutionDate: '2026-02-30' },
  'not an object',
].map((input) => payment.safeParse(input)).map((result) => result.success ? result.data : result.error.issues);
`;

/** The kinds of schema the engine has, and what they answer to bad input. */
const SCHEMAS = `
import * as z from 'zod';
const payment = z
  .object({
    instructedAmount: z.strictObject({ currency: z.enum(['NOK', 'EUR']), amount: z.string().regex(/^\\d+(\\.\\d{1,2})?$/) }),
    creditorName: z.string().trim().min(1).max(70),
    requestedExecutionDate: z.iso.date().optional(),
    at: z.iso.datetime({ offset: true }),
    remittance: z.union([z.string().max(140), z.array(z.string()).max(3)]),
    tags: z.record(z.string(), z.number().int().nonnegative()),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.creditorName === 'nobody') context.addIssue({ code: 'custom', message: 'no such creditor', path: ['creditorName'] });
  });
${ANSWERS}
export const bounds = [payment.shape?.creditorName?.minLength, payment.shape?.creditorName?.maxLength];
export const jsonSchema = () => z.string().toJSONSchema();
`;

/** The same schemas in zod/mini, the API the engine's schemas use, with the English locale the engine installs. */
const MINI_SCHEMAS = `
import * as z from 'zod/mini';
z.config(z.locales.en());
const payment = z
  .strictObject({
    instructedAmount: z.strictObject({ currency: z.enum(['NOK', 'EUR']), amount: z.string().check(z.regex(/^\\d+(\\.\\d{1,2})?$/)) }),
    creditorName: z.string().check(z.trim(), z.minLength(1), z.maxLength(70)),
    requestedExecutionDate: z.optional(z.iso.date()),
    at: z.iso.datetime({ offset: true }),
    remittance: z.union([z.string().check(z.maxLength(140)), z.array(z.string()).check(z.maxLength(3))]),
    tags: z.record(z.string(), z.number().check(z.int(), z.gte(0))),
  })
  .check(z.superRefine((value, context) => {
    if (value.creditorName === 'nobody') context.addIssue({ code: 'custom', message: 'no such creditor', path: ['creditorName'] });
  }));
${ANSWERS}
export const locales = Object.keys(z.locales);
`;

describe("the worker build's rewrites of its dependencies", () => {
  test('asn1js and pkijs read and write certificates as the packages do', async () => {
    type Certificates = { read(der: Uint8Array): unknown };
    const packaged = await bundled<Certificates>(CERTIFICATES, []);
    const forWorker = await bundled<Certificates>(CERTIFICATES, [pkijsTreeShakable, asn1jsUtilsNamespaces]);
    const ca = der(SANDBOX_TEST_CA_PEM);
    expect(forWorker.read(ca)).toEqual(packaged.read(ca));
    expect(packaged.read(ca)).toMatchObject({ subject: expect.arrayContaining([['2.5.4.6', 'NO']]) });
  });

  test('zod schemas parse and report issues as the package does without its JSON Schema generator', async () => {
    type Schemas = { answers: unknown[]; bounds: unknown[]; jsonSchema(): unknown };
    const packaged = await bundled<Schemas>(SCHEMAS, []);
    const forWorker = await bundled<Schemas>(SCHEMAS, [zodEnglishOnly, zodWithoutJsonSchema]);
    expect(forWorker.answers).toEqual(packaged.answers);
    expect(forWorker.bounds).toEqual(packaged.bounds);
    expect(packaged.answers[1]).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'invalid_value' })]),
    );
    expect(packaged.jsonSchema()).toMatchObject({ type: 'string' });
    expect(() => forWorker.jsonSchema()).toThrow('JSON Schema is not generated in the Sandbank worker');
  });

  test('zod/mini schemas parse and report issues as the package does, with its English locale only', async () => {
    type Schemas = { answers: unknown[]; locales: string[] };
    const packaged = await bundled<Schemas>(MINI_SCHEMAS, []);
    const forWorker = await bundled<Schemas>(MINI_SCHEMAS, [zodEnglishOnly, zodWithoutJsonSchema]);
    expect(forWorker.answers).toEqual(packaged.answers);
    // The functional API answers as the classic one does.
    expect(packaged.answers).toEqual((await bundled<Schemas>(SCHEMAS, [])).answers);
    expect(packaged.locales).toContain('de');
    expect(forWorker.locales).toEqual(['en']);
  });

  test("the worker build refuses code that needs zod's JSON Schema generator", async () => {
    const converts = "import * as z from 'zod'; export const json = z.toJSONSchema(z.string());";
    await expect(bundled(converts, [zodWithoutJsonSchema])).rejects.toThrow(
      "bundles zod's JSON Schema generator",
    );
    const convertsMini = "import * as z from 'zod/mini'; export const json = z.toJSONSchema(z.string());";
    await expect(bundled(convertsMini, [zodWithoutJsonSchema])).rejects.toThrow(
      "bundles zod's JSON Schema generator",
    );
  });

  test("the worker build refuses code that bundles pkijs's CryptoEngine", async () => {
    const reads =
      "import * as pkijs from 'pkijs'; export const read = (der) => pkijs.Certificate.fromBER(der);";
    await expect(bundled(reads, [pkijsTreeShakable])).resolves.toHaveProperty('read');
    const engine =
      "import * as pkijs from 'pkijs'; export const engine = new pkijs.CryptoEngine({ name: 'x', crypto });";
    await expect(bundled(engine, [pkijsTreeShakable])).rejects.toThrow("bundles pkijs's CryptoEngine");
  });

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
