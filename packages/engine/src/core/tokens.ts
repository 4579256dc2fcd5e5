import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Secret values the bank hands to browsers (the pages' session cookie and CSRF tokens): HMAC-SHA256
 * over a purpose and a nonce (a counter kept in state and the clock), keyed by the seed and the host's secret. The same
 * seed, secret and requests give the same tokens (the engine stays deterministic); without a secret,
 * whoever knows the seed can compute them, so servers pass random bytes (`createSandbox({ secret })`).
 * Synchronous (the reducer cannot wait for WebCrypto), hence @noble/hashes.
 */
export function secretToken(seed: string, secret: string, purpose: string, nonce: string): string {
  const key = sha256(utf8ToBytes(`sandbank tokens\u0000${seed}\u0000${secret}`));
  const mac = hmac(sha256, key, utf8ToBytes(`${purpose}\u0000${nonce}`));
  // base64url without padding (RFC 4648 §5): safe in a cookie value, a form field and a URL.
  return btoa(String.fromCharCode(...mac))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** Compares two tokens in time independent of where they first differ. */
export function sameToken(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
