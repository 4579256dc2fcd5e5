// Writes a Signature header value (part 5.1 rules 2–8): signs the signing string of the listed headers
// with RSA-SHA256 and wraps the whole value as RFC 2047 when any part of it is not ASCII (rule 8).
import { encodeBase64 } from './base64.js';
import { buildSigningString, type SigningStringSource } from './build-signing-string.js';
import { isAscii, utf8 } from './bytes.js';
import { encodeRfc2047 } from './rfc2047.js';
import { signRsaSha256 } from './rsa.js';
import type { SigningIdentity } from './signing-identity.js';

export interface SignatureHeader {
  value: string;
  signingString: string;
}

export async function createSignatureHeader(
  identity: SigningIdentity,
  names: readonly string[],
  source: SigningStringSource,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<SignatureHeader> {
  const signingString = buildSigningString(names, source);
  const signature = await signRsaSha256(identity.privateKey, utf8(signingString), subtle);
  const quote = (text: string) => text.replace(/["\\]/g, '\\$&');
  const value =
    `keyId="${quote(identity.keyId)}",algorithm="rsa-sha256",headers="${names.join(' ')}",` +
    `signature="${encodeBase64(signature)}"`;
  return {
    value: isAscii(signingString.replace(/\n/g, ' ')) && isAscii(value) ? value : encodeRfc2047(value),
    signingString,
  };
}
