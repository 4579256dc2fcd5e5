// Step: keyId names the certificate sent (part 5.1 rule 3): same serial (hex, leading zeros ignored)
// and same issuer (attribute types, case, spacing, escaping and order ignored).
import type { CertificateEntry } from './certificate-cache.js';
import { isDecimalOf, type KeyId, parseKeyId, sameSerial } from './key-id.js';
import { failStep, pass, type StepResult } from './step-result.js';

/** Distinct keyId texts remembered per certificate (results are plain, immutable data). */
const REMEMBERED = 8;

export function checkKeyId(keyIdText: string, entry: CertificateEntry): StepResult<KeyId> {
  const known = entry.keyIds.get(keyIdText);
  if (known !== undefined) return known;
  const result = compareKeyId(keyIdText, entry);
  if (entry.keyIds.size < REMEMBERED) entry.keyIds.set(keyIdText, result);
  return result;
}

function compareKeyId(keyIdText: string, entry: CertificateEntry): StepResult<KeyId> {
  const parsed = parseKeyId(keyIdText);
  if (!parsed.ok) return failStep('FORMAT_ERROR', 'Signature', `keyId "${keyIdText}": ${parsed.problem}`);
  const { keyId } = parsed;
  const { certificate } = entry;
  if (!sameSerial(keyId.serialHex, certificate.serialHex)) {
    const hint = isDecimalOf(keyId.serialHex, certificate.serialHex)
      ? ' (keyId has it in decimal; part 5.1 rule 3 wants upper-case hex)'
      : '';
    return failStep(
      'BAD_REQUEST',
      'Signature',
      `keyId serial ${keyId.serialHex} does not match certificate serial ${certificate.serialHex}${hint}`,
    );
  }
  if (keyId.issuerCanonical !== certificate.issuer.canonical) {
    return failStep(
      'BAD_REQUEST',
      'Signature',
      `keyId issuer ${keyId.issuerText} does not match certificate issuer ${certificate.issuer.text}`,
    );
  }
  return pass(keyId, `serial ${keyId.serialHex} and issuer ${keyId.issuerText} name the certificate`);
}
