// `@sandbank/engine/bundling`: the esbuild plugins the engine's dist/, the service worker's script and
// the hosted bank's Worker are built with. A bundle made with them answers as one made without, but
// for what each plugin says it leaves out, and a build that would ship what it leaves out fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundled, esmBundleOf } from '@sandbank/test-support/bundled';
import { build, type Plugin } from 'esbuild';
import { describe, expect, test } from 'vitest';
import {
  asn1jsUtilsNamespaces,
  pkijsTreeShakable,
  zodEnglishOnly,
  zodWithoutJsonSchema,
} from '../../src/bundling.js';
import { SANDBOX_TEST_CA_PEM } from '../../src/pki/sandbox-test-ca.js';

const der = (pem: string) => new Uint8Array(Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64'));

/** What the engine reads from certificates with asn1js and pkijs, in every encoding they offer. */
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
}
/** What pkijs's certificate offers its holder beyond reading it: its CryptoEngine's methods, decoded extensions. */
export async function offered(der) {
  const certificate = pkijs.Certificate.fromBER(der);
  const constraints = certificate.extensions.find((extension) => extension.extnID === '2.5.29.19');
  let selfSigned;
  try {
    selfSigned = await certificate.verify();
  } catch (error) {
    selfSigned = error instanceof Error ? error.message : String(error);
  }
  return { selfSigned, decodedCa: constraints.parsedValue.cA ?? null };
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

type Certificates = {
  read(der: Uint8Array): unknown;
  offered(der: Uint8Array): Promise<{ selfSigned: unknown; decodedCa: unknown }>;
};
const ca = der(SANDBOX_TEST_CA_PEM);

let evaluations = 0;
/**
 * What CERTIFICATES' `offered` gives in a bundle made with `plugins` and evaluated afresh while no
 * global pkijs engine is installed: in Node, pkijs keeps it on the global object under the process's
 * id, shared by every copy of pkijs in the process, so another bundle's would answer for this one.
 */
async function offeredAlone(plugins: Plugin[]): Promise<{ selfSigned: unknown; decodedCa: unknown }> {
  const saved = Reflect.get(globalThis, process.pid);
  Reflect.deleteProperty(globalThis, process.pid);
  try {
    evaluations++;
    // A module of its own (Node keeps a data: URL's module: the same code would not be evaluated again).
    const fresh = await bundled<Certificates>(
      `${CERTIFICATES}\nexport const evaluation = ${evaluations};`,
      plugins,
    );
    return await fresh.module.offered(ca);
  } finally {
    if (saved === undefined) Reflect.deleteProperty(globalThis, process.pid);
    else Reflect.set(globalThis, process.pid, saved);
  }
}

describe('pkijsTreeShakable and asn1jsUtilsNamespaces', () => {
  test('read and write certificates as the packages do, leaving out the pkijs classes nothing reaches', async () => {
    const packaged = await bundled<Certificates>(CERTIFICATES, []);
    expect(packaged.module.read(ca)).toMatchObject({ subject: expect.arrayContaining([['2.5.4.6', 'NO']]) });
    expect(packaged.code).toContain('"PKCS8ShroudedKeyBag"');
    for (const plugin of [pkijsTreeShakable(), pkijsTreeShakable({ engineOnly: true })]) {
      const shaken = await bundled<Certificates>(CERTIFICATES, [plugin, asn1jsUtilsNamespaces]);
      expect(shaken.module.read(ca)).toEqual(packaged.module.read(ca));
      expect(shaken.code).not.toContain('PKCS8ShroudedKeyBag');
      expect(shaken.code.length).toBeLessThan(packaged.code.length * 0.8);
    }
  });

  test("by default a certificate's holder keeps pkijs's CryptoEngine and decoded extensions, as the engine's dist/ hands them out", async () => {
    expect(await offeredAlone([])).toEqual({ selfSigned: true, decodedCa: true });
    expect(await offeredAlone([pkijsTreeShakable(), asn1jsUtilsNamespaces])).toEqual({
      selfSigned: true,
      decodedCa: true,
    });
  });

  test('engineOnly leaves out the CryptoEngine and the decoded extensions the engine never uses', async () => {
    const plugins = [pkijsTreeShakable({ engineOnly: true }), asn1jsUtilsNamespaces];
    expect(await offeredAlone(plugins)).toEqual({
      selfSigned: "Please call 'setEngine' before call to 'getEngine'",
      decodedCa: null,
    });
    expect((await bundled<Certificates>(CERTIFICATES, plugins)).code).not.toContain('stampDataWithPassword');
  });

  test("engineOnly fails a build whose code holds pkijs's CryptoEngine; the default does not", async () => {
    const reads =
      "import * as pkijs from 'pkijs'; export const read = (der) => pkijs.Certificate.fromBER(der);";
    await expect(bundled(reads, [pkijsTreeShakable({ engineOnly: true })])).resolves.toHaveProperty(
      'module.read',
    );
    const engine =
      "import * as pkijs from 'pkijs'; export const engine = new pkijs.CryptoEngine({ name: 'x', crypto });";
    await expect(bundled(engine, [pkijsTreeShakable({ engineOnly: true })])).rejects.toThrow(
      "holds pkijs's CryptoEngine",
    );
    await expect(bundled(engine, [pkijsTreeShakable()])).resolves.toHaveProperty('module.engine');
  });

  test('engineOnly fails a build that writes its files, which it could not check', async () => {
    const reads =
      "import * as pkijs from 'pkijs'; export const read = (der) => pkijs.Certificate.fromBER(der);";
    // esbuild has written the files when the check runs: the build fails all the same.
    const folder = mkdtempSync(join(tmpdir(), 'sandbank-bundling-'));
    try {
      const writing = build({
        ...esmBundleOf(reads, [pkijsTreeShakable({ engineOnly: true })]),
        outfile: join(folder, 'bundle.js'),
        write: true,
      });
      await expect(writing).rejects.toThrow('must set write: false');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('zodEnglishOnly and zodWithoutJsonSchema', () => {
  test('zod schemas parse and report issues as the package does without its JSON Schema generator', async () => {
    type Schemas = { answers: unknown[]; bounds: unknown[]; jsonSchema(): unknown };
    const packaged = (await bundled<Schemas>(SCHEMAS, [])).module;
    const rewritten = (await bundled<Schemas>(SCHEMAS, [zodEnglishOnly, zodWithoutJsonSchema])).module;
    expect(rewritten.answers).toEqual(packaged.answers);
    expect(rewritten.bounds).toEqual(packaged.bounds);
    expect(packaged.answers[1]).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'invalid_value' })]),
    );
    expect(packaged.jsonSchema()).toMatchObject({ type: 'string' });
    expect(() => rewritten.jsonSchema()).toThrow(
      'JSON Schema is not generated in this bundle of the Sandbank engine',
    );
  });

  test('zod/mini schemas parse and report issues as the package does, with its English locale only', async () => {
    type Schemas = { answers: unknown[]; locales: string[] };
    const packaged = (await bundled<Schemas>(MINI_SCHEMAS, [])).module;
    const rewritten = (await bundled<Schemas>(MINI_SCHEMAS, [zodEnglishOnly, zodWithoutJsonSchema])).module;
    expect(rewritten.answers).toEqual(packaged.answers);
    // The functional API answers as the classic one does.
    expect(packaged.answers).toEqual((await bundled<Schemas>(SCHEMAS, [])).module.answers);
    expect(packaged.locales).toContain('de');
    expect(rewritten.locales).toEqual(['en']);
  });

  test("zodWithoutJsonSchema fails a build whose code needs zod's JSON Schema generator", async () => {
    for (const api of ['zod', 'zod/mini']) {
      const converts = `import * as z from '${api}'; export const json = z.toJSONSchema(z.string());`;
      await expect(bundled(converts, [zodWithoutJsonSchema])).rejects.toThrow(
        "holds zod's JSON Schema generator",
      );
    }
  });
});
