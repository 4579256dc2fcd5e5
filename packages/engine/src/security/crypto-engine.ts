// pkijs needs a CryptoEngine; this one wraps whichever SubtleCrypto the caller uses (globalThis's by
// default, or an injected one such as @peculiar/webcrypto's), so no global engine is touched.
import * as pkijs from 'pkijs';

const engines = new WeakMap<SubtleCrypto, pkijs.CryptoEngine>();

export function cryptoEngineFor(subtle: SubtleCrypto): pkijs.CryptoEngine {
  let engine = engines.get(subtle);
  if (engine === undefined) {
    const crypto = {
      subtle,
      getRandomValues: (array: Uint8Array) => globalThis.crypto.getRandomValues(array),
    } as unknown as Crypto;
    engine = new pkijs.CryptoEngine({ name: 'sandbank', crypto });
    engines.set(subtle, engine);
  }
  return engine;
}
