// RFC 5280 §4.1.2.5: the certificate must be valid at the bank clock (options.now).
import { describe, expect, it } from 'vitest';
import { presetIdentity, signRequest } from '../../src/tpp/index.js';
import { failure, verifyRequest } from './support.js';

const DAY = 86_400_000;

describe('certificate validity', () => {
  it('rejects an expired certificate, naming notAfter', async () => {
    const identity = await presetIdentity('expired');
    const signed = await signRequest(new Request('http://localhost/v1/accounts'), identity);
    const verdict = failure(await verifyRequest(signed));
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST', header: 'TPP-Signature-Certificate' });
    expect(verdict.text).toContain(`expired at ${new Date(identity.tpp.notAfter).toISOString()} (notAfter)`);
  });

  it('rejects a certificate that is not valid yet', async () => {
    const now = Date.now();
    const identity = await presetIdentity('aisp', { validFrom: now + 10 * DAY, validTo: now + 20 * DAY });
    const signed = await signRequest(new Request('http://localhost/v1/accounts'), identity, { now });
    const verdict = failure(await verifyRequest(signed, { now }));
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST' });
    expect(verdict.text).toContain('not yet valid: notBefore is');
  });

  it('judges validity by the bank clock, not the real one', async () => {
    const identity = await presetIdentity('expired');
    const then = identity.tpp.notAfter - DAY;
    const signed = await signRequest(new Request('http://localhost/v1/accounts'), identity, { now: then });
    expect((await verifyRequest(signed, { now: then })).ok).toBe(true);
  });
});
