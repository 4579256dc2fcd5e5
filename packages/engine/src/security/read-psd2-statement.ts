// The PSD2 qcStatement (ETSI TS 119 495 §5.1) inside the qcStatements extension (RFC 3739 §3.2.6):
//   PSD2QcType ::= SEQUENCE { rolesOfPSP RolesOfPSP, nCAName NCAName, nCAId NCAId }
//   RolesOfPSP ::= SEQUENCE OF RoleOfPSP;  RoleOfPSP ::= SEQUENCE { roleOfPspOid OID, roleOfPspName UTF8String }
import * as asn1js from 'asn1js';
import { decodeBer } from './ber.js';
import { PSD2_QC_STATEMENT_OID, roleForOid } from './oids.js';
import type { Psd2Role } from './types.js';

export interface Psd2Statement {
  roles: Psd2Role[];
  ncaName: string | null;
  ncaId: string | null;
}

export type Psd2StatementResult =
  | { ok: true; statement: Psd2Statement | null }
  | { ok: false; problem: string };

/** Reads the extension value (the DER inside extnValue); `statement` is null when there is no PSD2 statement. */
export function readPsd2Statement(extensionValue: Uint8Array): Psd2StatementResult {
  const parsed = decodeBer(extensionValue);
  if (!parsed.ok || !(parsed.value instanceof asn1js.Sequence)) {
    return { ok: false, problem: 'qcStatements is not a DER SEQUENCE (RFC 3739 §3.2.6)' };
  }
  for (const item of parsed.value.valueBlock.value) {
    const [id, info] = item instanceof asn1js.Sequence ? item.valueBlock.value : [];
    if (!(id instanceof asn1js.ObjectIdentifier)) {
      return {
        ok: false,
        problem: 'a qcStatement does not start with its statementId OID (RFC 3739 §3.2.6)',
      };
    }
    if (id.getValue() !== PSD2_QC_STATEMENT_OID) continue;
    return readPsd2Info(info);
  }
  return { ok: true, statement: null };
}

function readPsd2Info(info: asn1js.AsnType | undefined): Psd2StatementResult {
  const bad = (what: string): Psd2StatementResult => ({
    ok: false,
    problem: `the PSD2 qcStatement (${PSD2_QC_STATEMENT_OID}) ${what} (ETSI TS 119 495 §5.1)`,
  });
  if (!(info instanceof asn1js.Sequence)) return bad('has no SEQUENCE { rolesOfPSP, nCAName, nCAId }');
  const [rolesOfPsp, ncaName, ncaId] = info.valueBlock.value;
  if (!(rolesOfPsp instanceof asn1js.Sequence)) return bad('has no rolesOfPSP SEQUENCE');
  const roles: Psd2Role[] = [];
  for (const roleOfPsp of rolesOfPsp.valueBlock.value) {
    const [oid, name] = roleOfPsp instanceof asn1js.Sequence ? roleOfPsp.valueBlock.value : [];
    if (!(oid instanceof asn1js.ObjectIdentifier) || !(name instanceof asn1js.BaseStringBlock)) {
      return bad('has a role that is not SEQUENCE { roleOfPspOid, roleOfPspName }');
    }
    const role = roleForOid(oid.getValue());
    if (role !== null && !roles.includes(role)) roles.push(role);
  }
  return {
    ok: true,
    statement: {
      roles,
      ncaName: ncaName instanceof asn1js.BaseStringBlock ? ncaName.getValue() : null,
      ncaId: ncaId instanceof asn1js.BaseStringBlock ? ncaId.getValue() : null,
    },
  };
}
