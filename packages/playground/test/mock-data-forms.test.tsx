// @vitest-environment jsdom
import { accountById } from '@sandbank/engine';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import './support/dom.js';
import type { BankConnection } from '../src/bank/connection.js';
import { ApiForm } from '../src/components/ApiForm.js';
import { MockDataForms } from '../src/components/MockDataForms.js';
import { FIXTURE_NOW, fixtureState } from '../src/fixtures/state.js';
import { MOCK_DATA_OPERATIONS } from '../src/forms/operations.js';
import { bankWithLog, renderWithBank } from './support/bank.js';

const operation = (title: string) => MOCK_DATA_OPERATIONS.find((op) => op.title === title)!;

describe('mock-data forms', () => {
  it('has a form for every mock-data write of the route table, its fields named as in the body', () => {
    expect(MOCK_DATA_OPERATIONS.map((op) => `${op.title}: ${op.method} ${op.pattern}`)).toEqual([
      'Customer: POST /v1/sandbox/customers',
      'Account: POST /v1/sandbox/accounts',
      'Account transactions: POST /v1/sandbox/accounts/:mockAccountId/transactions',
      'Agreement: POST /v1/sandbox/agreements',
      'Card account: POST /v1/sandbox/card-accounts',
      'Card account transactions: POST /v1/sandbox/card-accounts/:mockCardAccountId/transactions',
      'Card account balances: PUT /v1/sandbox/card-accounts/:mockCardAccountId/balances',
    ]);
    renderWithBank(
      bankWithLog().connection,
      <ApiForm operation={operation('Account')} state={fixtureState} />,
    );
    for (const label of ['customerNumber', 'bban', 'iban', 'balances[1].balanceAmount.amount']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    // An enumeration is a choice of the schema's own values.
    expect(screen.getByLabelText('cashAccountType').tagName).toBe('SELECT');
  });

  it('sends the customer the form shows, with X-Request-ID, and the bank creates it', async () => {
    const { connection, log } = bankWithLog();
    renderWithBank(connection, <MockDataForms state={fixtureState} now={FIXTURE_NOW} />);
    const user = userEvent.setup();
    const customerNumber = (screen.getByLabelText('customerNumber') as HTMLInputElement).value;
    expect(customerNumber).toMatch(/^\d{11}$/);
    const name = screen.getByLabelText('name');
    await user.clear(name);
    await user.type(name, 'Kari Testesen');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(log).toHaveLength(1));
    const sent = log[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/sandbox/customers');
    expect(sent.requestHeaders['x-request-id']).toBeTruthy();
    expect(JSON.parse(sent.requestBody ?? 'null')).toEqual({
      customerNumber,
      name: 'Kari Testesen',
      type: 'private',
    });
    expect(sent.status).toBe(201);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('201'));
  });

  it('sends a transaction array to the account in the path, the amount exactly as typed', async () => {
    const { connection, log } = bankWithLog();
    renderWithBank(
      connection,
      <MockDataForms state={fixtureState} now={FIXTURE_NOW} initial="Account transactions" />,
    );
    const user = userEvent.setup();
    const accountId = (screen.getByLabelText('{mockAccountId}') as HTMLInputElement).value;
    expect(accountById(fixtureState, accountId)).toBeDefined();
    const amount = screen.getByLabelText('[0].amount');
    await user.clear(amount);
    await user.type(amount, '-99.50');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(log).toHaveLength(1));
    expect(log[0]!.path).toBe(`/v1/sandbox/accounts/${encodeURIComponent(accountId)}/transactions`);
    const body = JSON.parse(log[0]!.requestBody ?? 'null') as Array<Record<string, unknown>>;
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ amount: '-99.50', currency: 'NOK', creditorName: 'Rema 1000' });
    expect(log[0]!.status).toBe(201);
  });

  it('leaves an emptied field out, so the bank names the field that is missing', async () => {
    const { connection, log } = bankWithLog();
    renderWithBank(connection, <MockDataForms state={fixtureState} now={FIXTURE_NOW} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('name'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(log).toHaveLength(1));
    expect(JSON.parse(log[0]!.requestBody ?? 'null')).not.toHaveProperty('name');
    const name = screen.getByLabelText('name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('name is required');
  });

  it('shows each tppMessage next to the field it names, the rest above the response', async () => {
    // The error shape of the mock-data API: paths as the bank names them.
    const answering: BankConnection = {
      fetch: async () =>
        new Response(
          JSON.stringify({
            tppMessages: [
              { category: 'ERROR', code: 'FORMAT_ERROR', path: 'bban', text: 'bban fails the MOD11 check' },
              {
                category: 'ERROR',
                code: 'FORMAT_ERROR',
                path: 'balances[0].balanceAmount.amount',
                text: 'amount must be a number',
              },
              { category: 'ERROR', code: 'RESOURCE_UNKNOWN', text: 'no customer with that number' },
            ],
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
      getState: async () => fixtureState,
      subscribe: () => () => {},
    };
    renderWithBank(answering, <ApiForm operation={operation('Account')} state={fixtureState} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const bban = screen.getByLabelText('bban');
    await waitFor(() => expect(bban.getAttribute('aria-invalid')).toBe('true'));
    expect(
      document.getElementById(bban.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent,
    ).toBe('bban fails the MOD11 check');
    expect(screen.getByLabelText('balances[0].balanceAmount.amount').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(screen.getByLabelText('iban').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Messages from the bank').textContent).toContain(
      'no customer with that number',
    );
  });
});
