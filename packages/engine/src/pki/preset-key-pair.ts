// The preset identities' key pairs, made from their stored primes (preset-keys.ts) instead of
// generated: an RSA-2048 key generation took 100-350 ms in Node, which every process (each test
// worker, a service worker's first signed "Try it") paid at its first preset.
import { decodeBase64, encodeBase64 } from '../security/base64.js';
import { fromHex, toHex } from '../security/bytes.js';
import { RSA_SHA256 } from '../security/rsa.js';
import type { PresetKeyName } from './preset-key-names.js';
import { PRESET_KEY_PRIMES } from './preset-keys.js';
import { importPrivateKey } from './private-key.js';

const E = 65537n;

function toBigInt(base64url: string): bigint {
  const padded = base64url
    .replaceAll('-', '+')
    .replaceAll('_', '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const decoded = decodeBase64(padded);
  if (!decoded.ok) throw new TypeError(`a preset key's prime is not base64url: ${decoded.problem}`);
  return BigInt(`0x${toHex(decoded.bytes)}`);
}

/** A JWK integer: big-endian, unsigned, no leading zero octets (RFC 7518 §2 and §6.3). */
function toBase64Url(value: bigint): string {
  const hex = value.toString(16);
  const bytes = fromHex(hex.length % 2 === 0 ? hex : `0${hex}`) ?? new Uint8Array(0);
  return encodeBase64(bytes).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** a⁻¹ mod m (extended Euclid); the primes make every inverse asked for here exist. */
function inverse(a: bigint, m: bigint): bigint {
  let [oldR, r] = [a % m, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const quotient = oldR / r;
    [oldR, r] = [r, oldR - quotient * r];
    [oldS, s] = [s, oldS - quotient * s];
  }
  return ((oldS % m) + m) % m;
}

/** The private key's JWK (RFC 7518 §6.3.2) from its primes. */
function privateJwk(p: bigint, q: bigint): JsonWebKey & { n: string; e: string } {
  const d = inverse(E, (p - 1n) * (q - 1n));
  return {
    kty: 'RSA',
    alg: 'RS256',
    ext: true,
    n: toBase64Url(p * q),
    e: toBase64Url(E),
    d: toBase64Url(d),
    p: toBase64Url(p),
    q: toBase64Url(q),
    dp: toBase64Url(d % (p - 1n)),
    dq: toBase64Url(d % (q - 1n)),
    qi: toBase64Url(inverse(q, p)),
  };
}

/** A preset's key pair, as extractable as a generated one (a TPP identity exports its key). */
export async function presetKeyPair(name: PresetKeyName, subtle: SubtleCrypto): Promise<CryptoKeyPair> {
  const [p, q] = PRESET_KEY_PRIMES[name];
  const privateKeyJwk = privateJwk(toBigInt(p), toBigInt(q));
  const { n, e } = privateKeyJwk;
  const publicJwk: JsonWebKey = { kty: 'RSA', alg: 'RS256', ext: true, n, e };
  const [privateKey, publicKey] = await Promise.all([
    importPrivateKey({ privateKeyJwk }, subtle),
    subtle.importKey('jwk', publicJwk, RSA_SHA256, true, ['verify']),
  ]);
  return { privateKey, publicKey };
}
