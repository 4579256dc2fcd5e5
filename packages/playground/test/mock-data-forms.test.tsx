// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import './support/dom.js';
import type { BankConnection } from '../src/bank/connection.js';
import { ApiForm } from '../src/components/ApiForm.js';
import { MockDataForms } from '../src/components/MockDataForms.js';
import { fixtureState } from '../src/fixtures/state.js';
import { FORM_SPECS } from '../src/forms/specs.js';
import { bankWithLog, renderWithBank } from './support/bank.js';

const spec = (id: string) => FORM_SPECS.find((s) => s.id === id)!;

describe('mock-data forms', () => {
  it('sends the customer a TPP would create, with X-Request-ID', async () => {
    const { connection, log } = bankWithLog();
    renderWithBank(connection, <MockDataForms state={fixtureState} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Customer number (national id)'), '01017012345');
    await user.type(screen.getByLabelText('Name'), 'Ola Nordmann');
    await user.selectOptions(screen.getByLabelText('Type'), 'corporate');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(log).toHaveLength(1));
    const sent = log[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/sandbox/customers');
    expect(sent.requestHeaders['x-request-id']).toBeTruthy();
    expect(JSON.parse(sent.requestBody ?? 'null')).toEqual({
      customerNumber: '01017012345',
      name: 'Ola Nordmann',
      type: 'corporate',
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/\d{3}/));
  });

  it('sends a transaction array to the chosen account', async () => {
    const { connection, log } = bankWithLog();
    renderWithBank(connection, <MockDataForms state={fixtureState} initial="transaction" />);
    const user = userEvent.setup();
    const amount = screen.getByLabelText('Amount (negative = outgoing)');
    await user.clear(amount);
    await user.type(amount, '-99.50');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(log).toHaveLength(1));
    const accountId = Object.keys(fixtureState.accounts)[0]!;
    expect(log[0]!.path).toBe(`/v1/sandbox/accounts/${encodeURIComponent(accountId)}/transactions`);
    const body = JSON.parse(log[0]!.requestBody ?? 'null') as Array<Record<string, unknown>>;
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ amount: -99.5, currency: 'NOK', creditorName: 'Rema 1000' });
  });

  it('shows each tppMessage next to the field it names, the rest above the response', async () => {
    // The error shape of the mock-data API (platform-facts §2): paths as zod reports them.
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
    renderWithBank(answering, <ApiForm spec={spec('account')} state={fixtureState} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const bban = screen.getByLabelText('BBAN');
    await waitFor(() => expect(bban.getAttribute('aria-invalid')).toBe('true'));
    expect(
      document.getElementById(bban.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent,
    ).toBe('bban fails the MOD11 check');
    expect(screen.getByLabelText('Opening balance').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('IBAN').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Messages from the bank').textContent).toContain(
      'no customer with that number',
    );
  });
});
