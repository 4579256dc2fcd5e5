// Node's own crypto for the two hashes-and-verifies of every signed request, and for the signing of
// the TPP kit and of signed responses, where the runtime has it. WebCrypto in Node runs `verify`,
// `digest` and `sign` as jobs on libuv's thread pool: the request waits
// for a pool thread (on a busy machine, for a core) and for the event loop to hear back, which was
// the largest share of a signed GET (docs/benchmarks.md, "Where the time goes"). `node:crypto`'s
// synchronous functions do the same arithmetic on the calling thread. The module is
// reached through `process.getBuiltinModule` (Node >= 20.16), never a static import, so the browser
// and worker bundles do not see it; elsewhere (browsers, a service worker) the callers keep WebCrypto.

import { fromHex } from './bytes.js';

/** The part of `node:crypto` used here (structural: the engine's types do not depend on Node's). */
interface NodeCrypto {
  createPublicKey(key: { key: Uint8Array; format: 'der'; type: 'spki' }): NodeKeyObject;
  verify(algorithm: string, data: Uint8Array, key: NodeKeyObject, signature: Uint8Array): boolean;
  createHash(algorithm: string): { update(data: Uint8Array): { digest(): Uint8Array } };
  /** RSAVP1 with `RSA_NO_PADDING`: the signature raised to the public exponent, k bytes. */
  publicDecrypt?: (key: { key: NodeKeyObject; padding: number }, signature: Uint8Array) => Uint8Array;
  /** One-shot digest (Node >= 20.12): no `Hash` object made. */
  hash?: (algorithm: string, data: Uint8Array, outputEncoding: 'buffer') => Uint8Array;
  constants?: { RSA_NO_PADDING?: number };
  /** RSASSA-PKCS1-v1_5 for an RSA key (deterministic: the same bytes WebCrypto's `sign` makes). */
  sign?: (algorithm: string, data: Uint8Array, key: NodeKeyObject) => Uint8Array;
  KeyObject?: { from(key: CryptoKey): NodeKeyObject };
}

interface NodeKeyObject {
  asymmetricKeyType?: string;
  asymmetricKeyDetails?: { modulusLength?: number };
}

/** An RSA public key ready for synchronous verification. */
export interface NodeRsaKey {
  /** The modulus in bytes: the length of every signature the key makes. */
  modulusBytes: number;
  /** RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8017 §8.2), the `rsa-sha256` of part 5.1 rules 4 and 7. */
  verify(signature: Uint8Array, data: Uint8Array): boolean;
}

/** SHA-256's DigestInfo up to the digest, DER (RFC 8017 §9.2, note 1). */
const SHA256_DIGEST_INFO = fromHex('3031300d060960864801650304020105000420') ?? new Uint8Array(0);

/**
 * Whether `em` (RSAVP1's output, k bytes) is EMSA-PKCS1-v1_5's encoding of this SHA-256 digest:
 * 0x00 0x01, at least eight 0xff, 0x00, the DigestInfo, the digest. Compared with the whole encoding,
 * never parsed, as RFC 8017 §8.2.2 steps 3 and 4 do it (a parser is where forgeries get in).
 */
export function isPkcs1Sha256Encoding(em: Uint8Array, digest: Uint8Array): boolean {
  const tail = SHA256_DIGEST_INFO.length + digest.length;
  const ffEnd = em.length - tail - 1;
  if (digest.length !== 32 || ffEnd < 10) return false;
  let differs = (em[0] ?? 1) | ((em[1] ?? 0) ^ 0x01) | (em[ffEnd] ?? 1);
  for (let i = 2; i < ffEnd; i++) differs |= (em[i] ?? 0) ^ 0xff;
  for (let i = 0; i < SHA256_DIGEST_INFO.length; i++) {
    differs |= (em[ffEnd + 1 + i] ?? 0) ^ (SHA256_DIGEST_INFO[i] ?? 0);
  }
  for (let i = 0; i < digest.length; i++) differs |= (em[em.length - 32 + i] ?? 0) ^ (digest[i] ?? 0);
  return differs === 0;
}

/** The digest of the bytes with the one-shot `hash` where the runtime has it, else a `Hash`. */
function digestWith(crypto: NodeCrypto, algorithm: 'sha256' | 'sha512', data: Uint8Array): Uint8Array {
  return typeof crypto.hash === 'function'
    ? crypto.hash(algorithm, data, 'buffer')
    : crypto.createHash(algorithm).update(data).digest();
}

let loaded: NodeCrypto | null | undefined;

function nodeCrypto(): NodeCrypto | null {
  if (loaded === undefined) {
    loaded = null;
    const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    try {
      if (typeof runtime?.getBuiltinModule === 'function') {
        const found = runtime.getBuiltinModule('node:crypto') as Partial<NodeCrypto> | undefined;
        const complete =
          typeof found?.createPublicKey === 'function' &&
          typeof found.verify === 'function' &&
          typeof found.createHash === 'function';
        if (complete) loaded = found as NodeCrypto;
      }
    } catch {
      loaded = null;
    }
  }
  return loaded;
}

/**
 * Only for the runtime's own WebCrypto: a caller that injects a SubtleCrypto (e.g.
 * `@peculiar/webcrypto`, or one that records its calls) gets every operation done by it.
 */
function usable(subtle: SubtleCrypto): NodeCrypto | null {
  return subtle === globalThis.crypto?.subtle ? nodeCrypto() : null;
}

/** Whether Node's crypto does the work that would go to this SubtleCrypto. */
export function usesNodeCrypto(subtle: SubtleCrypto): boolean {
  return usable(subtle) !== null;
}

/**
 * The certificate's key as a Node `KeyObject` (made once per certificate by the caller), or null
 * where Node's crypto is not used or does not take the key: the caller then imports it into
 * WebCrypto, which words the problem as before.
 */
export function nodeRsaKey(spki: Uint8Array, subtle: SubtleCrypto): NodeRsaKey | null {
  const crypto = usable(subtle);
  if (crypto === null) return null;
  // Keyed by the parsed certificate's own bytes, which every verifier of the process shares
  // (certificate-cache.ts): a new bank does not make the key again (0.3-0.4 ms).
  let key = rsaKeys.get(spki);
  if (key === undefined) {
    key = makeNodeRsaKey(crypto, spki);
    rsaKeys.set(spki, key);
  }
  return key;
}

const rsaKeys = new WeakMap<Uint8Array, NodeRsaKey | null>();

function makeNodeRsaKey(crypto: NodeCrypto, spki: Uint8Array): NodeRsaKey | null {
  try {
    const key = crypto.createPublicKey({ key: spki, format: 'der', type: 'spki' });
    const bits = key.asymmetricKeyDetails?.modulusLength;
    if (key.asymmetricKeyType !== 'rsa' || bits === undefined) return null;
    const modulusBytes = Math.ceil(bits / 8);
    const noPadding = crypto.constants?.RSA_NO_PADDING;
    const publicDecrypt =
      typeof crypto.publicDecrypt === 'function' ? crypto.publicDecrypt.bind(crypto) : undefined;
    return {
      modulusBytes,
      verify: (signature, data) => {
        // RSAVP1 through `publicDecrypt` and the encoding compared here: `crypto.verify` makes a
        // native job object per call, freed by a weak callback in the next scavenge, and those
        // callbacks were most of a page's scavenge pause (docs/benchmarks.md, "Session 8").
        if (noPadding !== undefined && publicDecrypt !== undefined) {
          try {
            const em = publicDecrypt({ key, padding: noPadding }, signature);
            if (em.length === modulusBytes)
              return isPkcs1Sha256Encoding(em, digestWith(crypto, 'sha256', data));
          } catch {
            // Not below the modulus, or a runtime without raw RSA: `verify` gives the verdict.
          }
        }
        // WebCrypto answers false for a signature that cannot be one (e.g. not below the modulus);
        // OpenSSL may raise instead: the same verdict either way.
        try {
          return crypto.verify('sha256', data, key, signature);
        } catch {
          return false;
        }
      },
    };
  } catch {
    return null;
  }
}

/** SHA-256 or SHA-512 of the bytes on the calling thread, or null where Node's crypto is not used. */
export function nodeDigest(
  algorithm: 'SHA-256' | 'SHA-512',
  bytes: Uint8Array,
  subtle: SubtleCrypto,
): Uint8Array | null {
  const crypto = usable(subtle);
  if (crypto === null) return null;
  try {
    return digestWith(crypto, algorithm === 'SHA-256' ? 'sha256' : 'sha512', bytes);
  } catch {
    // A runtime whose `node:crypto` is partial (a compatibility layer): WebCrypto does it.
    return null;
  }
}

/** Each private key's Node `KeyObject`, or null where Node's `sign` does not take it (WebCrypto then signs). */
const signingKeys = new WeakMap<CryptoKey, NodeKeyObject | null>();

/** Whether WebCrypto would sign with the key as `rsa-sha256`: anything else is left to it, to refuse in its words. */
function signsRsaSha256(key: CryptoKey): boolean {
  const algorithm = key.algorithm as Partial<RsaHashedKeyAlgorithm>;
  return (
    key.type === 'private' &&
    key.usages.includes('sign') &&
    algorithm.name === 'RSASSA-PKCS1-v1_5' &&
    algorithm.hash?.name === 'SHA-256'
  );
}

/**
 * The `rsa-sha256` signature of the bytes (RSASSA-PKCS1-v1_5 with SHA-256) on the calling thread, or
 * null where Node's crypto is not used or does not take the key: the caller then signs with
 * WebCrypto. The scheme is deterministic, so both give the same bytes; WebCrypto's sign waits for a
 * thread of libuv's pool, and the kit's signed GET takes 0.72-0.85x the time without it
 * (docs/benchmarks.md, "Session 24").
 */
export function nodeSignRsaSha256(key: CryptoKey, data: Uint8Array, subtle: SubtleCrypto): Uint8Array | null {
  const crypto = usable(subtle);
  if (crypto === null || typeof crypto.sign !== 'function') return null;
  let keyObject = signingKeys.get(key);
  if (keyObject === undefined) {
    try {
      keyObject =
        typeof crypto.KeyObject?.from === 'function' && signsRsaSha256(key)
          ? crypto.KeyObject.from(key)
          : null;
    } catch {
      keyObject = null;
    }
    signingKeys.set(key, keyObject);
  }
  if (keyObject === null) return null;
  try {
    return crypto.sign('sha256', data, keyObject);
  } catch {
    return null;
  }
}
