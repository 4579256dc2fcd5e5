// Production profile (part 1, part 5.1 rule 11): with trustAnchors, the certificate must be issued by one.
import { describe, expect, it } from 'vitest';
import {
  createCertificateAuthority,
  createTppIdentity,
  presetIdentity,
  SANDBOX_TEST_CA_PEM,
  signRequest,
} from '../../src/tpp/index.js';
import { failure, fixtureText, vector, vectorNow, vectorRequest, verifyRequest } from './support.js';

const get = () => new Request('http://localhost/v1/accounts');

describe('trust anchors', () => {
  it('accept a certificate issued by the sandbox test CA', async () => {
    const signed = await signRequest(get(), await presetIdentity('both'));
    const verdict = await verifyRequest(signed, { trustAnchors: [SANDBOX_TEST_CA_PEM] });
    expect(verdict).toMatchObject({ ok: true });
    expect(verdict.steps.find((s) => s.step === 'trust chain')?.detail).toBe(
      'issued by trusted CA CN=Sandbank Test CA,O=Sandbank Sandbox,C=NO',
    );
  });

  it('reject a certificate from another CA', async () => {
    const signed = await signRequest(get(), await presetIdentity('wrong-ca'));
    const verdict = failure(await verifyRequest(signed, { trustAnchors: [SANDBOX_TEST_CA_PEM] }));
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST', header: 'TPP-Signature-Certificate' });
    expect(verdict.text).toContain('certificate is not issued by a trusted CA (issuer CN=Untrusted Test CA');
  });

  it('are not checked without trustAnchors (the sandbox profile)', async () => {
    const signed = await signRequest(get(), await presetIdentity('wrong-ca'));
    expect(await verifyRequest(signed)).toMatchObject({ ok: true });
  });

  it('reject a CA that copies the trusted CA’s name but not its key', async () => {
    const impostor = await createCertificateAuthority({
      commonName: 'Sandbank Test CA',
      organisation: 'Sandbank Sandbox',
    });
    const identity = await createTppIdentity({ roles: ['PSP_AI'], issuer: impostor });
    const verdict = failure(
      await verifyRequest(await signRequest(get(), identity), { trustAnchors: [SANDBOX_TEST_CA_PEM] }),
    );
    expect(verdict.text).toContain(
      'not issued by a trusted CA (issuer CN=Sandbank Test CA,O=Sandbank Sandbox,C=NO',
    );
  });

  it('check an openssl-issued certificate against its openssl CA, given as PEM or base64', async () => {
    const v = vector('GET accounts with Date');
    const caPem = fixtureText('fixture-ca.cert.pem');
    const caBase64 = caPem.replace(/-----[A-Z ]+-----|\s/g, '');
    for (const anchor of [caPem, caBase64]) {
      const verdict = await verifyRequest(vectorRequest(v), {
        now: vectorNow(v),
        trustAnchors: [SANDBOX_TEST_CA_PEM, anchor],
      });
      expect(verdict).toMatchObject({ ok: true });
    }
    const untrusted = failure(
      await verifyRequest(vectorRequest(v), { now: vectorNow(v), trustAnchors: [SANDBOX_TEST_CA_PEM] }),
    );
    expect(untrusted.text).toContain('issuer CN=Fixture Test CA,O=Sandbank Fixtures,C=NO');
  });

  it('point out anchors that are not certificates', async () => {
    const signed = await signRequest(get(), await presetIdentity('wrong-ca'));
    const verdict = failure(
      await verifyRequest(signed, { trustAnchors: [SANDBOX_TEST_CA_PEM, 'not a certificate'] }),
    );
    expect(verdict.text).toContain('2 trust anchors configured, 1 of them unreadable)');
  });
});
