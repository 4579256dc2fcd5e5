// part 5.1 rules 2, 4, 8 and 9: the Signature header must be there, with keyId, algorithm, headers and
// signature once each, a supported algorithm and base64 signature.
import { describe, expect, it } from 'vitest';
import { presetIdentity, signRequest } from '../../src/tpp/index.js';
import { failure, rewriteSignature, tamper, verifyRequest } from './support.js';

const identity = await presetIdentity('both');
const signed = await signRequest(
  new Request('http://localhost/v1/accounts', { headers: { 'PSU-ID': 'p1' } }),
  identity,
);

describe('the Signature header', () => {
  it('is required, and the text says how to sign and how to turn the check off', async () => {
    const verdict = failure(await verifyRequest(await tamper(signed, { Signature: null })));
    expect(verdict).toMatchObject({ code: 'HTTP_HEADER_REQUIRED', header: 'Signature' });
    expect(verdict.text).toContain('sign with signRequest() from @sandbank/engine/tpp');
    expect(verdict.text).toContain("or create the sandbox with { signatures: 'off' }");
  });

  it.each(['keyId', 'algorithm', 'headers', 'signature'] as const)('is rejected without %s', async (part) => {
    const value = signed.headers.get('signature')!;
    const without = value
      .split(/,(?=[a-zA-Z]+=")/)
      .filter((p) => !p.startsWith(`${part}=`))
      .join(',');
    const verdict = failure(await verifyRequest(await tamper(signed, { Signature: without })));
    expect(verdict).toMatchObject({ code: 'FORMAT_ERROR', header: 'Signature' });
    expect(verdict.text).toContain(`Signature lacks ${part}`);
  });

  it('is rejected with a part given twice', async () => {
    const value = `${signed.headers.get('signature')},algorithm="rsa-sha256"`;
    const verdict = failure(await verifyRequest(await tamper(signed, { Signature: value })));
    expect(verdict).toMatchObject({ code: 'FORMAT_ERROR' });
    expect(verdict.text).toContain('Signature has algorithm twice');
  });

  it('is rejected with an empty signature', async () => {
    const verdict = failure(
      await verifyRequest(await tamper(signed, rewriteSignature(signed, 'signature', ''))),
    );
    expect(verdict.text).toContain('Signature has an empty signature');
  });

  it('is rejected when the signature is not base64', async () => {
    const verdict = failure(
      await verifyRequest(await tamper(signed, rewriteSignature(signed, 'signature', 'abc$def'))),
    );
    expect(verdict).toMatchObject({ code: 'FORMAT_ERROR' });
    expect(verdict.text).toContain('signature is not base64');
    expect(verdict.text).toContain('"$" at position 3');
  });

  it('is rejected when the signature is base64 in a non-canonical form (padding dropped, spare bits set)', async () => {
    const value = /signature="([^"]+)"/.exec(signed.headers.get('signature') ?? '')?.[1] ?? '';
    const unpadded = value.replace(/=+$/, '');
    expect(unpadded).not.toBe(value);
    const last = unpadded.at(-1) ?? 'A';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const spareBits = `${unpadded.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}${value.slice(unpadded.length)}`;
    for (const variant of [unpadded, spareBits]) {
      const verdict = failure(
        await verifyRequest(await tamper(signed, rewriteSignature(signed, 'signature', variant))),
      );
      expect(verdict).toMatchObject({ code: 'FORMAT_ERROR' });
    }
  });

  it.each(['hs2019', 'rsa-sha512', 'hmac-sha256'])(
    'is rejected with unsupported algorithm %s',
    async (algorithm) => {
      const verdict = failure(
        await verifyRequest(await tamper(signed, rewriteSignature(signed, 'algorithm', algorithm))),
      );
      expect(verdict).toMatchObject({ code: 'FORMAT_ERROR', header: 'Signature' });
      expect(verdict.text).toContain(`unsupported algorithm ${algorithm} (expected rsa-sha256)`);
    },
  );

  it('is rejected when it is garbage', async () => {
    const verdict = failure(await verifyRequest(await tamper(signed, { Signature: 'not a signature' })));
    expect(verdict).toMatchObject({ code: 'FORMAT_ERROR' });
    expect(verdict.text).toContain('Signature parameter not has no "=" after it');
  });

  it('is rejected when RFC 2047-wrapped but not decodable', async () => {
    const verdict = failure(await verifyRequest(await tamper(signed, { Signature: '=?utf-8?B?***?=' })));
    expect(verdict.text).toContain('Signature is RFC 2047-encoded but');
    expect(verdict.text).toContain('part 5.1 rule 8');
  });

  it('is rejected with a signature of the wrong length for the key', async () => {
    const short = btoa('x'.repeat(128));
    const verdict = failure(
      await verifyRequest(await tamper(signed, rewriteSignature(signed, 'signature', short))),
    );
    expect(verdict.text).toContain(
      "signature is 128 bytes, but the certificate's 2048-bit key makes 256-byte signatures",
    );
  });
});
