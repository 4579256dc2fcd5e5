// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import './support/dom.js';
import type { BankConnection } from '../src/bank/connection.js';
import { useBankState } from '../src/bank/hooks.js';
import { buildRequest } from '../src/bank/request.js';
import { FaultsPanel } from '../src/components/FaultsPanel.js';
import { RequestLog } from '../src/components/RequestLog.js';
import { bankWithLog, renderWithBank } from './support/bank.js';

/** The panel on the bank's live state, as the App shows it. */
function LivePanel({ connection }: { connection: BankConnection }) {
  const state = useBankState(connection);
  return state === null ? null : <FaultsPanel state={state} />;
}

describe('the Faults panel', () => {
  it('applies a scenario, shows its rules, and marks the requests they answer in the log', async () => {
    const { connection, log } = bankWithLog();
    renderWithBank(connection, <LivePanel connection={connection} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Apply consent-expired' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Scenario consent-expired applied.'),
    );
    await waitFor(() => expect(screen.getByRole('list', { name: 'Fault rules' }).children).toHaveLength(2));
    expect(log[0]).toMatchObject({
      method: 'POST',
      path: '/_sandbank/scenarios/consent-expired',
      status: 201,
    });

    await connection.fetch(await buildRequest({ method: 'GET', path: '/v1/accounts' }));
    const faulted = log.at(-1);
    expect(faulted?.status).toBe(401);
    const view = renderWithBank(connection, <RequestLog entries={log} onClear={() => undefined} />);
    expect(view.getAllByText('injected: 401 CONSENT_EXPIRED').length).toBeGreaterThan(0);
  });

  it('adds a rule from JSON, tells a rule the bank refuses, and removes rules', async () => {
    const { connection, log } = bankWithLog();
    renderWithBank(connection, <LivePanel connection={connection} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Rule fault-1 added.'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove fault-1' })).toBeDefined());

    const box = screen.getByLabelText(/Rule \(JSON/);
    await user.clear(box);
    await user.click(box);
    await user.paste('{"effect": {"status": 418, "code": "SYSTEM_ERROR"}}');
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(screen.getAllByText(/effect\.status/).length).toBeGreaterThan(0));

    await user.click(screen.getByRole('button', { name: 'Remove fault-1' }));
    await waitFor(() => expect(screen.getByText('No fault rules: the bank answers as usual.')).toBeDefined());
    expect(log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'POST /_sandbank/faults 201',
      'POST /_sandbank/faults 400',
      'DELETE /_sandbank/faults/fault-1 204',
    ]);
  });
});
