import { accountById } from '@sandbank/engine';
import {
  accountBody,
  accountsOf,
  api,
  errorsOf,
  KARI,
  newSandbox,
  OLA,
} from '@sandbank/test-support/sandbox-api';
import { describe, expect, test } from 'vitest';
import type { Sandbox } from '../../src/index.js';

async function setup(): Promise<{ sandbox: Sandbox; id: string; path: string; iban: string; bban: string }> {
  const sandbox = newSandbox();
  const created = await api(sandbox, 'POST', '/v1/sandbox/accounts', { body: accountBody(KARI) });
  const id = created.body.id as string;
  return {
    sandbox,
    id,
    path: `/v1/sandbox/accounts/${id}/transactions`,
    iban: created.body.iban,
    bban: created.body.bban,
  };
}

const salary = {
  amount: 42000.1,
  currency: 'NOK',
  bookingDate: '2026-02-25',
  valueDate: '2026-02-25',
  remittanceInformationUnstructured: 'Lønn februar',
  debtorName: 'Arbeidsgiver AS',
  debtorAccount: { bban: '12345678903' },
  purposeCode: 'SALA',
  bankTransactionCode: 'PMNT-RCDT-ESCT',
};

describe('POST /v1/sandbox/accounts/{mockAccountId}/transactions', () => {
  test('creates booked transactions, answers 201 with their ids and moves both balances exactly', async () => {
    const { sandbox, id, path } = await setup();
    const result = await api(sandbox, 'POST', path, {
      body: [
        salary,
        { amount: '-0.20', currency: 'NOK', bookingDate: '2026-02-26', valueDate: '2026-02-27' },
      ],
    });
    expect(result.status).toBe(201);
    expect(result.body).toHaveLength(2);
    expect(result.body[0]).toMatchObject({
      bookingStatus: 'booked',
      bookingDate: '2026-02-25',
      valueDate: '2026-02-25',
      transactionAmount: { amount: 42000.1, currency: 'NOK' },
      debtorName: 'Arbeidsgiver AS',
      debtorAccount: { bban: '12345678903' },
      purposeCode: 'SALA',
    });
    expect(result.body[0].transactionId).toMatch(/^enc!!/);
    expect(result.body[1].transactionId).not.toBe(result.body[0].transactionId);
    const account = accountById(sandbox.getState(), id);
    // 1000.50 + 42000.10 - 0.20 and 900.50 + 42000.10 - 0.20, computed in minor units
    expect(account?.booked).toBe('43000.40');
    expect(account?.expected).toBe('42900.40');
  });

  test('sums many small amounts without floating-point drift', async () => {
    const { sandbox, id, path } = await setup();
    const tenOre = { amount: 0.1, currency: 'NOK', bookingDate: '2026-03-01', valueDate: '2026-03-01' };
    await api(sandbox, 'POST', path, { body: Array.from({ length: 30 }, () => tenOre) });
    expect(accountById(sandbox.getState(), id)?.booked).toBe('1003.50');
  });

  test('accepts dates up to today on the bank clock and rejects future ones', async () => {
    const { sandbox, path } = await setup();
    const today = await api(sandbox, 'POST', path, {
      body: [{ amount: 1, currency: 'NOK', bookingDate: '2026-03-02', valueDate: '2026-03-02' }],
    });
    expect(today.status).toBe(201);
    const future = await api(sandbox, 'POST', path, {
      body: [{ amount: 1, currency: 'NOK', bookingDate: '2026-03-02', valueDate: '2026-03-03' }],
    });
    expect(errorsOf(future)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].valueDate' }]);
    const futureBooking = await api(sandbox, 'POST', path, {
      body: [{ amount: 1, currency: 'NOK', bookingDate: '2026-03-03', valueDate: '2026-03-03' }],
    });
    expect(errorsOf(futureBooking)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].bookingDate' }]);
  });

  test('rejects a booking date after the value date', async () => {
    const { sandbox, path } = await setup();
    const result = await api(sandbox, 'POST', path, {
      body: [{ amount: 1, currency: 'NOK', bookingDate: '2026-02-10', valueDate: '2026-02-09' }],
    });
    expect(errorsOf(result)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].bookingDate' }]);
  });

  test('rejects an impossible date', async () => {
    const { sandbox, path } = await setup();
    const result = await api(sandbox, 'POST', path, {
      body: [{ amount: 1, currency: 'NOK', bookingDate: '2026-02-30', valueDate: '2026-02-30' }],
    });
    expect(errorsOf(result)).toEqual([
      { code: 'FORMAT_ERROR', path: '[0].bookingDate' },
      { code: 'FORMAT_ERROR', path: '[0].valueDate' },
    ]);
  });

  test('rejects another currency than the account currency, zero and too many decimals', async () => {
    const { sandbox, path } = await setup();
    const base = { bookingDate: '2026-02-10', valueDate: '2026-02-10' };
    const eur = await api(sandbox, 'POST', path, { body: [{ ...base, amount: 1, currency: 'EUR' }] });
    expect(errorsOf(eur)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].currency' }]);
    const zero = await api(sandbox, 'POST', path, { body: [{ ...base, amount: 0, currency: 'NOK' }] });
    expect(errorsOf(zero)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].amount' }]);
    const precise = await api(sandbox, 'POST', path, {
      body: [{ ...base, amount: '1.001', currency: 'NOK' }],
    });
    expect(errorsOf(precise)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].amount' }]);
  });

  test('enforces the field limits; purposeCode is any text up to 35 characters', async () => {
    const { sandbox, path } = await setup();
    const result = await api(sandbox, 'POST', path, {
      body: [
        {
          amount: 1,
          currency: 'NOK',
          bookingDate: '2026-02-10',
          valueDate: '2026-02-10',
          remittanceInformationUnstructured: 'r'.repeat(141),
          debtorName: 'd'.repeat(71),
          debtorAccount: { bban: '1'.repeat(31) },
          purposeCode: 'p'.repeat(36),
        },
      ],
    });
    expect(errorsOf(result)).toEqual([
      { code: 'FORMAT_ERROR', path: '[0].remittanceInformationUnstructured' },
      { code: 'FORMAT_ERROR', path: '[0].debtorName' },
      { code: 'FORMAT_ERROR', path: '[0].debtorAccount.bban' },
      { code: 'FORMAT_ERROR', path: '[0].purposeCode' },
    ]);
    const iban = await api(sandbox, 'POST', path, {
      body: [
        {
          amount: 1,
          currency: 'NOK',
          bookingDate: '2026-02-10',
          valueDate: '2026-02-10',
          debtorAccount: { iban: `DE89${'3'.repeat(31)}` },
        },
      ],
    });
    expect(errorsOf(iban)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].debtorAccount.iban' }]);
  });

  test('requires a JSON array with at least one item and the required fields', async () => {
    const { sandbox, path } = await setup();
    const object = await api(sandbox, 'POST', path, { body: salary });
    expect(errorsOf(object)).toEqual([{ code: 'FORMAT_ERROR' }]);
    const empty = await api(sandbox, 'POST', path, { body: [] });
    expect(errorsOf(empty)).toEqual([{ code: 'FORMAT_ERROR' }]);
    const missing = await api(sandbox, 'POST', path, { body: [{ remittanceInformationUnstructured: 'x' }] });
    expect(errorsOf(missing).map((e) => e.path)).toEqual([
      '[0].amount',
      '[0].currency',
      '[0].bookingDate',
      '[0].valueDate',
    ]);
  });

  test('is all or nothing: one bad item rejects the array and changes nothing', async () => {
    const { sandbox, path } = await setup();
    const before = sandbox.getState();
    const result = await api(sandbox, 'POST', path, {
      body: [salary, { ...salary, currency: 'SEK' }],
    });
    expect(result.status).toBe(400);
    expect(errorsOf(result)).toEqual([{ code: 'FORMAT_ERROR', path: '[1].currency' }]);
    expect(sandbox.getState()).toBe(before);
  });

  test('answers 404 RESOURCE_UNKNOWN for an unknown account', async () => {
    const result = await api(newSandbox(), 'POST', '/v1/sandbox/accounts/enc!!x==/transactions', {
      body: [salary],
    });
    expect(result.status).toBe(404);
    expect(errorsOf(result)).toEqual([{ code: 'RESOURCE_UNKNOWN', path: 'mockAccountId' }]);
  });
});

describe('debtor and creditor accounts (part 4.2 item 12)', () => {
  const out = { amount: -250, currency: 'NOK', bookingDate: '2026-02-20', valueDate: '2026-02-20' };

  test('accepts this account as the debtor of money going out', async () => {
    const { sandbox, path, iban, bban } = await setup();
    const result = await api(sandbox, 'POST', path, {
      body: [
        {
          ...out,
          debtorAccount: { iban },
          creditorName: 'Rema 1000',
          creditorAccount: { bban: '12345678903' },
        },
        { ...out, debtorAccount: { bban, iban } },
      ],
    });
    expect(result.status).toBe(201);
  });

  test('rejects another account as the debtor of money going out', async () => {
    const { sandbox, path } = await setup();
    const result = await api(sandbox, 'POST', path, {
      body: [{ ...out, debtorAccount: { bban: '12345678903' } }],
    });
    expect(result.status).toBe(400);
    expect(errorsOf(result)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].debtorAccount' }]);
    expect(result.body.tppMessages[0].text).toContain('debtor must be this account');
  });

  test('rejects another sandbox account as the debtor of money coming in', async () => {
    const { sandbox, path } = await setup();
    const olas = accountsOf(sandbox, OLA)[0];
    const result = await api(sandbox, 'POST', path, {
      body: [{ ...salary, debtorAccount: { iban: olas?.iban } }],
    });
    expect(errorsOf(result)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].debtorAccount' }]);
    expect(result.body.tppMessages[0].text).toContain('another sandbox account');
  });

  test('rejects this account as the debtor of money coming in', async () => {
    const { sandbox, path, iban } = await setup();
    const result = await api(sandbox, 'POST', path, { body: [{ ...salary, debtorAccount: { iban } }] });
    expect(errorsOf(result)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].debtorAccount' }]);
  });

  test('requires the creditor of money coming in to be this account', async () => {
    const { sandbox, path, iban } = await setup();
    const ok = await api(sandbox, 'POST', path, { body: [{ ...salary, creditorAccount: { iban } }] });
    expect(ok.status).toBe(201);
    const other = await api(sandbox, 'POST', path, {
      body: [{ ...salary, creditorAccount: { bban: '12345678903' } }],
    });
    expect(errorsOf(other)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].creditorAccount' }]);
  });

  test('rejects this account as the creditor of money going out, and an empty account reference', async () => {
    const { sandbox, path, bban } = await setup();
    const self = await api(sandbox, 'POST', path, { body: [{ ...out, creditorAccount: { bban } }] });
    expect(errorsOf(self)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].creditorAccount' }]);
    const empty = await api(sandbox, 'POST', path, { body: [{ ...out, creditorAccount: {} }] });
    expect(errorsOf(empty)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].creditorAccount' }]);
  });
});
