// Distinguished names as the verifier compares them: an RFC 2253 string to show, and a canonical
// form to compare (attribute OIDs, values with case and whitespace runs folded, order ignored).
import * as asn1js from 'asn1js';
import { decodeBer } from './ber.js';
import { toHex } from './bytes.js';
import { attributeTypeName } from './dn-attribute-types.js';

export interface DistinguishedName {
  /** RFC 2253 string: RDNs last-to-first, `+` inside multi-valued RDNs. */
  text: string;
  /** Sorted `oid=value` lines with case and whitespace folded, for comparison. */
  canonical: string;
}

export interface DnAttribute {
  oid: string;
  /** The string value, or null for a non-string ASN.1 value. */
  value: string | null;
  /** The value's BER encoding, for `#hex` output of non-string values (RFC 2253 §2.4). */
  ber: Uint8Array;
}

/** Folds a value as RFC 4518's insignificant-space and case-ignore rules do, roughly. */
export function foldValue(value: string): string {
  return value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function canonicalOf(attributes: readonly DnAttribute[]): string {
  return attributes
    .map((a) => `${a.oid}=${a.value === null ? `#${toHex(a.ber)}` : foldValue(a.value)}`)
    .sort()
    .join('\n');
}

/** RFC 2253 §2.4 escaping of a string value. */
export function escapeDnValue(value: string): string {
  let out = value.replace(/[,+"\\<>;]/g, (c) => `\\${c}`);
  out = Array.from(out, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 || code === 0x7f ? `\\${code.toString(16).padStart(2, '0').toUpperCase()}` : c;
  }).join('');
  if (out.startsWith('#') || out.startsWith(' ')) out = `\\${out}`;
  if (out.endsWith(' ') && !out.endsWith('\\ ')) out = `${out.slice(0, -1)}\\ `;
  return out;
}

/** Reads the string value of an attribute, or null when its ASN.1 type is not a string type. */
export function attributeString(value: asn1js.AsnType): string | null {
  return value instanceof asn1js.BaseStringBlock ? value.getValue() : null;
}

/** Reads an X.501 Name (SEQUENCE OF SET OF AttributeTypeAndValue) from its DER. */
export function readName(der: Uint8Array): DistinguishedName | null {
  const parsed = decodeBer(der);
  if (!parsed.ok || !(parsed.value instanceof asn1js.Sequence)) return null;
  const rdns: DnAttribute[][] = [];
  for (const set of parsed.value.valueBlock.value) {
    if (!(set instanceof asn1js.Set)) return null;
    const rdn: DnAttribute[] = [];
    for (const pair of set.valueBlock.value) {
      if (!(pair instanceof asn1js.Sequence)) return null;
      const [type, value] = pair.valueBlock.value;
      if (!(type instanceof asn1js.ObjectIdentifier) || value === undefined) return null;
      rdn.push({ oid: type.getValue(), value: attributeString(value), ber: new Uint8Array(value.toBER()) });
    }
    rdns.push(rdn);
  }
  const text = rdns
    .slice()
    .reverse()
    .map((rdn) =>
      rdn
        .map((a) => {
          const name = attributeTypeName(a.oid);
          // RFC 2253 §2.4: a dotted OID type takes the `#hex` BER form of the value.
          if (name === null || a.value === null) return `${name ?? a.oid}=#${toHex(a.ber)}`;
          return `${name}=${escapeDnValue(a.value)}`;
        })
        .join('+'),
    )
    .join(',');
  return { text, canonical: canonicalOf(rdns.flat()) };
}
