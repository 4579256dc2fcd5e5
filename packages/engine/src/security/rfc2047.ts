// part 5.1 rule 8: when a value is ISO-8859-1 or UTF-8, the whole Signature header value is
// MIME-encoded as an RFC 2047 §2 encoded-word `=?utf-8?B?<base64>?=` (B encoding, RFC 2047 §4.1).
import { decodeBase64, encodeBase64 } from './base64.js';
import { fromUtf8, latin1String, utf8 } from './bytes.js';

export function encodeRfc2047(value: string): string {
  return `=?utf-8?B?${encodeBase64(utf8(value))}?=`;
}

export function looksLikeRfc2047(value: string): boolean {
  return value.trimStart().startsWith('=?');
}

export type Rfc2047Result = { ok: true; value: string } | { ok: false; problem: string };

/** Decodes one encoded-word; the charset token is case-insensitive (RFC 2047 §2). */
export function decodeRfc2047(value: string): Rfc2047Result {
  const m = /^=\?([^?]+)\?([^?]+)\?([^?]*)\?=$/.exec(value.trim());
  if (!m)
    return { ok: false, problem: 'it starts with "=?" but is not one =?utf-8?B?<base64>?= encoded-word' };
  const charset = m[1]!.toLowerCase();
  const encoding = m[2]!.toUpperCase();
  if (encoding !== 'B') return { ok: false, problem: `its encoding is "${m[2]}" (expected B, base64)` };
  const decoded = decodeBase64(m[3]!);
  if (!decoded.ok) return { ok: false, problem: `its base64 part cannot be decoded: ${decoded.problem}` };
  if (charset === 'utf-8' || charset === 'utf8') {
    const text = fromUtf8(decoded.bytes);
    if (text === null) return { ok: false, problem: 'its decoded bytes are not valid UTF-8' };
    return { ok: true, value: text };
  }
  if (charset === 'iso-8859-1' || charset === 'latin1') {
    return { ok: true, value: latin1String(decoded.bytes) };
  }
  return { ok: false, problem: `its charset is "${m[1]}" (expected utf-8)` };
}
