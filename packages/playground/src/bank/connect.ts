import type { BankConnection } from './connection.js';
import { createInPageConnection } from './in-page.js';

/**
 * The one place that picks the transport. Swap the body for the service-worker connection
 * (`registerSandbox()` + BroadcastChannel 'sandbank') and every view keeps working.
 */
export async function connectBank(): Promise<BankConnection> {
  return createInPageConnection();
}
