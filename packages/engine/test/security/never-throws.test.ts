// Every bad input is a verdict, never an exception, and every text fits a tppMessage (512 characters).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase64 } from '../../src/security/base64.js';
import { presetIdentity, signRequest } from '../../src/tpp/index.js';
import { tamper, verifyRequest } from './support.js';

const identity = await presetIdentity('both');
const signed = await signRequest(
  new Request('http://localhost/v1/payments/x', {
    method: 'POST',
    body: '{"a":1}',
    headers: { 'PSU-ID': 'p1' },
  }),
  identity,
);
const original = signed.headers.get('signature')!;

/** Characters a Headers value may hold (ISO-8859-1 without CR, LF and NUL). */
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)),
  maxLength: 300,
});
const piece = fc.oneof(
  headerText,
  fc.constantFrom('', 'rsa-sha256', 'date digest', identity.keyId, '=', '"', '\\', ','),
);
const signatureValue = fc.oneof(
  headerText,
  fc
    .tuple(piece, piece, piece, piece)
    .map(([k, a, h, s]) => `keyId="${k}",algorithm="${a}",headers="${h}",signature="${s}"`),
  fc.tuple(fc.nat(original.length), headerText).map(([at, text]) => original.slice(0, at) + text),
  headerText.map((text) => `=?utf-8?B?${text}?=`),
);

async function expectVerdict(request: Request) {
  const verdict = await verifyRequest(request, { digestRequired: true });
  expect(verdict.ok).toBe(false);
  if (!verdict.ok) expect(verdict.text.length).toBeLessThanOrEqual(512);
}

describe('the verifier on hostile input', () => {
  it('returns a verdict for any Signature value', async () => {
    await fc.assert(
      fc.asyncProperty(signatureValue, async (value) => {
        fc.pre(value.trim() !== original);
        await expectVerdict(await tamper(signed, { Signature: value }));
      }),
      { numRuns: 300 },
    );
  });

  it('returns a verdict for any signed-header list', async () => {
    const names = fc.oneof(
      headerText,
      fc.constantFrom('date', 'x-date', 'digest', '(request-target)', '(x)', 'host'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(names, { maxLength: 8 }), async (list) => {
        const value = original.replace(
          /headers="[^"]*"/,
          () => `headers="${list.join(' ').replace(/["\\]/g, '')}"`,
        );
        fc.pre(value !== original);
        await expectVerdict(await tamper(signed, { Signature: value }));
      }),
      { numRuns: 300 },
    );
  });

  it('returns a verdict for any corruption of the certificate', async () => {
    const der = identity.certificate.der;
    const corrupted = fc.oneof(
      fc.tuple(fc.nat(der.length - 1), fc.integer({ min: 1, max: 255 })).map(([at, xor]) => {
        const copy = der.slice();
        copy[at]! ^= xor;
        return encodeBase64(copy);
      }),
      fc.nat(der.length - 1).map((length) => encodeBase64(der.subarray(0, length))),
      headerText,
    );
    await fc.assert(
      fc.asyncProperty(corrupted, async (value) => {
        const verdict = await verifyRequest(await tamper(signed, { 'TPP-Signature-Certificate': value }), {
          digestRequired: true,
        });
        if (!verdict.ok) expect(verdict.text.length).toBeLessThanOrEqual(512);
        else expect(verdict.tpp.fingerprint).not.toBe('');
      }),
      { numRuns: 300 },
    );
  });

  it('returns a verdict for any Date or Digest value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('Date', 'Digest'), headerText, async (name, value) => {
        fc.pre(value.trim() !== signed.headers.get(name));
        await expectVerdict(await tamper(signed, { [name]: value }));
      }),
      { numRuns: 300 },
    );
  });
});
