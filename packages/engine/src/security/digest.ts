// Digest header values (RFC 3230 §4.3.2, algorithms from RFC 5843): `SHA-256=<base64>`.
import { encodeBase64 } from './base64.js';
import { asBufferSource } from './bytes.js';
import { nodeDigest } from './node-crypto.js';

export type DigestAlgorithm = 'SHA-256' | 'SHA-512';

export async function digestBase64(
  body: Uint8Array | null,
  algorithm: DigestAlgorithm,
  subtle: SubtleCrypto,
): Promise<string> {
  const bytes = body ?? new Uint8Array();
  // Node's hash on this thread where it is used (node-crypto.ts), else WebCrypto's.
  const hash =
    nodeDigest(algorithm, bytes, subtle) ?? (await subtle.digest(algorithm, asBufferSource(bytes)));
  return encodeBase64(new Uint8Array(hash));
}

/** `SHA-256=<base64 of the body's SHA-256>`, as TPPs send it on requests with a body. */
export async function createDigestHeader(
  body: Uint8Array | null,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
  algorithm: DigestAlgorithm = 'SHA-256',
): Promise<string> {
  return `${algorithm}=${await digestBase64(body, algorithm, subtle)}`;
}

export interface DigestEntry {
  /** The token as written. */
  token: string;
  algorithm: DigestAlgorithm | null;
  value: string;
}

/** Splits `alg=value, alg=value`; the algorithm token is case-insensitive (RFC 3230 §4.1.1). */
export function parseDigestHeader(value: string): DigestEntry[] {
  const entries: DigestEntry[] = [];
  for (const part of value.split(',')) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const eq = trimmed.indexOf('=');
    const token = eq < 0 ? trimmed : trimmed.slice(0, eq).trim();
    const upper = token.toUpperCase();
    const algorithm = upper === 'SHA-256' ? 'SHA-256' : upper === 'SHA-512' ? 'SHA-512' : null;
    entries.push({ token, algorithm, value: eq < 0 ? '' : trimmed.slice(eq + 1).trim() });
  }
  return entries;
}
