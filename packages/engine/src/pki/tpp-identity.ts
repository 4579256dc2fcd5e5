// The TPP kit's identity: an RSA-2048 key pair and an eIDAS-style certificate naming the TPP.
import type { SigningIdentity } from '../security/signing-identity.js';
import type { Psd2Role } from '../security/types.js';
import type { CertificateAuthority } from './certificate-authority.js';

export type TppIdentity = SigningIdentity;

export interface CreateTppIdentityOptions {
  roles: Psd2Role[];
  /** Subject organizationIdentifier; default PSDNO-FSA-933012867. */
  organisationId?: string;
  /** Subject CN and O; default "Sandbank Test TPP AS". */
  name?: string;
  /** Subject C; default NO. */
  country?: string;
  /** Default Finanstilsynet. */
  ncaName?: string;
  /** Default NO-FSA. */
  ncaId?: string;
  /** Default: a day before now. */
  validFrom?: Date | number;
  /** Default: a year after now. */
  validTo?: Date | number;
  /** Put in subjectAltName as an rfc822Name. */
  email?: string;
  /** Default: the sandbox test CA. */
  issuer?: CertificateAuthority;
  subtle?: SubtleCrypto;
}

export interface ExportedTppIdentity {
  certificatePem: string;
  /** PKCS#8. */
  privateKeyPem: string;
  privateKeyJwk: JsonWebKey;
}

export interface ImportTppIdentityInput {
  /** PEM or base64 DER. */
  certificatePem: string;
  privateKeyPem?: string;
  privateKeyJwk?: JsonWebKey;
}

export { DAY_MS, toEpochMs } from './validity.js';
