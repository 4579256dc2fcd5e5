// Steps 2–3: the certificate header is there and holds an RSA certificate of at least 2048 bits that
// names a TPP (part 5.1 rule 11), and the bank clock lies inside its validity (RFC 5280 §4.1.2.5).
import type { CertificateCache, CertificateEntry } from './certificate-cache.js';
import { RSA_ENCRYPTION_OID } from './oids.js';
import { failStep, type MessageRules, pass, type StepResult } from './step-result.js';
import type { HeaderReader } from './types.js';

/** The smallest RSA modulus accepted: what ETSI TS 119 312 allows for eIDAS seals and signatures. */
export const MIN_RSA_BITS = 2048;

export async function checkCertificate(
  headers: HeaderReader,
  rules: MessageRules,
  cache: CertificateCache,
  subtle: SubtleCrypto,
): Promise<StepResult<CertificateEntry>> {
  const header = rules.certificateHeader;
  const value = headers.get(header);
  if (value === null || value.trim() === '') {
    return failStep(
      'HTTP_HEADER_REQUIRED',
      header,
      `the ${rules.noun} is signed but has no ${header} header with the signing certificate in base64 DER ` +
        '(part 5.1 rule 11)',
    );
  }
  const found = await cache.lookup(value, subtle);
  if (!found.ok) return failStep('FORMAT_ERROR', header, `${header}: ${found.problem}`);
  const { entry } = found;
  const { certificate } = entry;
  if (certificate.publicKeyAlgorithmOid !== RSA_ENCRYPTION_OID) {
    return failStep(
      'BAD_REQUEST',
      header,
      `${header}: the certificate key is ${certificate.publicKeyAlgorithmOid}, not RSA, so it cannot verify ` +
        'rsa-sha256 (part 5.1 rule 4)',
    );
  }
  const bits = certificate.rsaModulusBits;
  if (bits !== null && bits < MIN_RSA_BITS) {
    return failStep(
      'BAD_REQUEST',
      header,
      `${header}: the certificate's RSA key has ${bits} bits; keys of at least ${MIN_RSA_BITS} bits are ` +
        'required (ETSI TS 119 312 and eIDAS practice for qualified seals)',
    );
  }
  if (entry.tpp === null) return failStep('BAD_REQUEST', header, `${header}: ${entry.tppProblem}`);
  const reused = found.cached ? ' (cached)' : '';
  return pass(entry, `${certificate.subject.text}, serial ${certificate.serialHex}${reused}`);
}

/** A certificate's validity text, written once: the step's detail on every request it signs. */
const validityTexts = new WeakMap<CertificateEntry, string>();

export function checkValidity(entry: CertificateEntry, now: number, header: string): StepResult<null> {
  const { notBefore, notAfter } = entry.certificate;
  if (now > notAfter) {
    return failStep(
      'BAD_REQUEST',
      header,
      `the certificate expired at ${new Date(notAfter).toISOString()} (notAfter); the bank clock is ${new Date(now).toISOString()}`,
    );
  }
  if (now < notBefore) {
    return failStep(
      'BAD_REQUEST',
      header,
      `the certificate is not yet valid: notBefore is ${new Date(notBefore).toISOString()}, the bank clock is ${new Date(now).toISOString()}`,
    );
  }
  let text = validityTexts.get(entry);
  if (text === undefined) {
    text = `valid ${new Date(notBefore).toISOString()} to ${new Date(notAfter).toISOString()}`;
    validityTexts.set(entry, text);
  }
  return pass(null, text);
}
