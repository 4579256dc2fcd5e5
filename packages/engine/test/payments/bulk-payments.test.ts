import { paymentById } from '@sandbank/engine';
import {
  account,
  advance,
  api,
  approve,
  createPayment,
  KARI,
  ndctBody,
  newSandbox,
  state,
  status,
} from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';
import { makeBban } from '../../src/sandbox-api/norwegian.js';

describe('bulk payments', () => {
  it('executes every transfer from one debtor in the batch (ACSC)', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const { debtorAccount, ...item } = ndctBody(s);
    const created = await createPayment(
      sb,
      {
        debtorAccount,
        payments: [item, { ...item, instructedAmount: { amount: '50.00', currency: 'NOK' } }],
      },
      {
        service: 'bulk-payments',
      },
    );
    expect(created.status).toBe(201);
    await approve(sb, created.body.paymentId);
    await advance(sb, 130);
    expect((await status(sb, created.body.paymentId, 'bulk-payments')).body.transactionStatus).toBe('ACSC');
    const after = await state(sb);
    expect(Number(account(after, KARI, 'Brukskonto').booked)).toBeCloseTo(
      Number(account(s, KARI, 'Brukskonto').booked) - 150,
      2,
    );
  });

  it('ends PART when some transfers lack funds after the last batch', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const { debtorAccount, ...item } = ndctBody(s);
    const big = (Number(account(s, KARI, 'Brukskonto').booked) - 50).toFixed(2);
    const created = await createPayment(
      sb,
      {
        debtorAccount,
        payments: [
          { ...item, instructedAmount: { amount: big, currency: 'NOK' } },
          {
            ...item,
            instructedAmount: { amount: '100.00', currency: 'NOK' },
            creditorAccount: { bban: makeBban('1503', 7), currency: 'NOK' },
          },
        ],
      },
      { service: 'bulk-payments' },
    );
    await approve(sb, created.body.paymentId);
    await advance(sb, 130);
    expect((await status(sb, created.body.paymentId, 'bulk-payments')).body).toEqual({
      transactionStatus: 'ACSP',
      fundsAvailable: false,
    });
    await advance(sb, 7 * 60);
    const final = await status(sb, created.body.paymentId, 'bulk-payments');
    expect(final.body.transactionStatus).toBe('PART');
    expect(paymentById(await state(sb), created.body.paymentId)?.instructions.map((i) => i.state)).toEqual([
      'booked',
      'rejected',
    ]);
  });

  it('validates each transfer, naming its index', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const { debtorAccount, ...item } = ndctBody(s);
    const reply = await createPayment(
      sb,
      { debtorAccount, payments: [item, { ...item, creditorName: '' }] },
      { service: 'bulk-payments' },
    );
    expect(reply.body.tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'payments[1].creditorName',
    });
    const empty = await createPayment(sb, { debtorAccount, payments: [] }, { service: 'bulk-payments' });
    expect(empty.body.tppMessages[0].path).toBe('payments');
  });

  it('echoes the bulk body with amounts through GET', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const { debtorAccount, ...item } = ndctBody(s);
    const created = await createPayment(
      sb,
      { debtorAccount, payments: [item] },
      { service: 'bulk-payments' },
    );
    // Known issue 1 (part 1): an NDCT payment can be read once it is approved.
    await approve(sb, created.body.paymentId);
    const reply = await api(sb, 'GET', created.body._links.self.href);
    expect(reply.body.payments[0].instructedAmount).toEqual({ amount: '100.00', currency: 'NOK' });
  });
});
