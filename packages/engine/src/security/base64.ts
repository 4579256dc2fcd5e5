// Base64 (RFC 4648 §4) without Node's Buffer, so the module runs in browsers and Node alike.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

export function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += `${ALPHABET[n >> 18]!}${ALPHABET[(n >> 12) & 63]!}==`;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += `${ALPHABET[n >> 18]!}${ALPHABET[(n >> 12) & 63]!}${ALPHABET[(n >> 6) & 63]!}=`;
  }
  return out;
}

/** A character's six bits, or -1 (which sets every bit of a group it is or-ed into) outside the alphabet. */
function sextet(code: number): number {
  return code < 128 ? LOOKUP[code]! : -1;
}

export type Base64Result = { ok: true; bytes: Uint8Array } | { ok: false; problem: string };

/**
 * Strict decoder: only the RFC 4648 §4 alphabet, `=` padding only at the end and required
 * (§3.2), and the unused bits of the last character zero (§3.5, canonical encoding). So one byte
 * string has exactly one accepted text: a signature cannot be altered without failing.
 * `ignoreWhitespace` is for PEM bodies.
 */
export function decodeBase64(text: string, options: { ignoreWhitespace?: boolean } = {}): Base64Result {
  const input = options.ignoreWhitespace ? text.replace(/\s+/g, '') : text;
  if (input.length === 0) return { ok: false, problem: 'it is empty' };
  let end = input.length;
  while (end > 0 && input.charCodeAt(end - 1) === 61 /* = */) end--;
  const padding = input.length - end;
  if (end % 4 === 1)
    return { ok: false, problem: `its length (${end} characters) is not possible in base64` };
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let o = 0;
  let i = 0;
  // Whole groups of four characters make three bytes each; a group holding a character outside the
  // alphabet, and the last two or three characters, go through the loop below, which names it.
  for (const whole = end - (end % 4); i < whole; i += 4) {
    const n =
      (sextet(input.charCodeAt(i)) << 18) |
      (sextet(input.charCodeAt(i + 1)) << 12) |
      (sextet(input.charCodeAt(i + 2)) << 6) |
      sextet(input.charCodeAt(i + 3));
    if (n < 0) break;
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 0xff;
    out[o++] = n & 0xff;
  }
  let buffer = 0;
  let bits = 0;
  for (; i < end; i++) {
    const code = input.charCodeAt(i);
    const value = code < 128 ? LOOKUP[code]! : -1;
    if (value < 0) {
      const shown = code === 32 ? 'a space' : JSON.stringify(input[i]);
      return { ok: false, problem: `it contains ${shown} at position ${i}, which is not a base64 character` };
    }
    buffer = ((buffer << 6) | value) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (buffer >> bits) & 0xff;
    }
  }
  if (padding > 2 || input.length % 4 !== 0) {
    return { ok: false, problem: 'its "=" padding is missing or misplaced' };
  }
  if ((buffer & ((1 << bits) - 1)) !== 0) {
    return { ok: false, problem: 'its last character has non-zero unused bits (not canonical base64)' };
  }
  // Every character read makes its bits into bytes, so `out` is full: no second view of it.
  return { ok: true, bytes: o === out.length ? out : out.subarray(0, o) };
}
