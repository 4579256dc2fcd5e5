// X.501 Names for test certificates: one attribute per RDN (RFC 5280 §4.1.2.4), in X.500 order
// (country first). Country is a PrintableString (RFC 5280 Appendix A), other values UTF8String.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { COUNTRY_NAME_OID } from '../security/oids.js';

export type NameAttribute = readonly [oid: string, value: string];

export function buildName(attributes: readonly NameAttribute[]): pkijs.RelativeDistinguishedNames {
  const sequence = new asn1js.Sequence({
    value: attributes.map(
      ([oid, value]) =>
        new asn1js.Set({
          value: [
            new asn1js.Sequence({
              value: [
                new asn1js.ObjectIdentifier({ value: oid }),
                oid === COUNTRY_NAME_OID
                  ? new asn1js.PrintableString({ value })
                  : new asn1js.Utf8String({ value }),
              ],
            }),
          ],
        }),
    ),
  });
  // Parsing our own DER keeps one RDN per attribute (pkijs would put them all in one SET).
  return new pkijs.RelativeDistinguishedNames({ schema: asn1js.fromBER(sequence.toBER()).result });
}
