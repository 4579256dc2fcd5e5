import type { BankConnection } from './connection.js';
import { createInPageConnection } from './in-page.js';

/**
 * An exported state with 100 000 transactions is about 30 MB; the in-page bank accepts bodies that
 * large so export and import round-trip (the engine's default limit is 1 MiB).
 */
const IMPORT_LIMIT_BYTES = 128 * 1024 * 1024;

/**
 * The one place that picks the transport. Swap the body for the service-worker connection
 * (`registerSandbox()` + BroadcastChannel 'sandbank') and every view keeps working.
 */
export async function connectBank(): Promise<BankConnection> {
  return createInPageConnection({ maxBodyBytes: IMPORT_LIMIT_BYTES });
}
