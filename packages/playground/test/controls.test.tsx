// @vitest-environment jsdom
import { accountById } from '@sandbank/engine';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import './support/dom.js';
import type { BankConnection } from '../src/bank/connection.js';
import { useBankState } from '../src/bank/hooks.js';
import { ClockPanel } from '../src/components/ClockPanel.js';
import { FlowRunner } from '../src/components/FlowRunner.js';
import { StatePanel } from '../src/components/StatePanel.js';
import { TryIt } from '../src/components/TryIt.js';
import { FIXTURE_NOW, fixtureState } from '../src/fixtures/state.js';
import { redirectUri } from '../src/flows/definitions.js';
import { bankWithLog, renderWithBank } from './support/bank.js';

/** The State panel as the app shows it: fed the live state. */
function LiveStatePanel({ connection }: { connection: BankConnection }) {
  return <StatePanel state={useBankState(connection)} />;
}

describe('controls', () => {
  it('advances the bank clock by a day through the control plane', async () => {
    const { connection, log } = bankWithLog();
    renderWithBank(connection, <ClockPanel fixedNow={FIXTURE_NOW} />);
    await userEvent.setup().click(screen.getByRole('button', { name: '+1 day' }));
    await waitFor(() => expect((log[0]?.responseBody as { now?: string } | undefined)?.now).toBeDefined());
    expect(log[0]).toMatchObject({ method: 'POST', path: '/_sandbank/clock', status: 200 });
    expect(JSON.parse(log[0]!.requestBody!)).toEqual({ advanceMinutes: 1440 });
    expect((await connection.getState()).clock.offsetMs).toBe(86_400_000);
  });

  it('says so when the engine has no batch processing', async () => {
    const { connection } = bankWithLog();
    renderWithBank(connection, <ClockPanel fixedNow={FIXTURE_NOW} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Run next batch' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(/no batch processing yet|Ran the next batch/),
    );
  });

  it('resets the sandbox with POST /v1/sandbox/initialize', async () => {
    const { connection, log } = bankWithLog();
    renderWithBank(connection, <StatePanel />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reset sandbox' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Back to the seeded state.'));
    expect(log[0]).toMatchObject({ method: 'POST', path: '/v1/sandbox/initialize', status: 204 });
  });

  it('saves a named snapshot in the bank, lists it from the state, restores and deletes it', async () => {
    const { connection, log } = bankWithLog();
    renderWithBank(connection, <LiveStatePanel connection={connection} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Snapshot name'), 'seeded');
    await user.click(screen.getByRole('button', { name: 'Save snapshot' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved "seeded".'));
    await user.click(await screen.findByRole('button', { name: 'Restore snapshot seeded' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Restored "seeded".'));
    await user.click(screen.getByRole('button', { name: 'Delete snapshot seeded' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Restore snapshot seeded' })).toBeNull());
    expect(log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'POST /_sandbank/snapshots 201',
      'POST /_sandbank/snapshots/seeded/restore 200',
      'DELETE /_sandbank/snapshots/seeded 204',
    ]);
  });

  it('try it: sends any request and shows the answer', async () => {
    const { connection } = bankWithLog();
    renderWithBank(connection, <TryIt initialMethod="GET" initialPath="/_sandbank/clock" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(screen.getByTitle('Response body').textContent).toContain('2026-03-02T10:00:00.000Z'),
    );
  });

  it('try it: a known operation fills method, path and an example body', async () => {
    const { connection, log } = bankWithLog();
    renderWithBank(connection, <TryIt state={fixtureState} now={FIXTURE_NOW} />);
    const user = userEvent.setup();
    await user.selectOptions(
      screen.getByLabelText('Known operation'),
      'POST /_sandbank/clock (Set or advance the bank clock)',
    );
    expect(JSON.parse((screen.getByLabelText('Body') as HTMLTextAreaElement).value)).toEqual({
      advanceMinutes: 60,
    });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(log).toHaveLength(1));
    expect(log[0]).toMatchObject({ method: 'POST', path: '/_sandbank/clock', status: 200 });
  });

  it('try it: an operation on a resource names one the bank holds, with a body it accepts', async () => {
    const { connection, log } = bankWithLog();
    renderWithBank(connection, <TryIt state={fixtureState} now={FIXTURE_NOW} />);
    const user = userEvent.setup();
    await user.selectOptions(
      screen.getByLabelText('Known operation'),
      'POST /v1/sandbox/accounts/{mockAccountId}/transactions (sandbox)',
    );
    const path = (screen.getByLabelText('Path') as HTMLInputElement).value;
    const accountId = decodeURIComponent(path.split('/')[4] ?? '');
    expect(accountById(fixtureState, accountId)).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(log).toHaveLength(1));
    expect(log[0]).toMatchObject({ method: 'POST', path, status: 201 });
  });

  it('flow: the first consent step sends a bank-offered consent request with the redirect URI', async () => {
    const { connection, log } = bankWithLog();
    renderWithBank(connection, <FlowRunner state={fixtureState} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Run next step' }));
    await waitFor(() => expect(log).toHaveLength(1));
    expect(log[0]).toMatchObject({ method: 'POST', path: '/v1/bank-offered-consents' });
    expect(log[0]!.requestHeaders['tpp-redirect-uri']).toBe(redirectUri());
    expect(log[0]!.requestHeaders['tpp-session-id']).toBe('playground-ais-1');
  });
});

describe('the header note', () => {
  it('goes once the bank changes again, e.g. after a reset', async () => {
    const { connection } = bankWithLog();
    renderWithBank(
      connection,
      <>
        <ClockPanel fixedNow={FIXTURE_NOW} />
        <StatePanel />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '+1 h' }));
    const clock = screen.getByRole('region', { name: 'Bank clock' });
    await waitFor(() => expect(clock.textContent).toContain('Advanced 60 minutes.'));
    await user.click(screen.getByRole('button', { name: 'Reset sandbox' }));
    await waitFor(() => expect(screen.getByText('Back to the seeded state.')).toBeTruthy());
    expect(clock.textContent).not.toContain('Advanced 60 minutes.');
  });
});
