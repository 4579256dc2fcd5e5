import { accountById, accountList } from '@sandbank/engine';
import {
  accountBody,
  api,
  errorsOf,
  FJORDLYS,
  ibanOf,
  KARI,
  newSandbox,
} from '@sandbank/test-support/sandbox-api';
import { describe, expect, test } from 'vitest';

const path = '/v1/sandbox/accounts';

describe('POST /v1/sandbox/accounts (part 2.7)', () => {
  test('creates an account and answers 201 with the part 2.7 shape', async () => {
    const result = await api(newSandbox(), 'POST', path, { body: accountBody(KARI) });
    expect(result.status).toBe(201);
    const id = result.body.id;
    expect(id).toMatch(/^enc!!/);
    expect(result.body).toEqual({
      id,
      customerNumber: KARI,
      accountName: 'Feriekonto',
      bban: '97100123456',
      iban: ibanOf('97100123456'),
      currency: 'NOK',
      product: 'Sparekonto',
      // part 9: cash-account-type-iso has been the default since 05-Sep-2024.
      cashAccountType: 'SVGS',
      creditLine: 0,
      balances: [
        { balanceAmount: { amount: 1000.5, currency: 'NOK' }, balanceType: 'closingBooked' },
        { balanceAmount: { amount: 900.5, currency: 'NOK' }, balanceType: 'expected' },
      ],
      _links: {
        self: { href: `/v1/sandbox/accounts/${id}`, verbs: ['GET', 'DELETE'] },
        transactions: { href: `/v1/sandbox/accounts/${id}/transactions`, verbs: ['GET', 'POST'] },
      },
    });
  });

  test('answers amounts as JSON numbers with their decimals, as part 2.7 types them, even under amount-as-string', async () => {
    const result = await api(newSandbox(), 'POST', path, {
      body: accountBody(KARI),
      headers: { 'x-accept-fix': 'amount-as-string' },
    });
    expect(result.body.balances[0].balanceAmount).toEqual({ amount: 1000.5, currency: 'NOK' });
  });

  test('answers the platform account type unless the client opts in, under the legacy x-accept-fix defaults (part 9)', async () => {
    const sandbox = newSandbox('test', { acceptFixDefaults: 'legacy' });
    const plain = await api(sandbox, 'POST', path, { body: accountBody(KARI) });
    expect(plain.body.cashAccountType).toBe('Savings');
    const iso = await api(sandbox, 'POST', path, {
      body: accountBody(KARI, '97100123464'),
      headers: { 'x-accept-fix': 'cash-account-type-iso' },
    });
    expect(iso.body.cashAccountType).toBe('SVGS');
  });

  test('stores amounts exactly as canonical decimals', async () => {
    const sandbox = newSandbox();
    const result = await api(sandbox, 'POST', path, { body: accountBody(KARI) });
    const account = accountById(sandbox.getState(), result.body.id);
    expect(account).toMatchObject({
      booked: '1000.50',
      expected: '900.50',
      creditLine: '0',
      bic: 'SBAKNOKK',
    });
  });

  test('takes expected from closingBooked when only closingBooked is given, and 0 without balances', async () => {
    const sandbox = newSandbox();
    const one = await api(sandbox, 'POST', path, {
      body: accountBody(KARI, '97100123464', {
        balances: [{ balanceType: 'closingBooked', balanceAmount: { amount: '10', currency: 'NOK' } }],
      }),
    });
    expect(
      one.body.balances.map((b: { balanceAmount: { amount: number } }) => b.balanceAmount.amount),
    ).toEqual([10, 10]);
    const none = await api(sandbox, 'POST', path, {
      body: accountBody(KARI, '97100555550', { balances: [] }),
    });
    expect(
      none.body.balances.map((b: { balanceAmount: { amount: number } }) => b.balanceAmount.amount),
    ).toEqual([0, 0]);
  });

  test("joins a private customer's personal agreement and no corporate agreement", async () => {
    const sandbox = newSandbox();
    const before = JSON.stringify(sandbox.getState().agreements);
    const result = await api(sandbox, 'POST', path, { body: accountBody(FJORDLYS) });
    expect(result.status).toBe(201);
    expect(JSON.stringify(sandbox.getState().agreements)).toBe(before);
  });

  test('rejects a duplicate BBAN with 409 CONFLICT', async () => {
    const sandbox = newSandbox();
    await api(sandbox, 'POST', path, { body: accountBody(KARI) });
    const again = await api(sandbox, 'POST', path, { body: accountBody(FJORDLYS) });
    expect(again.status).toBe(409);
    expect(errorsOf(again)).toEqual([{ code: 'CONFLICT', path: 'bban' }]);
    const seeded = accountList(sandbox.getState())[0]?.bban ?? '';
    const clash = await api(sandbox, 'POST', path, { body: accountBody(KARI, seeded) });
    expect(clash.status).toBe(409);
  });

  test('rejects an unknown customer with 400 RESOURCE_UNKNOWN', async () => {
    const result = await api(newSandbox(), 'POST', path, { body: accountBody('01010000110') });
    expect(result.status).toBe(400);
    expect(errorsOf(result)).toEqual([{ code: 'RESOURCE_UNKNOWN', path: 'customerNumber' }]);
  });

  test('rejects a BBAN failing MOD11, an invalid IBAN and an IBAN of another BBAN', async () => {
    const sandbox = newSandbox();
    const badBban = await api(sandbox, 'POST', path, {
      body: accountBody(KARI, '97100123456', { bban: '97100123457', iban: ibanOf('97100123457') }),
    });
    expect(errorsOf(badBban)).toEqual([{ code: 'FORMAT_ERROR', path: 'bban' }]);
    const badIban = await api(sandbox, 'POST', path, {
      body: accountBody(KARI, '97100123456', { iban: 'NO0097100123456' }),
    });
    expect(errorsOf(badIban)).toEqual([{ code: 'FORMAT_ERROR', path: 'iban' }]);
    const otherIban = await api(sandbox, 'POST', path, {
      body: accountBody(KARI, '97100123456', { iban: ibanOf('97100123464') }),
    });
    expect(errorsOf(otherIban)).toEqual([{ code: 'FORMAT_ERROR', path: 'iban' }]);
    expect(otherIban.body.tppMessages[0].text).toContain(ibanOf('97100123456'));
  });

  test('requires every field and names each one', async () => {
    const result = await api(newSandbox(), 'POST', path, { body: {} });
    expect(result.status).toBe(400);
    expect(errorsOf(result).map((e) => e.path)).toEqual([
      'customerNumber',
      'accountName',
      'bban',
      'iban',
      'currency',
      'product',
      'cashAccountType',
      'creditLine',
      'balances',
    ]);
    expect(new Set(errorsOf(result).map((e) => e.code))).toEqual(new Set(['FORMAT_ERROR']));
  });

  test('rejects wrong types, over-long names, unknown codes and a non-int32 creditLine', async () => {
    const result = await api(newSandbox(), 'POST', path, {
      body: accountBody(KARI, '97100123456', {
        accountName: 'x'.repeat(71),
        currency: 'NOKK',
        cashAccountType: 'CURRENT',
        creditLine: 2_147_483_648,
        product: 42,
      }),
    });
    expect(errorsOf(result)).toEqual([
      { code: 'FORMAT_ERROR', path: 'accountName' },
      { code: 'FORMAT_ERROR', path: 'currency' },
      { code: 'FORMAT_ERROR', path: 'product' },
      { code: 'FORMAT_ERROR', path: 'cashAccountType' },
      { code: 'FORMAT_ERROR', path: 'creditLine' },
    ]);
  });

  test('rejects a negative or fractional creditLine', async () => {
    const sandbox = newSandbox();
    for (const creditLine of [-1, 1.5, '100']) {
      const result = await api(sandbox, 'POST', path, {
        body: accountBody(KARI, '97100123456', { creditLine }),
      });
      expect(errorsOf(result)).toEqual([{ code: 'FORMAT_ERROR', path: 'creditLine' }]);
    }
  });

  test('checks balance amounts against the currency: minor units, currency, type', async () => {
    const sandbox = newSandbox();
    const tooPrecise = await api(sandbox, 'POST', path, {
      body: accountBody(KARI, '97100123456', {
        balances: [{ balanceType: 'closingBooked', balanceAmount: { amount: '1.005', currency: 'NOK' } }],
      }),
    });
    expect(errorsOf(tooPrecise)).toEqual([
      { code: 'FORMAT_ERROR', path: 'balances[0].balanceAmount.amount' },
    ]);
    const otherCurrency = await api(sandbox, 'POST', path, {
      body: accountBody(KARI, '97100123456', {
        balances: [{ balanceType: 'expected', balanceAmount: { amount: 1, currency: 'SEK' } }],
      }),
    });
    expect(errorsOf(otherCurrency)).toEqual([
      { code: 'FORMAT_ERROR', path: 'balances[0].balanceAmount.currency' },
    ]);
    const badType = await api(sandbox, 'POST', path, {
      body: accountBody(KARI, '97100123456', {
        balances: [{ balanceType: 'available', balanceAmount: { amount: 'ten', currency: 'NOK' } }],
      }),
    });
    expect(errorsOf(badType)).toEqual([
      { code: 'FORMAT_ERROR', path: 'balances[0].balanceType' },
      { code: 'FORMAT_ERROR', path: 'balances[0].balanceAmount.amount' },
    ]);
    const twice = await api(sandbox, 'POST', path, {
      body: accountBody(KARI, '97100123456', {
        balances: [
          { balanceType: 'expected', balanceAmount: { amount: 1, currency: 'NOK' } },
          { balanceType: 'expected', balanceAmount: { amount: 2, currency: 'NOK' } },
        ],
      }),
    });
    expect(errorsOf(twice)).toEqual([{ code: 'FORMAT_ERROR', path: 'balances[1].balanceType' }]);
  });

  test('accepts amounts as JSON numbers and decimal strings, JPY without decimals', async () => {
    const sandbox = newSandbox();
    const result = await api(sandbox, 'POST', path, {
      body: accountBody(KARI, '97100123456', {
        currency: 'JPY',
        balances: [
          { balanceType: 'closingBooked', balanceAmount: { amount: 1500, currency: 'JPY' } },
          { balanceType: 'expected', balanceAmount: { amount: '-20', currency: 'JPY' } },
        ],
      }),
    });
    expect(result.status).toBe(201);
    expect(
      result.body.balances.map((b: { balanceAmount: { amount: number } }) => b.balanceAmount.amount),
    ).toEqual([1500, -20]);
    const fraction = await api(sandbox, 'POST', path, {
      body: accountBody(KARI, '97100123464', {
        currency: 'JPY',
        balances: [{ balanceType: 'closingBooked', balanceAmount: { amount: 1.5, currency: 'JPY' } }],
      }),
    });
    expect(errorsOf(fraction)).toEqual([{ code: 'FORMAT_ERROR', path: 'balances[0].balanceAmount.amount' }]);
  });

  test('rejects amounts beyond the part 2.1 precision and non-decimal text', async () => {
    const sandbox = newSandbox();
    for (const amount of ['1234567890123456789', 1e21, '1e5', '+5', '', true]) {
      const result = await api(sandbox, 'POST', path, {
        body: accountBody(KARI, '97100123456', {
          balances: [{ balanceType: 'closingBooked', balanceAmount: { amount, currency: 'NOK' } }],
        }),
      });
      expect(errorsOf(result)).toEqual([{ code: 'FORMAT_ERROR', path: 'balances[0].balanceAmount.amount' }]);
    }
  });

  test('changes nothing when rejected', async () => {
    const sandbox = newSandbox();
    const before = sandbox.getState();
    await api(sandbox, 'POST', path, { body: accountBody(KARI, '97100123456', { currency: 'SEK' }) });
    expect(sandbox.getState()).toBe(before);
  });
});
