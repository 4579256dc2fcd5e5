// Certificate extensions of the test certificates: basicConstraints (RFC 5280 §4.2.1.9), keyUsage
// (§4.2.1.3), subjectAltName e-mail (§4.2.1.6) and qcStatements with the PSD2 statement
// (RFC 3739 §3.2.6, ETSI EN 319 412-5 §4.2.1 and ETSI TS 119 495 §5.1).
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  BASIC_CONSTRAINTS_OID,
  KEY_USAGE_OID,
  PSD2_QC_STATEMENT_OID,
  PSD2_ROLE_OIDS,
  QC_COMPLIANCE_OID,
  QC_STATEMENTS_OID,
  SUBJECT_ALT_NAME_OID,
} from '../security/oids.js';
import type { Psd2Role } from '../security/types.js';

/** ETSI EN 319 412-5 §4.2.3: QcType, with id-etsi-qct-eseal (a qualified seal, what PSD2 uses to sign). */
const QC_TYPE_OID = '0.4.0.1862.1.6';
const QC_TYPE_ESEAL_OID = '0.4.0.1862.1.6.2';

function extension(extnID: string, critical: boolean, value: asn1js.AsnType): pkijs.Extension {
  return new pkijs.Extension({ extnID, critical, extnValue: value.toBER() });
}

export function basicConstraints(ca: boolean): pkijs.Extension {
  return extension(BASIC_CONSTRAINTS_OID, true, new pkijs.BasicConstraints({ cA: ca }).toSchema());
}

/** digitalSignature + nonRepudiation for a seal; keyCertSign + cRLSign for a CA (bit order per §4.2.1.3). */
export function keyUsage(ca: boolean): pkijs.Extension {
  const bits = ca ? new Uint8Array([0x06]) : new Uint8Array([0xc0]);
  return extension(
    KEY_USAGE_OID,
    true,
    new asn1js.BitString({ valueHex: bits.buffer, unusedBits: ca ? 1 : 6 }),
  );
}

export function emailAltName(email: string): pkijs.Extension {
  const ia5 = new TextEncoder().encode(email);
  const rfc822Name = new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 1 }, valueHex: ia5.buffer });
  return extension(SUBJECT_ALT_NAME_OID, false, new asn1js.Sequence({ value: [rfc822Name] }));
}

export interface Psd2Attributes {
  roles: readonly Psd2Role[];
  ncaName: string;
  ncaId: string;
}

/** The PSD2 statement is left out when there are no roles (a qualified seal that is not a PSD2 one). */
export function qcStatements(psd2: Psd2Attributes): pkijs.Extension {
  const statement = (id: string, info?: asn1js.AsnType) =>
    new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: id }), ...(info ? [info] : [])] });
  const statements = [
    statement(QC_COMPLIANCE_OID),
    statement(
      QC_TYPE_OID,
      new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: QC_TYPE_ESEAL_OID })] }),
    ),
  ];
  if (psd2.roles.length > 0) {
    const roles = psd2.roles.map(
      (role) =>
        new asn1js.Sequence({
          value: [
            new asn1js.ObjectIdentifier({ value: PSD2_ROLE_OIDS[role] }),
            new asn1js.Utf8String({ value: role }),
          ],
        }),
    );
    const info = new asn1js.Sequence({
      value: [
        new asn1js.Sequence({ value: roles }),
        new asn1js.Utf8String({ value: psd2.ncaName }),
        new asn1js.Utf8String({ value: psd2.ncaId }),
      ],
    });
    statements.push(statement(PSD2_QC_STATEMENT_OID, info));
  }
  return extension(QC_STATEMENTS_OID, false, new asn1js.Sequence({ value: statements }));
}
