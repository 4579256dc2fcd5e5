// part 5.1 rule 11: TPP-Signature-Certificate carries the signing certificate in base64 DER.
import { describe, expect, it } from 'vitest';
import { presetIdentity, signRequest } from '../../src/tpp/index.js';
import { failure, fixtureText, tamper, verifyRequest } from './support.js';

const identity = await presetIdentity('both');
const signed = await signRequest(new Request('http://localhost/v1/accounts'), identity);
const certificate = signed.headers.get('tpp-signature-certificate')!;

describe('the TPP-Signature-Certificate header', () => {
  it('is required when the request is signed', async () => {
    const verdict = failure(await verifyRequest(await tamper(signed, { 'TPP-Signature-Certificate': null })));
    expect(verdict).toMatchObject({ code: 'HTTP_HEADER_REQUIRED', header: 'TPP-Signature-Certificate' });
    expect(verdict.text).toContain('has no TPP-Signature-Certificate header');
  });

  it('is rejected when it is not base64', async () => {
    const verdict = failure(
      await verifyRequest(await tamper(signed, { 'TPP-Signature-Certificate': 'MII%%garbage!!' })),
    );
    expect(verdict).toMatchObject({ code: 'FORMAT_ERROR', header: 'TPP-Signature-Certificate' });
    expect(verdict.text).toContain('the certificate is not base64 DER or PEM');
  });

  it('is rejected when the DER is truncated', async () => {
    const truncated = btoa(atob(certificate).slice(0, 600));
    const verdict = failure(
      await verifyRequest(await tamper(signed, { 'TPP-Signature-Certificate': truncated })),
    );
    expect(verdict).toMatchObject({ code: 'FORMAT_ERROR' });
    expect(verdict.text).toContain('the certificate is not valid DER');
    expect(verdict.text).toContain('truncated?');
  });

  it('is rejected when the DER holds a malformed time (which makes the DER decoder throw)', async () => {
    const badTime = btoa(String.fromCharCode(0x18, 0x03, 0x41, 0x42, 0x43));
    const verdict = failure(
      await verifyRequest(await tamper(signed, { 'TPP-Signature-Certificate': badTime })),
    );
    expect(verdict).toMatchObject({ code: 'FORMAT_ERROR' });
    expect(verdict.text).toContain('the certificate is not valid DER');
  });

  it('is rejected when the DER is not a certificate', async () => {
    const notCertificate = btoa(String.fromCharCode(0x30, 0x03, 0x02, 0x01, 0x05));
    const verdict = failure(
      await verifyRequest(await tamper(signed, { 'TPP-Signature-Certificate': notCertificate })),
    );
    expect(verdict.text).toContain('the DER is not an X.509 certificate');
  });

  it('is rejected when the certificate names no organizationIdentifier', async () => {
    const caCertificate = fixtureText('fixture-ca.cert.pem').replace(/\n/g, ' ');
    const verdict = failure(
      await verifyRequest(await tamper(signed, { 'TPP-Signature-Certificate': caCertificate })),
    );
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST' });
    expect(verdict.text).toContain('has no organizationIdentifier (2.5.4.97)');
  });

  it.each([
    ['PEM with header lines', () => identityPem()],
    ['PEM body on one line without header lines', () => certificate],
    ['base64 with spaces and line breaks', () => certificate.replace(/(.{60})/g, '$1 \n ')],
    ['PEM with literal \\n escapes', () => identityPem().replace(/\n/g, '\\n')],
    ['URL-encoded PEM (as proxies forward it)', () => encodeURIComponent(identityPem())],
  ])('is accepted as %s', async (_name, value) => {
    const header = value().replace(/\n/g, ' ');
    const verdict = await verifyRequest(await tamper(signed, { 'TPP-Signature-Certificate': header }));
    expect(verdict).toMatchObject({ ok: true, tpp: { fingerprint: identity.tpp.fingerprint } });
  });
});

function identityPem(): string {
  const body = identity.certificate.base64.replace(/(.{64})/g, '$1\n');
  return `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`;
}
