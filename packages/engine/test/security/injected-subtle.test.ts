// The module runs on any WebCrypto: globalThis.crypto.subtle by default, or an injected SubtleCrypto
// (e.g. @peculiar/webcrypto). Here a delegating SubtleCrypto records which operations it served.
import { describe, expect, it } from 'vitest';
import { createRequestVerifier } from '../../src/security/index.js';
import { createTppIdentity, SANDBOX_TEST_CA_PEM, signRequest } from '../../src/tpp/index.js';
import { recordingSubtle, verifyRequest } from './support.js';

describe('an injected SubtleCrypto', () => {
  it('creates the identity and signs the request', async () => {
    const { subtle, calls } = recordingSubtle();
    const identity = await createTppIdentity({ roles: ['PSP_AI'], subtle });
    await signRequest(new Request('http://localhost/v1/x', { method: 'POST', body: '{}' }), identity, {
      subtle,
    });
    expect(calls).toEqual(expect.arrayContaining(['generateKey', 'importKey', 'sign', 'digest']));
  });

  it('does every verification operation, importing its own key once', async () => {
    const identity = await createTppIdentity({ roles: ['PSP_PI'] });
    const signed = await signRequest(
      new Request('http://localhost/v1/x', { method: 'POST', body: '{}' }),
      identity,
    );
    const { subtle, calls } = recordingSubtle();
    const verifier = createRequestVerifier();
    await verifyRequest(signed, { digestRequired: true }, verifier);
    const options = { subtle, digestRequired: true, trustAnchors: [SANDBOX_TEST_CA_PEM] };
    expect(await verifyRequest(signed, options, verifier)).toMatchObject({ ok: true });
    expect(verifier.stats.keyImports).toBe(2);
    expect(calls.filter((c) => c === 'importKey')).toHaveLength(2);
    calls.length = 0;
    expect(await verifyRequest(signed, options, verifier)).toMatchObject({ ok: true });
    // One digest and one RSA verification (run concurrently), and nothing imported again.
    expect([...calls].sort()).toEqual(['digest', 'verify']);
  });
});
