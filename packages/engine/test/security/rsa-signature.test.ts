// part 5.1 rules 6–7: the signature is RSA-SHA256 over the signing string with the key of the
// certificate that keyId names.
import { describe, expect, it } from 'vitest';
import { presetIdentity, signRequest } from '../../src/tpp/index.js';
import { failure, tamper, verifyRequest } from './support.js';

const tppA = await presetIdentity('aisp');
const tppB = await presetIdentity('pisp');
const get = (headers: Record<string, string> = { 'PSU-ID': 'p1' }) =>
  new Request('http://localhost/v1/accounts', { headers });

describe('the RSA-SHA256 signature', () => {
  it('rejects a signature made with another key than the certificate’s', async () => {
    const signed = await signRequest(get(), { ...tppA, privateKey: tppB.privateKey });
    const verdict = failure(await verifyRequest(signed));
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST', header: 'Signature' });
    expect(verdict.text).toMatch(
      /^signature does not verify against the certificate's key \(signing string was: "date: /,
    );
  });

  it('rejects a tampered signed header', async () => {
    const signed = await signRequest(get(), tppA);
    const verdict = failure(await verifyRequest(await tamper(signed, { 'PSU-ID': 'p2' })));
    expect(verdict.text).toContain("signature does not verify against the certificate's key");
    expect(verdict.text).toContain('psu-id: p2');
  });

  it('rejects the valid certificate of TPP B on a request signed by TPP A', async () => {
    const signed = await signRequest(get(), tppA);
    const signature = signed.headers.get('signature')!.replace(tppA.keyId, tppB.keyId);
    const forged = await tamper(signed, {
      Signature: signature,
      'TPP-Signature-Certificate': tppB.certificate.base64,
    });
    const verdict = failure(await verifyRequest(forged));
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST', header: 'Signature' });
    expect(verdict.text).toContain("signature does not verify against the certificate's key");
  });

  it('rejects a keyId that names the other TPP’s certificate', async () => {
    const signed = await signRequest(get(), tppA);
    const verdict = failure(
      await verifyRequest(await tamper(signed, { 'TPP-Signature-Certificate': tppB.certificate.base64 })),
    );
    expect(verdict.text).toContain(`keyId serial ${tppA.tpp.serialHex} does not match certificate serial`);
  });

  it('keeps the failure text within 512 characters however long the signing string', async () => {
    const signed = await signRequest(get({ 'PSU-ID': 'x'.repeat(2000) }), tppA);
    const verdict = failure(await verifyRequest(await tamper(signed, { 'PSU-ID': 'y'.repeat(2000) })));
    expect(verdict.text.length).toBeLessThanOrEqual(512);
    expect(verdict.text).toMatch(/…\)$/);
  });

  it('reports the TPP from the certificate when it verifies', async () => {
    const verdict = await verifyRequest(await signRequest(get(), tppA));
    expect(verdict).toMatchObject({
      ok: true,
      tpp: { organisationId: 'PSDNO-FSA-920123457', roles: ['PSP_AI'] },
    });
    expect(verdict.steps.map((s) => s.step)).toEqual([
      'Signature header',
      'TPP-Signature-Certificate',
      'certificate validity',
      'keyId',
      'signed headers',
      'date',
      'Digest',
      'signature',
    ]);
  });
});
