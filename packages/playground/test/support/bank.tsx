import type { RequestLogEntry, State } from '@sandbank/engine';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { BankConnection } from '../../src/bank/connection.js';
import { BankContext } from '../../src/bank/hooks.js';
import { fixtureConnection } from '../../src/fixtures/connection.js';

/** A real in-page bank on the fixture clock, with the request log it produced. */
export function bankWithLog(state?: State) {
  const connection = fixtureConnection(state);
  const log: RequestLogEntry[] = [];
  connection.subscribe((event) => {
    if (event.type === 'request') log.push(event.entry);
  });
  return { connection, log };
}

export function renderWithBank(connection: BankConnection, ui: ReactNode): RenderResult {
  return render(<BankContext.Provider value={connection}>{ui}</BankContext.Provider>);
}
