// Reads a distinguished name string as TPP libraries write them into keyId: RFC 2253 / RFC 4514
// (`CN=X,O=Y,C=NO`), X.500 display form with spaces (`C = NO, O = Y`), OpenSSL's `/C=NO/O=Y` form,
// `OID.2.5.4.97=` and `2.5.4.97=#0c…` types, quoted (RFC 1779) and backslash-escaped values.
import { decodeBer } from './ber.js';
import { fromHex, fromUtf8 } from './bytes.js';
import { attributeString, canonicalOf, type DnAttribute } from './distinguished-name.js';
import { attributeTypeOid } from './dn-attribute-types.js';

export type ParsedDn = { ok: true; canonical: string } | { ok: false; problem: string };

export function parseDistinguishedName(input: string): ParsedDn {
  const text = input.trim();
  if (text === '') return { ok: false, problem: 'the distinguished name is empty' };
  const pairs = text.startsWith('/') ? splitSlashForm(text) : splitRfc4514(text);
  if (typeof pairs === 'string') return { ok: false, problem: pairs };
  const attributes: DnAttribute[] = [];
  for (const [type, rawValue] of pairs) {
    const oid = attributeTypeOid(type);
    if (oid === null) return { ok: false, problem: `unknown attribute type "${type}"` };
    attributes.push(toAttribute(oid, rawValue));
  }
  return { ok: true, canonical: canonicalOf(attributes) };
}

type RawValue = { hex: string } | { text: string };

function toAttribute(oid: string, raw: RawValue): DnAttribute {
  if ('text' in raw) return { oid, value: raw.text, ber: new Uint8Array() };
  const ber = fromHex(raw.hex) ?? new Uint8Array();
  const parsed = decodeBer(ber);
  const value = parsed.ok ? attributeString(parsed.value) : null;
  return { oid, value, ber };
}

function splitSlashForm(text: string): Array<[string, RawValue]> | string {
  const pairs: Array<[string, RawValue]> = [];
  for (const part of text.slice(1).split(/(?<!\\)\//)) {
    const eq = part.indexOf('=');
    if (eq <= 0) return `"${part}" is not a type=value pair`;
    pairs.push([part.slice(0, eq), { text: part.slice(eq + 1).replace(/\\\//g, '/') }]);
  }
  return pairs;
}

function splitRfc4514(text: string): Array<[string, RawValue]> | string {
  const pairs: Array<[string, RawValue]> = [];
  let i = 0;
  while (i < text.length) {
    const eq = text.indexOf('=', i);
    if (eq < 0) return `"${text.slice(i).trim()}" is not a type=value pair`;
    const type = text.slice(i, eq).trim();
    if (type === '') return `an attribute type is missing before "=" at position ${eq}`;
    i = eq + 1;
    while (text[i] === ' ') i++;
    let value: RawValue;
    if (text[i] === '#') {
      const match = /^#([0-9a-fA-F]*)/.exec(text.slice(i));
      const hex = match?.[1] ?? '';
      if (hex.length === 0 || hex.length % 2 !== 0) return `the #hex value of ${type} is not whole bytes`;
      value = { hex };
      i += hex.length + 1;
    } else {
      const read = readStringValue(text, i);
      if (typeof read === 'string') return read;
      value = { text: read.value };
      i = read.end;
    }
    pairs.push([type, value]);
    while (text[i] === ' ') i++;
    if (i < text.length) {
      if (!',;+'.includes(text[i]!)) return `unexpected "${text[i]}" after the value of ${type}`;
      i++;
    }
  }
  return pairs;
}

/** A string value up to the next unescaped separator, with RFC 4514 §2.4 escapes decoded. */
function readStringValue(text: string, start: number): { value: string; end: number } | string {
  let i = start;
  if (text[i] === '"') {
    let value = '';
    for (i++; i < text.length && text[i] !== '"'; i++) {
      if (text[i] === '\\') i++;
      value += text[i] ?? '';
    }
    if (text[i] !== '"') return 'a quoted value is not closed';
    return { value, end: i + 1 };
  }
  let value = '';
  let pending: number[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    value += fromUtf8(new Uint8Array(pending)) ?? String.fromCharCode(...pending);
    pending = [];
  };
  for (; i < text.length && !',;+'.includes(text[i]!); i++) {
    if (text[i] === '\\') {
      const pair = text.slice(i + 1, i + 3);
      if (/^[0-9a-fA-F]{2}$/.test(pair)) {
        pending.push(Number.parseInt(pair, 16));
        i += 2;
        continue;
      }
      i++;
      if (i >= text.length) return 'the name ends with a lone backslash';
    }
    flush();
    value += text[i];
  }
  flush();
  return { value, end: i };
}
