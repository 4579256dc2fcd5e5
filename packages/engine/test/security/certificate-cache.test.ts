// Performance: a verifier parses each certificate once and imports its key once, so a repeat TPP costs
// one digest and one RSA verification.
import { describe, expect, it } from 'vitest';
import { createRequestVerifier } from '../../src/security/index.js';
import { createTppIdentity, presetIdentity, signRequest } from '../../src/tpp/index.js';
import { recordingSubtle, verifyRequest } from './support.js';

const aisp = await presetIdentity('aisp');
const pisp = await presetIdentity('pisp');
const get = (psuId: string) => new Request('http://localhost/v1/accounts', { headers: { 'PSU-ID': psuId } });

describe('the verifier’s certificate cache', () => {
  it('parses the same certificate once and imports its key once', async () => {
    const verifier = createRequestVerifier();
    expect(await verifyRequest(await signRequest(get('a'), aisp), {}, verifier)).toMatchObject({ ok: true });
    expect(await verifyRequest(await signRequest(get('b'), aisp), {}, verifier)).toMatchObject({ ok: true });
    expect(verifier.stats).toEqual({ certificateParses: 1, certificateCacheHits: 1, keyImports: 1 });
  });

  it('parses once when two requests arrive together', async () => {
    const verifier = createRequestVerifier();
    const [a, b] = await Promise.all([signRequest(get('a'), aisp), signRequest(get('b'), aisp)]);
    await Promise.all([verifyRequest(a, {}, verifier), verifyRequest(b, {}, verifier)]);
    expect(verifier.stats.certificateParses).toBe(1);
    expect(verifier.stats.keyImports).toBe(1);
  });

  it('evicts the least recently used certificate when full', async () => {
    const verifier = createRequestVerifier({ cacheSize: 1 });
    for (const identity of [aisp, pisp, aisp])
      await verifyRequest(await signRequest(get('a'), identity), {}, verifier);
    expect(verifier.stats.certificateParses).toBe(3);
  });

  it('keeps verdicts independent of the cache: a cached certificate still checks the signature', async () => {
    const verifier = createRequestVerifier();
    await verifyRequest(await signRequest(get('a'), aisp), {}, verifier);
    const forged = await signRequest(get('b'), { ...aisp, privateKey: pisp.privateKey });
    expect(await verifyRequest(forged, {}, verifier)).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
  });

  it('hands out a copy of the TPP that callers may change', async () => {
    const verifier = createRequestVerifier();
    const first = await verifyRequest(await signRequest(get('a'), aisp), {}, verifier);
    if (first.ok) first.tpp.roles.push('PSP_IC');
    const second = await verifyRequest(await signRequest(get('b'), aisp), {}, verifier);
    expect(second).toMatchObject({ ok: true, tpp: { roles: ['PSP_AI'] } });
  });

  it('reads a certificate once for every verifier of the process, each still counting its own miss', async () => {
    // A certificate no other test has sent, and a SubtleCrypto that records what it is asked to do:
    // reading a certificate hashes its DER; verifying a GET hashes nothing.
    const identity = await createTppIdentity({ roles: ['PSP_AI'] });
    const signed = await signRequest(get('a'), identity);
    const { subtle, calls } = recordingSubtle();
    const first = createRequestVerifier();
    expect(await verifyRequest(signed, { subtle }, first)).toMatchObject({ ok: true });
    expect(calls).toContain('digest');
    calls.length = 0;
    const second = createRequestVerifier();
    expect(await verifyRequest(signed, { subtle }, second)).toMatchObject({ ok: true });
    expect(calls).not.toContain('digest');
    expect(second.stats).toEqual({ certificateParses: 1, certificateCacheHits: 0, keyImports: 1 });
  });

  it('does not keep a reading that failed for the SubtleCrypto, not the certificate', async () => {
    const identity = await createTppIdentity({ roles: ['PSP_AI'] });
    const signed = await signRequest(get('a'), identity);
    const { subtle, fail } = recordingSubtle();
    fail.digest = true;
    await expect(verifyRequest(signed, { subtle }, createRequestVerifier())).rejects.toThrow('digest failed');
    fail.digest = false;
    expect(await verifyRequest(signed, { subtle }, createRequestVerifier())).toMatchObject({ ok: true });
  });
});
