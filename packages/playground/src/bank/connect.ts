import type { BankConnection } from './connection.js';
import { createInPageConnection } from './in-page.js';
import { setSigner } from './sign.js';

/**
 * An exported state with 100 000 transactions is about 30 MB; the in-page bank accepts bodies that
 * large so export and import round-trip (the engine's default limit is 1 MiB).
 */
const IMPORT_LIMIT_BYTES = 128 * 1024 * 1024;

/** part 5.1: every request is signed; the playground signs as a generated test TPP with both roles. */
async function installSigner(): Promise<void> {
  try {
    // Its own chunk: certificate code (pkijs) is only needed to sign.
    const { presetIdentity, signRequest } = await import('@sandbank/engine/tpp');
    const identity = await presetIdentity('both');
    setSigner((request) => signRequest(request, identity));
  } catch (error) {
    console.warn(
      '[sandbank playground] no test identity (WebCrypto unavailable?); requests go unsigned',
      error,
    );
  }
}

/**
 * The one place that picks the transport. Swap the connection for the service-worker one
 * (`registerSandbox()` + BroadcastChannel 'sandbank') and every view keeps working.
 */
export async function connectBank(): Promise<BankConnection> {
  await installSigner();
  return createInPageConnection({ maxBodyBytes: IMPORT_LIMIT_BYTES });
}
