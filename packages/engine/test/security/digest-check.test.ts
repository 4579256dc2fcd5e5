// RFC 3230 Digest (part 4.1: required on create payment and create sandbox account): at least one
// SHA-256 or SHA-512 value must match the exact body bytes.
import { describe, expect, it } from 'vitest';
import { createDigestHeader } from '../../src/security/index.js';
import { presetIdentity, signRequest } from '../../src/tpp/index.js';
import { failure, tamper, verifyRequest } from './support.js';

const identity = await presetIdentity('pisp');
const body = '{"instructedAmount":{"currency":"NOK","amount":"250.00"},"creditorName":"Kari Nordmann"}';
const otherBody = '{"instructedAmount":{"currency":"NOK","amount":"25000.00"},"creditorName":"Mallory"}';
const bytes = (text: string) => new TextEncoder().encode(text);

function post(headers: Record<string, string> = {}, payload = body) {
  return new Request('http://localhost/v1/payments/norwegian-domestic-credit-transfers', {
    method: 'POST',
    body: payload,
    headers: { 'PSU-ID': 'p1', 'Content-Type': 'application/json', ...headers },
  });
}

describe('the Digest header', () => {
  it('is accepted when it matches the body', async () => {
    expect(await verifyRequest(await signRequest(post(), identity), { digestRequired: true })).toMatchObject({
      ok: true,
    });
  });

  it('rejects a tampered body, giving the digest the body has', async () => {
    const signed = await signRequest(post(), identity);
    const verdict = failure(
      await verifyRequest(await tamper(signed, {}, otherBody), { digestRequired: true }),
    );
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST', header: 'Digest' });
    const expected = (await createDigestHeader(bytes(otherBody))).slice('SHA-256='.length);
    expect(verdict.text).toBe(`Digest SHA-256 does not match the body (expected ${expected})`);
  });

  it('rejects the digest of another body even when it is not required', async () => {
    const signed = await signRequest(post({ Digest: await createDigestHeader(bytes(otherBody)) }), identity);
    const verdict = failure(await verifyRequest(signed, { digestRequired: false }));
    expect(verdict.text).toContain('Digest SHA-256 does not match the body');
  });

  it('leaves the signature to catch a body swapped together with its digest', async () => {
    const signed = await signRequest(post(), identity);
    const swapped = await tamper(signed, { Digest: await createDigestHeader(bytes(otherBody)) }, otherBody);
    const verdict = failure(await verifyRequest(swapped, { digestRequired: true }));
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST', header: 'Signature' });
    expect(verdict.text).toContain("signature does not verify against the certificate's key");
  });

  it('is required where the core says so, and the text names Digest', async () => {
    const signed = await signRequest(post(), identity, { headers: ['date', 'x-request-id', 'psu-id'] });
    const verdict = failure(
      await verifyRequest(await tamper(signed, { Digest: null }), { digestRequired: true }),
    );
    expect(verdict).toMatchObject({ code: 'HTTP_HEADER_REQUIRED', header: 'Digest' });
    expect(verdict.text).toContain('has no Digest header, which this operation requires');
  });

  it('may be left out where it is not required', async () => {
    const signed = await signRequest(post(), identity, { headers: ['date', 'x-request-id', 'psu-id'] });
    expect(
      await verifyRequest(await tamper(signed, { Digest: null }), { digestRequired: false }),
    ).toMatchObject({
      ok: true,
    });
  });

  it.each([
    ['SHA-512', async () => createDigestHeader(bytes(body), undefined, 'SHA-512')],
    [
      'a lower-case algorithm token',
      async () => (await createDigestHeader(bytes(body))).replace('SHA-256', 'sha-256'),
    ],
    [
      'an unsupported value next to a matching one',
      async () => `MD5=Q2hlY2sgSW50ZWdyaXR5IQ==,${await createDigestHeader(bytes(body))}`,
    ],
  ])('is accepted with %s', async (_name, digest) => {
    const signed = await signRequest(post({ Digest: await digest() }), identity);
    expect(await verifyRequest(signed, { digestRequired: true })).toMatchObject({ ok: true });
  });

  it('rejects a Digest with no supported algorithm', async () => {
    const signed = await signRequest(post({ Digest: 'MD5=Q2hlY2sgSW50ZWdyaXR5IQ==' }), identity);
    const verdict = failure(await verifyRequest(signed, { digestRequired: true }));
    expect(verdict).toMatchObject({ code: 'FORMAT_ERROR', header: 'Digest' });
    expect(verdict.text).toContain('Digest has no SHA-256 or SHA-512 value (got MD5');
  });
});
