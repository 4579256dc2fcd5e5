// Certificate and key text: PEM (RFC 7468) or bare base64 DER, as TPPs put them into headers.
import { decodeBase64, encodeBase64 } from './base64.js';

export type DerResult = { ok: true; der: Uint8Array } | { ok: false; problem: string };

/**
 * Accepts base64 DER or PEM, with or without the BEGIN/END lines, with any whitespace, with `\n`
 * written literally, or URL-encoded (as proxies forward client certificates). Takes the first PEM block.
 */
export function decodeDerText(input: string): DerResult {
  let text = input.trim();
  if (/%[0-9A-Fa-f]{2}/.test(text)) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return { ok: false, problem: 'it looks URL-encoded but cannot be decoded' };
    }
  }
  text = text.replace(/\\[rn]/g, '\n');
  const begin = /-----BEGIN [A-Z0-9 ]+-----/.exec(text);
  if (begin) {
    const rest = text.slice(begin.index + begin[0].length);
    const end = rest.indexOf('-----END');
    text = end < 0 ? rest : rest.slice(0, end);
  } else {
    text = text.replace(/-----END [A-Z0-9 ]+-----[\s\S]*$/, '');
  }
  const decoded = decodeBase64(text, { ignoreWhitespace: true });
  if (!decoded.ok) return { ok: false, problem: `it is not base64 (${decoded.problem})` };
  return { ok: true, der: decoded.bytes };
}

/** RFC 7468 §2: base64 in 64-character lines between BEGIN and END lines. */
export function toPem(label: string, der: Uint8Array): string {
  const body = encodeBase64(der)
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}
