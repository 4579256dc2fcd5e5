// Bank ids and tokens: random from the platform's CSPRNG (the adapter's job, never the engine's),
// stored only as SHA-256 hashes, compared in constant time.

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** 26 characters of base32: 130 random bits, safe in a URL path. */
export function newBankId(): string {
  return base32(crypto.getRandomValues(new Uint8Array(17))).slice(0, 26);
}

/** What newBankId makes: anything else is not a bank, without asking storage. */
export const BANK_ID = /^[a-z2-7]{26}$/;

/** A bearer token: 32 random bytes, base64url. */
export function newToken(): string {
  let binary = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(32))) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether `presented` hashes to `expectedHash`; the hashes are compared in constant time. */
export async function tokenMatches(presented: string | null, expectedHash: string): Promise<boolean> {
  if (presented === null || presented === '') return false;
  const actual = await tokenHash(presented);
  let difference = actual.length ^ expectedHash.length;
  for (let i = 0; i < actual.length && i < expectedHash.length; i++) {
    difference |= actual.charCodeAt(i) ^ expectedHash.charCodeAt(i);
  }
  return difference === 0;
}
