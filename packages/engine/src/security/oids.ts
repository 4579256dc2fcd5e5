// Object identifiers the security module reads and writes.
import type { Psd2Role } from './types.js';

/** RFC 3739 §3.2.6: the qcStatements certificate extension. */
export const QC_STATEMENTS_OID = '1.3.6.1.5.5.7.1.3';
/** ETSI EN 319 412-5 §4.2.1: QcCompliance statement. */
export const QC_COMPLIANCE_OID = '0.4.0.1862.1.1';
/** ETSI TS 119 495 §5.1: the PSD2 qcStatement (rolesOfPSP, nCAName, nCAId). */
export const PSD2_QC_STATEMENT_OID = '0.4.0.19495.2';
/** X.520 organizationIdentifier, which ETSI EN 319 412-1 §5.1.4 fills as `PSD<CC>-<NCA>-<id>`. */
export const ORGANIZATION_IDENTIFIER_OID = '2.5.4.97';
export const EMAIL_ADDRESS_OID = '1.2.840.113549.1.9.1';
export const COMMON_NAME_OID = '2.5.4.3';
export const ORGANIZATION_NAME_OID = '2.5.4.10';
export const COUNTRY_NAME_OID = '2.5.4.6';
export const SUBJECT_ALT_NAME_OID = '2.5.29.17';
export const BASIC_CONSTRAINTS_OID = '2.5.29.19';
export const KEY_USAGE_OID = '2.5.29.15';
export const RSA_ENCRYPTION_OID = '1.2.840.113549.1.1.1';

/** ETSI TS 119 495 §5.1: role OIDs of the rolesOfPSP sequence. */
export const PSD2_ROLE_OIDS: Readonly<Record<Psd2Role, string>> = {
  PSP_AS: '0.4.0.19495.1.1',
  PSP_PI: '0.4.0.19495.1.2',
  PSP_AI: '0.4.0.19495.1.3',
  PSP_IC: '0.4.0.19495.1.4',
};

export const PSD2_ROLES: readonly Psd2Role[] = ['PSP_AS', 'PSP_PI', 'PSP_AI', 'PSP_IC'];

export function roleForOid(oid: string): Psd2Role | null {
  for (const role of PSD2_ROLES) if (PSD2_ROLE_OIDS[role] === oid) return role;
  return null;
}
