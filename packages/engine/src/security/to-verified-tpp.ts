// The TPP as the core sees it: the certificate fields that identify it and its PSD2 roles.
import type { ParsedCertificate } from './parse-certificate.js';
import type { VerifiedTpp } from './types.js';

export type VerifiedTppResult = { ok: true; tpp: VerifiedTpp } | { ok: false; problem: string };

export function toVerifiedTpp(certificate: ParsedCertificate): VerifiedTppResult {
  if (certificate.organisationId === null) {
    return {
      ok: false,
      problem:
        'the certificate subject has no organizationIdentifier (2.5.4.97), which an eIDAS certificate ' +
        'carries as PSD<country>-<NCA>-<id> (ETSI EN 319 412-1 §5.1.4)',
    };
  }
  const tpp: VerifiedTpp = {
    organisationId: certificate.organisationId,
    name: certificate.commonName ?? certificate.organisationName ?? certificate.organisationId,
    country: certificate.country,
    roles: certificate.psd2?.roles.slice() ?? [],
    ncaName: certificate.psd2?.ncaName ?? null,
    ncaId: certificate.psd2?.ncaId ?? null,
    serialHex: certificate.serialHex,
    issuerDn: certificate.issuer.text,
    subjectDn: certificate.subject.text,
    fingerprint: certificate.fingerprint,
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
  };
  if (certificate.email !== null) tpp.email = certificate.email;
  return { ok: true, tpp };
}

/**
 * A copy the caller may change without touching the cached one, its fields written out (every signed
 * request makes one: not `{ ...tpp, roles }`, docs/decisions/hidden-classes.md).
 */
export function copyTpp(tpp: VerifiedTpp): VerifiedTpp {
  const copy: VerifiedTpp = {
    organisationId: tpp.organisationId,
    name: tpp.name,
    country: tpp.country,
    roles: tpp.roles.slice(),
    ncaName: tpp.ncaName,
    ncaId: tpp.ncaId,
    serialHex: tpp.serialHex,
    issuerDn: tpp.issuerDn,
    subjectDn: tpp.subjectDn,
    fingerprint: tpp.fingerprint,
    notBefore: tpp.notBefore,
    notAfter: tpp.notAfter,
  };
  if (tpp.email !== undefined) copy.email = tpp.email;
  return copy;
}
