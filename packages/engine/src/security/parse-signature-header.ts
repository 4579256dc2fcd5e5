// part 5.1 rules 2 and 8: the Signature header holds keyId, algorithm, headers and signature as
// `name="value"` pairs joined by commas, optionally wrapped whole as an RFC 2047 encoded-word.
import { decodeBase64 } from './base64.js';
import { clip } from './bytes.js';
import { decodeRfc2047, looksLikeRfc2047 } from './rfc2047.js';

export interface SignatureParams {
  keyId: string;
  algorithm: string;
  /** The `headers` list, lower-cased, in signing-string order (part 5.1 rule 5). */
  headers: string[];
  signature: Uint8Array;
  signatureBase64: string;
  /** True when the value came RFC 2047-encoded (part 5.1 rule 8). */
  encoded: boolean;
}

export type ParsedSignatureHeader = { ok: true; params: SignatureParams } | { ok: false; text: string };

const PARTS = ['keyid', 'algorithm', 'headers', 'signature'] as const;
/** A parameter name at `lastIndex` (sticky: no copy of the rest of the header per parameter). */
const PARAMETER_NAME = /[A-Za-z][A-Za-z0-9_-]*/y;
const DISPLAY: Record<(typeof PARTS)[number], string> = {
  keyid: 'keyId',
  algorithm: 'algorithm',
  headers: 'headers',
  signature: 'signature',
};

export function parseSignatureHeader(headerValue: string): ParsedSignatureHeader {
  let value = headerValue.trim();
  let encoded = false;
  if (looksLikeRfc2047(value)) {
    const decoded = decodeRfc2047(value);
    if (!decoded.ok) return fail(`Signature is RFC 2047-encoded but ${decoded.problem} (part 5.1 rule 8)`);
    value = decoded.value.trim();
    encoded = true;
  }
  // Tolerated: the `Signature ` auth-scheme prefix some clients copy from the Authorization form.
  value = value.replace(/^Signature\s+(?=[A-Za-z]+\s*=)/, '');
  const found = new Map<string, string>();
  let i = 0;
  while (i < value.length) {
    PARAMETER_NAME.lastIndex = i;
    const name = PARAMETER_NAME.exec(value)?.[0];
    if (name === undefined)
      return fail(`Signature has no parameter name at position ${i} (${excerpt(value, i)})`);
    i += name.length;
    while (value[i] === ' ') i++;
    if (value[i] !== '=') return fail(`Signature parameter ${name} has no "=" after it`);
    i++;
    while (value[i] === ' ') i++;
    let part = '';
    const close = value[i] === '"' ? value.indexOf('"', i + 1) : -1;
    const backslash = close < 0 ? -1 : value.indexOf('\\', i + 1);
    if (close >= 0 && (backslash < 0 || backslash > close)) {
      // The usual case, no backslash inside the quotes: the value as it stands.
      part = value.slice(i + 1, close);
      i = close + 1;
    } else if (value[i] === '"') {
      for (i++; i < value.length && value[i] !== '"'; i++) {
        // RFC 9110 §5.6.4 quoted-pair for \" and \\; other backslashes are kept, since keyId issuers
        // carry RFC 4514 escapes such as \, unescaped.
        if (value[i] === '\\' && (value[i + 1] === '"' || value[i + 1] === '\\')) i++;
        part += value[i] ?? '';
      }
      if (value[i] !== '"') return fail(`Signature parameter ${name} has no closing quote`);
      i++;
    } else {
      const end = value.indexOf(',', i);
      part = value.slice(i, end < 0 ? value.length : end).trim();
      i = end < 0 ? value.length : end;
    }
    const key = name.toLowerCase();
    if (found.has(key)) return fail(`Signature has ${name} twice`);
    found.set(key, part);
    while (value[i] === ' ') i++;
    if (i < value.length) {
      if (value[i] !== ',') return fail(`Signature expects a comma after ${name}="…" (${excerpt(value, i)})`);
      i++;
      while (value[i] === ' ') i++;
    }
  }
  for (const part of PARTS) {
    const got = found.get(part);
    if (got === undefined) {
      return fail(
        `Signature lacks ${DISPLAY[part]} (part 5.1 rule 2: keyId, algorithm, headers and signature)`,
      );
    }
    if (got.trim() === '') return fail(`Signature has an empty ${DISPLAY[part]}`);
  }
  const signatureBase64 = found.get('signature')!.trim();
  const signature = decodeBase64(signatureBase64);
  if (!signature.ok) return fail(`Signature's signature is not base64: ${signature.problem}`);
  return {
    ok: true,
    params: {
      keyId: found.get('keyid')!.trim(),
      algorithm: found.get('algorithm')!.trim(),
      headers: found.get('headers')!.trim().toLowerCase().split(/\s+/),
      signature: signature.bytes,
      signatureBase64,
      encoded,
    },
  };
}

function excerpt(value: string, at: number): string {
  return `near "${value.slice(Math.max(0, at - 10), at + 10)}"`;
}

function fail(text: string): ParsedSignatureHeader {
  return { ok: false, text: clip(text) };
}
