// ETSI TS 119 312 / eIDAS practice: an RSA key under 2048 bits does not sign for a TPP. The
// certificates come from the openssl command line (support/openssl.ts), not from the engine's kit.

import { opensslTpp } from '@sandbank/test-support/openssl';
import { describe, expect, it } from 'vitest';
import { signRequest } from '../../src/tpp/index.js';
import { failure, verifyRequest } from './support.js';

const now = Date.parse('2026-03-02T10:00:00Z');
const request = () => new Request('http://localhost/v1/accounts', { headers: { 'X-Request-ID': 'r-1' } });

describe('the RSA key size', () => {
  it('refuses a 1024-bit key at the certificate step, naming the minimum', async () => {
    const weak = await opensslTpp(1024, 'PSDNO-FSA-915000003');
    const verdict = failure(
      await verifyRequest(await signRequest(request(), weak.identity, { now }), { now }),
    );
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST', header: 'TPP-Signature-Certificate' });
    expect(verdict.text).toContain('has 1024 bits; keys of at least 2048 bits are required');
    expect(verdict.steps.at(-1)).toMatchObject({ step: 'TPP-Signature-Certificate', ok: false });
  });

  it('refuses a 2047-bit key and accepts a 2048-bit one', async () => {
    const [short, enough] = await Promise.all([
      opensslTpp(2047, 'PSDNO-FSA-915000004'),
      opensslTpp(2048, 'PSDNO-FSA-915000005'),
    ]);
    const refused = failure(
      await verifyRequest(await signRequest(request(), short.identity, { now }), { now }),
    );
    expect(refused.text).toContain('has 2047 bits');
    const accepted = await verifyRequest(await signRequest(request(), enough.identity, { now }), { now });
    expect(accepted.ok).toBe(true);
  });
});
