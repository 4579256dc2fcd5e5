// A key pair with its certificate: what signs a request (a TPP, part 5.1 rule 7) or a response
// (the bank, part 5.1 rule 10). The TPP kit calls it TppIdentity.
import type { ParsedCertificate } from './parse-certificate.js';
import type { VerifiedTpp } from './types.js';

export interface SigningIdentity {
  /** RSASSA-PKCS1-v1_5 / SHA-256 private key, usage `sign`. */
  privateKey: CryptoKey;
  /** The certificate's public key, usage `verify`. */
  publicKey: CryptoKey;
  certificate: ParsedCertificate;
  /** `SN=<serial hex>,CA=<issuer RFC 2253>` (part 5.1 rule 3). */
  keyId: string;
  /** What a verifier will read from the certificate. */
  tpp: VerifiedTpp;
}
