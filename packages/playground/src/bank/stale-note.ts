import { useEffect } from 'react';
import type { BankConnection } from './connection.js';

/**
 * Clears a note such as "Ran the next batch." at the next change to the bank (from this tab or any
 * other), so it never describes a bank that has moved on (issue 22: it stayed after a reset). The
 * note's own request is logged before its answer comes back, so the note set then stays.
 */
export function useClearOnNextChange(connection: BankConnection, clear: () => void): void {
  useEffect(
    () =>
      connection.subscribe((event) => {
        if (event.type === 'request' && event.entry.commit != null) clear();
      }),
    [connection, clear],
  );
}
