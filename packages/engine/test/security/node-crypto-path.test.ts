// In Node the verifier checks RSA signatures and digests with `node:crypto` on the calling thread
// (src/security/node-crypto.ts) instead of WebCrypto's thread pool, and the TPP kit signs there too; an
// injected SubtleCrypto still gets every operation. Both paths must give the same verdict, word for
// word, for every outcome, and the same signature.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRequestVerifier, type VerifyOptions } from '../../src/security/index.js';
import { presetIdentity, signRequest } from '../../src/tpp/index.js';
import { fixtures, rewriteSignature, tamper, vectorNow, vectorRequest, verifyRequest } from './support.js';

const now = Date.parse('2026-03-02T10:00:00Z');
const tppA = await presetIdentity('pisp');
const tppB = await presetIdentity('aisp');

/** A SubtleCrypto that is not the runtime's own object: the verifier gives it all the work. */
function injected(): SubtleCrypto {
  const real = globalThis.crypto.subtle;
  return new Proxy(real, {
    get(target, name) {
      const value = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const post = (body: string) =>
  new Request('http://localhost/v1/payments/x', {
    method: 'POST',
    headers: { 'PSU-ID': 'p1', 'content-type': 'application/json' },
    body,
  });

async function cases(): Promise<Array<[string, Request, Partial<VerifyOptions>]>> {
  const signedPost = await signRequest(post('{"a":1}'), tppA, { now });
  const signedGet = await signRequest(new Request('http://localhost/v1/accounts'), tppA, { now });
  const v = fixtures.vectors.find((x) => x.name.startsWith('non-ASCII'))!;
  const short = rewriteSignature(signedGet, 'signature', btoa('x'.repeat(200)));
  const zeros = rewriteSignature(signedGet, 'signature', btoa('\u00ff'.repeat(256)));
  return [
    ['a signed GET', signedGet, { now }],
    ['a signed POST with its digest', signedPost, { now, digestRequired: true }],
    ['a body that does not match the digest', await tamper(signedPost, {}, '{"a":2}'), { now }],
    ['a tampered signed header', await tamper(signedPost, { 'PSU-ID': 'p2' }), { now }],
    [
      'another key',
      await signRequest(post('{}'), { ...tppA, privateKey: tppB.privateKey }, { now }),
      { now },
    ],
    ['a signature of the wrong length', await tamper(signedGet, short), { now }],
    ['a signature above the modulus', await tamper(signedGet, zeros), { now }],
    [
      'a header value read as ISO-8859-1 bytes',
      vectorRequest(v, { 'PSU-ID': String.fromCharCode(...new TextEncoder().encode('bjørn')) }),
      { now: vectorNow(v) },
    ],
  ];
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('verification with node:crypto beside WebCrypto', () => {
  it('gives the same verdict as WebCrypto for every outcome', async () => {
    const nodePath = createRequestVerifier();
    const webPath = createRequestVerifier();
    const subtle = injected();
    const outcomes = new Set<string>();
    for (const [name, request, options] of await cases()) {
      const fromNode = await verifyRequest(request, options, nodePath);
      const fromWeb = await verifyRequest(request, { ...options, subtle }, webPath);
      expect(fromNode, name).toEqual(fromWeb);
      outcomes.add(fromNode.ok ? 'ok' : (fromNode.steps.at(-1)?.step ?? ''));
    }
    // The cases reach the verdicts they are meant to: passes, and failures at both crypto steps.
    expect([...outcomes].sort()).toEqual(['Digest', 'ok', 'signature']);
  });

  it('leaves the runtime WebCrypto out of a verification in Node', async () => {
    const verify = vi.spyOn(globalThis.crypto.subtle, 'verify');
    const digest = vi.spyOn(globalThis.crypto.subtle, 'digest');
    const verifier = createRequestVerifier();
    const signed = await signRequest(post('{"b":1}'), tppA, { now });
    await verifyRequest(signed, { now, digestRequired: true }, verifier);
    verify.mockClear();
    digest.mockClear();
    const verdict = await verifyRequest(signed, { now, digestRequired: true }, verifier);
    expect(verdict.ok).toBe(true);
    expect(verify).not.toHaveBeenCalled();
    expect(digest).not.toHaveBeenCalled();
  });
});

describe('signing with node:crypto beside WebCrypto', () => {
  const get = () => new Request('http://localhost/v1/accounts', { headers: { 'X-Request-ID': 'sign-1' } });

  it('makes the Signature WebCrypto makes, byte for byte, without WebCrypto', async () => {
    const sign = vi.spyOn(globalThis.crypto.subtle, 'sign');
    const fromNode = await signRequest(get(), tppA, { now });
    expect(sign).not.toHaveBeenCalled();
    // An injected SubtleCrypto signs itself: RSASSA-PKCS1-v1_5 is deterministic, so the two agree.
    const fromWeb = await signRequest(get(), tppA, { now, subtle: injected() });
    expect(sign).toHaveBeenCalledTimes(1);
    expect(fromNode.headers.get('signature')).toBe(fromWeb.headers.get('signature'));
    expect((await verifyRequest(fromNode, { now }, createRequestVerifier())).ok).toBe(true);
  });

  it('leaves a key of another hash to WebCrypto, which signs with that hash, as before: the bank refuses it', async () => {
    const { privateKey } = await crypto.subtle.generateKey(
      {
        name: 'RSASSA-PKCS1-v1_5',
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: 'SHA-512',
      },
      false,
      ['sign', 'verify'],
    );
    const sign = vi.spyOn(globalThis.crypto.subtle, 'sign');
    const signed = await signRequest(get(), { ...tppA, privateKey }, { now });
    expect(sign).toHaveBeenCalledTimes(1);
    const verdict = await verifyRequest(signed, { now }, createRequestVerifier());
    expect(verdict.ok).toBe(false);
  });
});
