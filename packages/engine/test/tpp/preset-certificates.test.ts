// The presets' and the bank's stored certificates (src/pki/preset-certificates.ts, written by
// scripts/make-preset-certificates.ts): what each would issue today, for its own stored key, signed by
// its issuer; and presetIdentity() and sandboxBankIdentity() read them instead of issuing one (and,
// for the bank, generating a key) in every process.
import { describe, expect, it } from 'vitest';
import { issueBankIdentity, sandboxBankIdentity } from '../../src/pki/bank-identity.js';
import { BANK_CERTIFICATE, PRESET_CERTIFICATES } from '../../src/pki/preset-certificates.js';
import { type IdentityPreset, issuePreset, presetIdentity } from '../../src/pki/preset-identity.js';
import { presetKeyPair } from '../../src/pki/preset-key-pair.js';
import { SANDBOX_TEST_CA_PEM } from '../../src/pki/sandbox-test-ca.js';
import { createRequestVerifier } from '../../src/security/index.js';
import { type ParsedCertificate, parseCertificate } from '../../src/security/parse-certificate.js';
import { importRsaPublicKey, verifyRsaSha256 } from '../../src/security/rsa.js';
import { signRequest } from '../../src/tpp/index.js';
import { recordingSubtle, verifyRequest } from '../security/support.js';

const PRESETS = Object.keys(PRESET_CERTIFICATES) as IdentityPreset[];
const subtle = globalThis.crypto.subtle;
const read = (text: string) => parseCertificate(text, { subtle });
const get = () => new Request('http://localhost/v1/accounts', { headers: { 'PSU-ID': '13039319955' } });

/** Everything a certificate says but its serial and its signature (which a new issuing changes). */
function content(certificate: ParsedCertificate) {
  const { x509 } = certificate;
  return {
    version: x509.version,
    algorithm: x509.signatureAlgorithm.algorithmId,
    issuer: certificate.issuer.text,
    subject: certificate.subject.text,
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
    spki: [...certificate.spki],
    psd2: certificate.psd2,
    extensions: (x509.extensions ?? []).map((extension) => ({
      id: extension.extnID,
      critical: extension.critical,
      value: [...new Uint8Array(extension.extnValue.getValue())],
    })),
  };
}

describe("the presets' stored certificates", () => {
  it('stores one for every preset', () => {
    expect(PRESETS.sort()).toEqual(['aisp', 'both', 'expired', 'no-roles', 'pisp', 'wrong-ca']);
  });

  it.each(PRESETS)(
    '%s: says what the preset issues today, but for its serial and signature',
    async (preset) => {
      const stored = await read(PRESET_CERTIFICATES[preset]);
      const issued = (await issuePreset(preset)).certificate;
      expect(issued.serialHex).not.toBe(stored.serialHex);
      expect(content(stored)).toEqual(content(issued));
    },
  );

  it.each(PRESETS)("%s: carries the preset's stored key and is signed by its issuer's", async (preset) => {
    const stored = await read(PRESET_CERTIFICATES[preset]);
    const keys = await presetKeyPair(preset, subtle);
    expect(stored.spki).toEqual(new Uint8Array(await subtle.exportKey('spki', keys.publicKey)));
    // 'wrong-ca' is issued by the untrusted CA, whose key is stored too; the others by the test CA.
    const issuerKey =
      preset === 'wrong-ca'
        ? (await presetKeyPair('untrusted-ca', subtle)).publicKey
        : await importRsaPublicKey((await read(SANDBOX_TEST_CA_PEM)).spki, subtle);
    const signature = new Uint8Array(stored.x509.signatureValue.valueBlock.valueHexView);
    expect(await verifyRsaSha256(issuerKey, signature, stored.x509.tbsView, subtle)).toBe(true);
  });
});

describe('presetIdentity and the stored certificates', () => {
  it('gives a preset its stored certificate without signing anything', async () => {
    const { subtle: recording, calls } = recordingSubtle();
    const identity = await presetIdentity('both', { subtle: recording });
    expect(identity.certificate.base64).toBe(PRESET_CERTIFICATES.both);
    expect(calls).not.toContain('sign');
  });

  it('issues a certificate for another validity, signed then', async () => {
    const { subtle: recording, calls } = recordingSubtle();
    const validFrom = Date.UTC(2030, 0, 1);
    const identity = await presetIdentity('both', { subtle: recording, validFrom });
    expect(identity.certificate.base64).not.toBe(PRESET_CERTIFICATES.both);
    expect(identity.certificate.notBefore).toBe(validFrom);
    expect(calls).toContain('sign');
  });

  it("leaves a bank's first request from a preset nothing to read: the kit read it as banks do", async () => {
    const { subtle: recording, calls } = recordingSubtle();
    const identity = await presetIdentity('pisp', { subtle: recording });
    const signed = await signRequest(get(), identity);
    calls.length = 0;
    // Reading a certificate hashes its DER; verifying a GET hashes nothing.
    const verdict = await verifyRequest(signed, { subtle: recording }, createRequestVerifier());
    expect(verdict).toMatchObject({ ok: true, tpp: { roles: ['PSP_PI'] } });
    expect(calls).not.toContain('digest');
  });

  it("gives the identity its own copies: changing them changes no bank's reading", async () => {
    const { subtle: recording } = recordingSubtle();
    const identity = await presetIdentity('aisp', { subtle: recording });
    const signed = await signRequest(get(), identity);
    identity.tpp.roles.push('PSP_PI');
    identity.certificate.notAfter = 0;
    const verdict = await verifyRequest(signed, { subtle: recording }, createRequestVerifier());
    expect(verdict).toMatchObject({ ok: true, tpp: { roles: ['PSP_AI'] } });
  });
});

describe("the bank's stored identity (signed responses, part 5.1 rule 10)", () => {
  it('says what the bank issues today, but for its serial and signature', async () => {
    const stored = await read(BANK_CERTIFICATE);
    const issued = (await issueBankIdentity()).certificate;
    expect(issued.serialHex).not.toBe(stored.serialHex);
    expect(content(stored)).toEqual(content(issued));
    expect(stored.psd2?.roles).toEqual(['PSP_AS']);
  });

  it("carries the bank's stored key and is signed by the test CA", async () => {
    const stored = await read(BANK_CERTIFICATE);
    const keys = await presetKeyPair('bank', subtle);
    expect(stored.spki).toEqual(new Uint8Array(await subtle.exportKey('spki', keys.publicKey)));
    const caKey = await importRsaPublicKey((await read(SANDBOX_TEST_CA_PEM)).spki, subtle);
    const signature = new Uint8Array(stored.x509.signatureValue.valueBlock.valueHexView);
    expect(await verifyRsaSha256(caKey, signature, stored.x509.tbsView, subtle)).toBe(true);
  });

  it('is made without generating a key or signing anything', async () => {
    const { subtle: recording, calls } = recordingSubtle();
    const bank = await sandboxBankIdentity(recording);
    expect(bank.certificate.base64).toBe(BANK_CERTIFICATE);
    expect(calls).not.toContain('generateKey');
    expect(calls).not.toContain('sign');
  });
});
