// A CA's signature over a certificate, checked without pkijs's CryptoEngine (security/certificate-signature.ts):
// for every signature algorithm WebCrypto has, the same verdict as that CryptoEngine gives, and the
// trust-anchor check of the production profile with a CA whose key is not RSA.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { isSignedBy } from '../../src/security/certificate-signature.js';
import { createTppIdentity, importTppIdentity, signRequest } from '../../src/tpp/index.js';
import { failure, verifyRequest } from './support.js';

const subtle = globalThis.crypto.subtle;
/** pkijs's own engine: the oracle, and what issues the test certificates. */
const oracle = new pkijs.CryptoEngine({ name: 'test oracle', crypto: globalThis.crypto });

interface Kind {
  name: string;
  key: RsaHashedKeyGenParams | EcKeyGenParams;
  /** The hash pkijs signs with (for RSA-PSS, the key's own). */
  hash: string;
}

const rsa = (name: string, hash: string): RsaHashedKeyGenParams => ({
  name,
  hash,
  modulusLength: 1024,
  publicExponent: new Uint8Array([1, 0, 1]),
});
const KINDS: Kind[] = [
  { name: 'sha1WithRSAEncryption', key: rsa('RSASSA-PKCS1-v1_5', 'SHA-1'), hash: 'SHA-1' },
  { name: 'sha256WithRSAEncryption', key: rsa('RSASSA-PKCS1-v1_5', 'SHA-256'), hash: 'SHA-256' },
  { name: 'sha384WithRSAEncryption', key: rsa('RSASSA-PKCS1-v1_5', 'SHA-384'), hash: 'SHA-384' },
  { name: 'sha512WithRSAEncryption', key: rsa('RSASSA-PKCS1-v1_5', 'SHA-512'), hash: 'SHA-512' },
  { name: 'RSASSA-PSS with SHA-256', key: rsa('RSA-PSS', 'SHA-256'), hash: 'SHA-256' },
  {
    name: 'RSASSA-PSS with its default parameters (SHA-1, a salt of 20 bytes)',
    key: rsa('RSA-PSS', 'SHA-1'),
    hash: 'SHA-1',
  },
  { name: 'ecdsa-with-SHA256 on P-256', key: { name: 'ECDSA', namedCurve: 'P-256' }, hash: 'SHA-256' },
  { name: 'ecdsa-with-SHA384 on P-384', key: { name: 'ECDSA', namedCurve: 'P-384' }, hash: 'SHA-384' },
  { name: 'ecdsa-with-SHA512 on P-521', key: { name: 'ECDSA', namedCurve: 'P-521' }, hash: 'SHA-512' },
];

const keyPair = (kind: Kind) =>
  subtle.generateKey(kind.key, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;

/** A CA certificate for `keys`, self-signed by pkijs. */
async function selfSigned(keys: CryptoKeyPair, hash: string, name: string): Promise<pkijs.Certificate> {
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({ value: 1 });
  const rdn = new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: name }) }),
    ],
  });
  certificate.issuer = rdn;
  certificate.subject = rdn;
  certificate.notBefore.value = new Date(Date.UTC(2026, 0, 1));
  certificate.notAfter.value = new Date(Date.UTC(2036, 0, 1));
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey, oracle);
  await certificate.sign(keys.privateKey, hash, oracle);
  // As a certificate arrives: read from its DER.
  return pkijs.Certificate.fromBER(certificate.toSchema(true).toBER());
}

/** `certificate` with one bit of its signed part flipped. */
function tampered(certificate: pkijs.Certificate): pkijs.Certificate {
  const copy = pkijs.Certificate.fromBER(certificate.toSchema(true).toBER());
  const tbs = new Uint8Array(copy.tbsView);
  tbs[tbs.length - 1] = (tbs[tbs.length - 1] as number) ^ 1;
  copy.tbsView = tbs;
  return copy;
}

describe('a CA’s signature over a certificate', () => {
  for (const kind of KINDS) {
    it(`gives pkijs’s verdicts for ${kind.name}`, async () => {
      const [mine, other] = await Promise.all([keyPair(kind), keyPair(kind)]);
      const ca = await selfSigned(mine, kind.hash, 'Test CA');
      const impostor = await selfSigned(other, kind.hash, 'Test CA');
      const cases: [pkijs.Certificate, pkijs.Certificate, boolean][] = [
        [ca, ca, true],
        [impostor, ca, false],
        [ca, impostor, false],
        [tampered(ca), ca, false],
      ];
      if (kind.name.includes('PSS')) {
        const pss = new pkijs.RSASSAPSSParams({ schema: ca.signatureAlgorithm.algorithmParams });
        expect(pss.hashAlgorithm.algorithmId).toBe(
          kind.hash === 'SHA-1' ? '1.3.14.3.2.26' : '2.16.840.1.101.3.4.2.1',
        );
      }
      for (const [certificate, issuer, expected] of cases) {
        expect(await certificate.verify(issuer, oracle)).toBe(expected);
        expect(await isSignedBy(certificate, issuer, subtle)).toBe(expected);
      }
    });
  }

  it('throws for an algorithm WebCrypto lacks, and for an ECDSA key on another curve', async () => {
    const kind = KINDS[1] as Kind;
    const ca = await selfSigned(await keyPair(kind), kind.hash, 'Test CA');
    const md5 = pkijs.Certificate.fromBER(ca.toSchema(true).toBER());
    md5.signatureAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: '1.2.840.113549.1.1.4' });
    await expect(isSignedBy(md5, ca, subtle)).rejects.toThrow(
      'unsupported signature algorithm 1.2.840.113549.1.1.4',
    );

    const ecKind = KINDS[6] as Kind;
    const ecCa = await selfSigned(await keyPair(ecKind), ecKind.hash, 'EC CA');
    const secp256k1 = pkijs.Certificate.fromBER(ecCa.toSchema(true).toBER());
    secp256k1.subjectPublicKeyInfo.algorithm.algorithmParams = new asn1js.ObjectIdentifier({
      value: '1.3.132.0.10',
    });
    await expect(isSignedBy(ecCa, secp256k1, subtle)).rejects.toThrow('not on P-256, P-384 or P-521');
  });

  it('lets the production profile trust a TPP certificate from a CA with an ECDSA key', async () => {
    const kind = KINDS[6] as Kind;
    const caKeys = await keyPair(kind);
    const ca = await selfSigned(caKeys, kind.hash, 'EC Test CA');
    const caPem = Buffer.from(ca.toSchema(true).toBER()).toString('base64');
    // A TPP certificate as the engine issues it, then issued again by the EC CA.
    const issued = await createTppIdentity({ roles: ['PSP_AI'] });
    const x509 = pkijs.Certificate.fromBER(new Uint8Array(issued.certificate.der));
    x509.issuer = ca.subject;
    await x509.sign(caKeys.privateKey, 'SHA-256', oracle);
    const pkcs8 = Buffer.from(await subtle.exportKey('pkcs8', issued.privateKey)).toString('base64');
    const identity = await importTppIdentity({
      certificatePem: Buffer.from(x509.toSchema(true).toBER()).toString('base64'),
      privateKeyPem: `-----BEGIN PRIVATE KEY-----\n${pkcs8}\n-----END PRIVATE KEY-----`,
    });
    const signed = await signRequest(new Request('http://localhost/v1/accounts'), identity);

    const trusted = await verifyRequest(signed.clone(), { trustAnchors: [caPem] });
    expect(trusted).toMatchObject({ ok: true });
    expect(trusted.steps.find((s) => s.step === 'trust chain')?.detail).toBe(
      'issued by trusted CA CN=EC Test CA',
    );

    const otherCa = await selfSigned(await keyPair(kind), kind.hash, 'EC Test CA');
    const otherPem = Buffer.from(otherCa.toSchema(true).toBER()).toString('base64');
    expect(failure(await verifyRequest(signed, { trustAnchors: [otherPem] })).text).toContain(
      'not issued by a trusted CA (issuer CN=EC Test CA',
    );
  });
});
