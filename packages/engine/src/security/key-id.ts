// part 5.1 rule 3: keyId is `SN=<serial>,CA=<issuer>`, the serial in upper-case hex and the issuer DN
// per RFC 2253. Read leniently: any case for SN/CA, `%20`-style percent-encoding, colons in the serial.
import { parseDistinguishedName } from './parse-distinguished-name.js';

export interface KeyId {
  /** Upper-case hex as written (colons and 0x removed). */
  serialHex: string;
  /** The issuer as written, percent-decoded. */
  issuerText: string;
  issuerCanonical: string;
}

export type ParsedKeyId = { ok: true; keyId: KeyId } | { ok: false; problem: string };

export function formatKeyId(serialHex: string, issuerDn: string): string {
  return `SN=${serialHex},CA=${issuerDn}`;
}

export function parseKeyId(text: string): ParsedKeyId {
  const m = /^\s*SN\s*=\s*([^,]*?)\s*,\s*CA\s*=\s*(.*)$/is.exec(text);
  if (!m) return { ok: false, problem: 'it is not SN=<serial hex>,CA=<issuer DN> (part 5.1 rule 3)' };
  const serialHex = m[1]!.replace(/^0x/i, '').replace(/[:\s]/g, '').toUpperCase();
  if (!/^[0-9A-F]+$/.test(serialHex)) {
    return { ok: false, problem: `its serial "${m[1]}" is not hexadecimal (part 5.1 rule 3)` };
  }
  const issuerText = percentDecode(m[2]!.trim());
  const issuer = parseDistinguishedName(issuerText);
  if (!issuer.ok)
    return { ok: false, problem: `its issuer "${issuerText}" cannot be read: ${issuer.problem}` };
  return { ok: true, keyId: { serialHex, issuerText, issuerCanonical: issuer.canonical } };
}

/** Compares serials as numbers written in hex: leading zeros do not count. */
export function sameSerial(a: string, b: string): boolean {
  return stripZeros(a.toUpperCase()) === stripZeros(b.toUpperCase());
}

/** True when a keyId serial was written in decimal: its decimal value equals the certificate's. */
export function isDecimalOf(keyIdSerial: string, certificateSerialHex: string): boolean {
  if (!/^\d+$/.test(keyIdSerial)) return false;
  try {
    return BigInt(keyIdSerial) === BigInt(`0x${certificateSerialHex}`);
  } catch {
    return false;
  }
}

function stripZeros(hex: string): string {
  return hex.replace(/^0+(?=.)/, '');
}

function percentDecode(text: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(text)) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%20/g, ' ');
  }
}
