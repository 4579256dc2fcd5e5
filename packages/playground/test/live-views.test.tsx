// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import './support/dom.js';
import { type SandboxEvent, stateToExport } from '@sandbank/engine';
import type { BankConnection } from '../src/bank/connection.js';
import { App } from '../src/components/App.js';
import { fixtureConnection } from '../src/fixtures/connection.js';
import { fixtureAccount, fixtureCardAccount, fixtureState } from '../src/fixtures/state.js';

/** The fixture bank as an export (accounts flat), with the fixture account renamed. */
function renamedState(accountName: string) {
  const exported = stateToExport(fixtureState);
  return {
    ...exported,
    accounts: { ...exported.accounts, [fixtureAccount.id]: { ...fixtureAccount, accountName } },
  };
}

describe('live views', () => {
  it('redraws the bank when a request changes its state', async () => {
    const connection = fixtureConnection();
    render(<App connection={connection} initialTab="bank" />);
    await screen.findByRole('heading', { name: fixtureAccount.accountName, level: 2 });
    const renamed = renamedState('Feriekonto');
    await connection.fetch(
      new Request('http://localhost/_sandbank/state', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(renamed),
      }),
    );
    await screen.findByRole('heading', { name: 'Feriekonto', level: 2 });
  });

  it('follows a transport whose commit events carry patches only', async () => {
    const inner = fixtureConnection();
    const patchesOnly: BankConnection = {
      fetch: (request) => inner.fetch(request),
      getState: () => inner.getState(),
      subscribe: (listener) =>
        inner.subscribe((event) =>
          listener(
            event.type === 'commit'
              ? ({
                  type: 'commit',
                  commit: { seq: event.commit.seq, patches: event.commit.patches },
                } as SandboxEvent)
              : event,
          ),
        ),
    };
    render(<App connection={patchesOnly} initialTab="bank" />);
    await screen.findByRole('heading', { name: fixtureAccount.accountName, level: 2 });
    await inner.fetch(
      new Request('http://localhost/_sandbank/state', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(renamedState('Sommerkonto')),
      }),
    );
    await screen.findByRole('heading', { name: 'Sommerkonto', level: 2 });
  });

  it('logs every request in the network panel with its status', async () => {
    const connection = fixtureConnection();
    render(<App connection={connection} initialTab="requests" />);
    await connection.fetch(new Request('http://localhost/_sandbank/clock'));
    await connection.fetch(new Request('http://localhost/v1/nowhere', { headers: { 'x-request-id': 'r1' } }));
    const rows = await screen.findAllByRole('button', { name: /GET \/(_sandbank\/clock|v1\/nowhere)/ });
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^200GET/),
      expect.stringMatching(/^404GET/),
    ]);
    await userEvent.setup().click(rows[1]!);
    expect(screen.getByLabelText('Messages from the bank').textContent).toContain('NOT_FOUND');
  });

  it('shows a customer created through the mock-data form in the customer tree', async () => {
    render(<App connection={fixtureConnection()} initialTab="mock-data" />);
    const user = userEvent.setup();
    const customerNumber = await screen.findByLabelText('customerNumber');
    await user.clear(customerNumber);
    await user.type(customerNumber, '01019010046');
    const name = screen.getByLabelText('name');
    await user.clear(name);
    await user.type(name, 'Ola Nordmann');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const form = within(screen.getByRole('form', { name: 'Customer form' }));
    await waitFor(() => expect(form.getByRole('status').textContent).toContain('201'));
    await user.click(screen.getByRole('button', { name: 'Bank' }));
    expect(await screen.findByRole('heading', { name: /Ola Nordmann/, level: 3 })).toBeTruthy();
  });

  it('names the field a rejected account form got wrong', async () => {
    render(<App connection={fixtureConnection()} initialTab="mock-data" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Account$/ }));
    const bban = screen.getByLabelText('bban');
    await user.clear(bban);
    await user.type(bban, '97100001009');
    await user.clear(screen.getByLabelText('iban'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bban.getAttribute('aria-invalid')).toBe('true'));
    // The bank names every field at fault in one answer: the BBAN's check digit and the missing IBAN.
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toContainEqual(expect.stringMatching(/^bban: .*MOD11/));
    expect(alerts).toContainEqual('iban is required');
  });

  it('opens a card account from the customer tree', async () => {
    render(<App connection={fixtureConnection()} initialTab="bank" />);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: new RegExp(fixtureCardAccount.maskedPan) }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 }).textContent).toContain(fixtureCardAccount.maskedPan),
    );
    expect(screen.getByText('Card transactions')).toBeTruthy();
  });
});
