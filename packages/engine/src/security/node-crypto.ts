// Node's own crypto for the two hashes-and-verifies of every signed request, where the runtime has
// it. WebCrypto in Node runs `verify` and `digest` as jobs on libuv's thread pool: the request waits
// for a pool thread (on a busy machine, for a core) and for the event loop to hear back, which was
// the largest share of a signed GET (docs/benchmarks.md, "Where the time goes"). `node:crypto`'s
// synchronous `verify` and `createHash` do the same arithmetic on the calling thread. The module is
// reached through `process.getBuiltinModule` (Node >= 20.16), never a static import, so the browser
// and worker bundles do not see it; elsewhere (browsers, a service worker) the callers keep WebCrypto.

/** The part of `node:crypto` used here (structural: the engine's types do not depend on Node's). */
interface NodeCrypto {
  createPublicKey(key: { key: Uint8Array; format: 'der'; type: 'spki' }): NodeKeyObject;
  verify(algorithm: string, data: Uint8Array, key: NodeKeyObject, signature: Uint8Array): boolean;
  createHash(algorithm: string): { update(data: Uint8Array): { digest(): Uint8Array } };
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
  try {
    const key = crypto.createPublicKey({ key: spki, format: 'der', type: 'spki' });
    const bits = key.asymmetricKeyDetails?.modulusLength;
    if (key.asymmetricKeyType !== 'rsa' || bits === undefined) return null;
    return {
      modulusBytes: Math.ceil(bits / 8),
      verify: (signature, data) => {
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
    return crypto
      .createHash(algorithm === 'SHA-256' ? 'sha256' : 'sha512')
      .update(bytes)
      .digest();
  } catch {
    // A runtime whose `node:crypto` is partial (a compatibility layer): WebCrypto does it.
    return null;
  }
}
