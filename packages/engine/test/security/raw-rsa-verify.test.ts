// In Node the RSA signature of a request is checked as RSAVP1 (`publicDecrypt` without padding) and
// a byte-for-byte comparison with the EMSA-PKCS1-v1_5 encoding of the SHA-256 digest
// (src/security/node-crypto.ts). It must give WebCrypto's verdict for every signature: the valid
// ones, those of other hashes and paddings, and encodings that are almost right, which only the
// private key can make (raised to the private exponent with `privateEncrypt` without padding).
import { constants, createHash, generateKeyPairSync, privateEncrypt, sign } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPkcs1Sha256Encoding, nodeRsaKey } from '../../src/security/node-crypto.js';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const spki = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }));
const subtle = globalThis.crypto.subtle;
const webKey = await subtle.importKey('spki', spki, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, [
  'verify',
]);
const key = nodeRsaKey(spki, subtle);
const K = 256;
const DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

const webVerdict = (signature: Uint8Array, data: Uint8Array) =>
  subtle.verify('RSASSA-PKCS1-v1_5', webKey, new Uint8Array(signature), new Uint8Array(data));

/** The correct encoding of SHA-256(data), k bytes. */
function encoding(data: Uint8Array): Buffer {
  const t = Buffer.concat([DIGEST_INFO, createHash('sha256').update(data).digest()]);
  return Buffer.concat([Buffer.from([0, 1]), Buffer.alloc(K - t.length - 3, 0xff), Buffer.from([0]), t]);
}

/** The signature whose RSAVP1 is exactly `em` (below the modulus: it starts with a zero byte). */
const forge = (em: Uint8Array) =>
  new Uint8Array(privateEncrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, em));

describe('RSASSA-PKCS1-v1_5 verified from the raw RSA result', () => {
  it('is used in Node and accepts the signatures Node and WebCrypto make', async () => {
    expect(key).not.toBeNull();
    const data = new TextEncoder().encode('(request-target): get /v1/accounts');
    const signature = new Uint8Array(sign('sha256', data, privateKey));
    expect(key?.verify(signature, data)).toBe(true);
    expect(await webVerdict(signature, data)).toBe(true);
    expect(key?.verify(forge(encoding(data)), data)).toBe(true);
  });

  it('gives WebCrypto verdict for signed, tampered and almost-right encodings', async () => {
    const bytes = fc.uint8Array({ minLength: 0, maxLength: 300 });
    const variant = fc.oneof(
      fc.constant({ kind: 'valid' } as const),
      fc.record({
        kind: fc.constant('flip' as const),
        at: fc.nat(K - 1),
        bit: fc.integer({ min: 0, max: 7 }),
      }),
      fc.record({ kind: fc.constant('encodingByte' as const), at: fc.nat(K - 1), value: fc.nat(255) }),
      fc.constantFrom(
        { kind: 'hash' as const, algorithm: 'sha1' },
        { kind: 'hash' as const, algorithm: 'sha512' },
        { kind: 'hash' as const, algorithm: 'sha384' },
      ),
      fc.constant({ kind: 'pss' } as const),
      fc.constant({ kind: 'otherData' } as const),
    );
    await fc.assert(
      fc.asyncProperty(bytes, variant, async (data, v) => {
        let signature: Uint8Array;
        if (v.kind === 'valid') signature = new Uint8Array(sign('sha256', data, privateKey));
        else if (v.kind === 'flip') {
          signature = new Uint8Array(sign('sha256', data, privateKey));
          signature[v.at] = (signature[v.at] ?? 0) ^ (1 << v.bit);
        } else if (v.kind === 'encodingByte') {
          const em = encoding(data);
          em[v.at] = v.value;
          em[0] = 0; // keeps it below the modulus: what changes is the padding, the DigestInfo or the digest
          signature = forge(em);
        } else if (v.kind === 'hash') signature = new Uint8Array(sign(v.algorithm, data, privateKey));
        else if (v.kind === 'pss') {
          signature = new Uint8Array(
            sign('sha256', data, { key: privateKey, padding: constants.RSA_PKCS1_PSS_PADDING }),
          );
        } else signature = new Uint8Array(sign('sha256', new Uint8Array([...data, 1]), privateKey));
        expect(key?.verify(signature, data)).toBe(await webVerdict(signature, data));
      }),
      { numRuns: 300, seed: 21 },
    );
  });

  it('refuses an encoding with the padding cut short, a second hash after it, or left-over bytes', async () => {
    const data = new TextEncoder().encode('digest: SHA-256=...');
    const right = encoding(data);
    const t = right.subarray(K - 51);
    // Fewer than eight 0xff: the zero moved left, garbage after the digest.
    const short = Buffer.concat([Buffer.from([0, 1]), Buffer.alloc(5, 0xff), Buffer.from([0]), t]);
    const cutShort = Buffer.concat([short, Buffer.alloc(K - short.length, 0)]);
    // The digest followed by a second digest in the padding's place (a parser that reads the
    // DigestInfo's length and stops would accept it).
    const garbageTail = Buffer.concat([
      Buffer.from([0, 1]),
      Buffer.alloc(K - 51 - 3 - 32, 0xff),
      Buffer.from([0]),
      t,
      Buffer.alloc(32, 0x41),
    ]);
    for (const em of [cutShort, garbageTail]) {
      expect(em.length).toBe(K);
      const signature = forge(em);
      expect(key?.verify(signature, data)).toBe(false);
      expect(await webVerdict(signature, data)).toBe(false);
    }
    // A signature not below the modulus is refused, as WebCrypto refuses it.
    const above = new Uint8Array(K).fill(0xff);
    expect(key?.verify(above, data)).toBe(false);
    expect(await webVerdict(above, data)).toBe(false);
  });

  it('compares the whole encoding: every single byte changed is refused', () => {
    const data = new Uint8Array([1, 2, 3]);
    const digest = createHash('sha256').update(data).digest();
    const em = encoding(data);
    expect(isPkcs1Sha256Encoding(em, digest)).toBe(true);
    for (let at = 0; at < K; at++) {
      const changed = Buffer.from(em);
      changed[at] = (changed[at] ?? 0) ^ 0x01;
      expect(isPkcs1Sha256Encoding(changed, digest), `byte ${at}`).toBe(false);
    }
    expect(isPkcs1Sha256Encoding(em.subarray(0, 60), digest)).toBe(false);
    expect(isPkcs1Sha256Encoding(em, digest.subarray(0, 20))).toBe(false);
  });
});
