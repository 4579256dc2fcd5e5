import { accountList, cardAccountList } from '@sandbank/engine';
import {
  accountBody,
  api,
  cardAccountBody,
  errorsOf,
  KARI,
  newSandbox,
  TODAY,
} from '@sandbank/test-support/sandbox-api';
import { describe, expect, it } from 'vitest';

/**
 * What the mock-data API accepts beyond the canonical forms, as the platform's own scripts send it
 * (docs/sandbox-api.md, "Accepted forms"): each value is stored canonically and the answer says so.
 */
interface Message {
  category: string;
  code: string;
  path?: string;
  text: string;
}

function warnings(body: { tppMessages?: Message[] }): Message[] {
  for (const m of body.tppMessages ?? [])
    expect(m).toMatchObject({ category: 'WARNING', code: 'FORMAT_ERROR' });
  return body.tppMessages ?? [];
}

const stored = (path: string, value: string, sent: string) => ({
  category: 'WARNING',
  code: 'FORMAT_ERROR',
  path,
  text: `${path}: stored "${value}" for "${sent}"`,
});

describe('enumerations in any case', () => {
  it('stores upper-case balance types, a lower-case cashAccountType and currency canonically', async () => {
    const sandbox = newSandbox();
    const result = await api(sandbox, 'POST', '/v1/sandbox/accounts', {
      body: accountBody(KARI, '97100123456', {
        currency: 'nok',
        cashAccountType: 'svgs',
        balances: [
          { balanceType: 'CLOSINGBOOKED', balanceAmount: { amount: 100, currency: 'NOK' } },
          { balanceType: 'EXPECTED', balanceAmount: { amount: 100, currency: 'Nok' } },
        ],
      }),
    });
    expect(result.status).toBe(201);
    expect(result.body.currency).toBe('NOK');
    const account = accountList(sandbox.getState()).find((a) => a.bban === '97100123456');
    expect(account).toMatchObject({
      currency: 'NOK',
      cashAccountType: 'SVGS',
      booked: '100.00',
      expected: '100.00',
    });
    expect(warnings(result.body)).toEqual([
      stored('currency', 'NOK', 'nok'),
      stored('cashAccountType', 'SVGS', 'svgs'),
      stored('balances[0].balanceType', 'closingBooked', 'CLOSINGBOOKED'),
      stored('balances[1].balanceType', 'expected', 'EXPECTED'),
      stored('balances[1].balanceAmount.currency', 'NOK', 'Nok'),
    ]);
  });

  it('stores a card status ENABLED as enabled and card balance types canonically', async () => {
    const sandbox = newSandbox();
    const result = await api(sandbox, 'POST', '/v1/sandbox/card-accounts', {
      body: cardAccountBody(KARI, {
        status: 'ENABLED',
        balances: [{ balanceType: 'INTERIMBOOKED', balanceAmount: { amount: -10, currency: 'NOK' } }],
      }),
    });
    expect(result.status).toBe(201);
    expect(result.body.cardAccount.status).toBe('enabled');
    expect(result.body.cardAccount.balances[0].balanceType).toBe('interimBooked');
    expect(warnings(result.body)).toEqual(
      expect.arrayContaining([
        stored('status', 'enabled', 'ENABLED'),
        stored('balances[0].balanceType', 'interimBooked', 'INTERIMBOOKED'),
      ]),
    );
  });

  it('answers a balance update with upper-case types 200 with the warnings (204 without)', async () => {
    const sandbox = newSandbox();
    const card = cardAccountList(sandbox.getState())[0];
    const path = `/v1/sandbox/card-accounts/${card?.id}/balances`;
    const upper = await api(sandbox, 'PUT', path, {
      body: [{ balanceType: 'EXPECTED', balanceAmount: { amount: -5, currency: 'NOK' } }],
    });
    expect(upper.status).toBe(200);
    expect(warnings(upper.body)).toEqual([stored('[0].balanceType', 'expected', 'EXPECTED')]);
    const canonical = await api(sandbox, 'PUT', path, {
      body: [{ balanceType: 'expected', balanceAmount: { amount: -5, currency: 'NOK' } }],
    });
    expect(canonical.status).toBe(204);
  });

  it('still rejects a value outside the list, in any case', async () => {
    const result = await api(newSandbox(), 'POST', '/v1/sandbox/accounts', {
      body: accountBody(KARI, '97100123456', { currency: 'KRONER', cashAccountType: 'CHECKING' }),
    });
    expect(result.status).toBe(400);
    expect(errorsOf(result)).toEqual([
      { code: 'FORMAT_ERROR', path: 'currency' },
      { code: 'FORMAT_ERROR', path: 'cashAccountType' },
    ]);
  });
});

describe('a month written as a date', () => {
  it.each([
    ['2020-01-01', '2020-01'],
    ['2031-12-31T00:00:00Z', '2031-12'],
    ['11/29', '2029-11'],
    ['11/2029', '2029-11'],
  ])('stores card expiry %s as %s', async (sent, month) => {
    const result = await api(newSandbox(), 'POST', '/v1/sandbox/card-accounts', {
      body: cardAccountBody(KARI, { expiry: sent }),
    });
    expect(result.status).toBe(201);
    expect(result.body.cardAccount.expiry).toBe(month);
    expect(warnings(result.body)).toContainEqual(stored('expiry', month, sent));
  });

  it.each(['2020-13-01', '2020-02-30', '2020', '13/29'])('rejects expiry %s', async (sent) => {
    const result = await api(newSandbox(), 'POST', '/v1/sandbox/card-accounts', {
      body: cardAccountBody(KARI, { expiry: sent }),
    });
    expect(errorsOf(result)).toEqual([{ code: 'FORMAT_ERROR', path: 'expiry' }]);
  });
});

describe('digit strings of other lengths and codes kept as given', () => {
  it('keeps a 12-digit card accountNumber', async () => {
    const result = await api(newSandbox(), 'POST', '/v1/sandbox/card-accounts', {
      body: cardAccountBody(KARI, { accountNumber: '123456789012' }),
    });
    expect(result.status).toBe(201);
    expect(result.body.cardAccount.accountNumber).toBe('123456789012');
  });

  it('keeps purposeCode "code" on an account transaction, and shows it in the listing', async () => {
    const sandbox = newSandbox();
    const account = accountList(sandbox.getState()).find((a) => a.customerNumber === KARI);
    const path = `/v1/sandbox/accounts/${account?.id}/transactions`;
    const result = await api(sandbox, 'POST', path, {
      body: [{ amount: 10, currency: 'NOK', bookingDate: TODAY, valueDate: TODAY, purposeCode: 'code' }],
    });
    expect(result.status).toBe(201);
    expect(result.body[0].purposeCode).toBe('code');
    expect(result.body[0].tppMessages).toBeUndefined();
  });

  it('keeps merchantCategoryCode "BOB" and defaults bookingStatus to booked, reporting it on the item', async () => {
    const sandbox = newSandbox();
    const card = cardAccountList(sandbox.getState())[0];
    const path = `/v1/sandbox/card-accounts/${card?.id}/transactions`;
    const coffee = {
      transactionDate: TODAY,
      bookingDate: TODAY,
      transactionAmount: { amount: -49, currency: 'NOK' },
      originalAmount: { amount: -49, currency: 'NOK' },
    };
    const result = await api(sandbox, 'POST', path, {
      body: [
        { ...coffee, merchantCategoryCode: 'BOB' },
        { ...coffee, merchantCategoryCode: '5814', bookingStatus: 'PENDING' },
      ],
    });
    expect(result.status).toBe(201);
    expect(result.body[0]).toMatchObject({ merchantCategoryCode: 'BOB', bookingStatus: 'booked' });
    expect(warnings(result.body[0])).toEqual([
      {
        category: 'WARNING',
        code: 'FORMAT_ERROR',
        path: '[0].bookingStatus',
        text: '[0].bookingStatus not given: stored "booked"',
      },
    ]);
    expect(result.body[1].bookingStatus).toBe('pending');
    expect(warnings(result.body[1])).toEqual([stored('[1].bookingStatus', 'pending', 'PENDING')]);
    const listed = await api(sandbox, 'GET', `${path}?bookingStatus=booked`);
    expect(listed.body.cardTransactions.booked[0].merchantCategoryCode).toBe('BOB');
  });

  it('reads agreement roles in any case and an IBAN written in groups', async () => {
    const sandbox = newSandbox();
    await api(sandbox, 'POST', '/v1/sandbox/customers', {
      body: { customerNumber: '55555555', name: 'Testbedrift AS', type: 'corporate' },
    });
    const account = await api(sandbox, 'POST', '/v1/sandbox/accounts', {
      body: accountBody('55555555', '97100123456'),
    });
    const iban: string = account.body.iban;
    const grouped = iban
      .toLowerCase()
      .replace(/(.{4})/g, '$1 ')
      .trim();
    const result = await api(sandbox, 'POST', '/v1/sandbox/agreements', {
      body: {
        owner: '55555555',
        name: 'Avtale',
        engagements: [{ customer: KARI, account: { iban: grouped }, roles: ['view', 'Register'] }],
      },
    });
    expect(result.status).toBe(201);
    expect(result.body.engagements[0].roles).toEqual(['VIEW', 'REGISTER']);
    expect(warnings(result.body)).toEqual([
      stored('engagements[0].account.iban', iban, grouped),
      stored('engagements[0].roles[0]', 'VIEW', 'view'),
      stored('engagements[0].roles[1]', 'REGISTER', 'Register'),
    ]);
  });
});

describe('what would corrupt the bank is still refused', () => {
  it('refuses an unknown currency, a used account number and a malformed amount', async () => {
    const sandbox = newSandbox();
    const taken = accountList(sandbox.getState())[0];
    const used = await api(sandbox, 'POST', '/v1/sandbox/accounts', {
      body: accountBody(KARI, taken?.bban ?? ''),
    });
    expect(used.status).toBe(409);
    expect(errorsOf(used)).toEqual([{ code: 'CONFLICT', path: 'bban' }]);
    const malformed = await api(sandbox, 'POST', '/v1/sandbox/accounts', {
      body: accountBody(KARI, '97100123456', {
        currency: 'XXX',
        balances: [{ balanceType: 'expected', balanceAmount: { amount: '1,000.00', currency: 'NOK' } }],
      }),
    });
    expect(malformed.status).toBe(400);
    expect(errorsOf(malformed)).toEqual([
      { code: 'FORMAT_ERROR', path: 'currency' },
      { code: 'FORMAT_ERROR', path: 'balances[0].balanceAmount.amount' },
    ]);
    expect(accountList(sandbox.getState()).some((a) => a.bban === '97100123456')).toBe(false);
  });
});
