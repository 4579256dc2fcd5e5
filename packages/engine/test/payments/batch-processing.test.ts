import { paymentById } from '@sandbank/engine';
import { consent } from '@sandbank/test-support/ais';
import {
  account,
  advance,
  api,
  approve,
  cardAccount,
  cardNdctBody,
  createPayment,
  INSTANT,
  KARI,
  NCBCT,
  ncbctBody,
  ndctBody,
  newSandbox,
  OLA,
  state,
  status,
} from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';
import { makeBban } from '../../src/sandbox-api/norwegian.js';

const EXTERNAL = makeBban('1503', 123456);

async function signed(sb: ReturnType<typeof newSandbox>, body: Record<string, unknown>, options = {}) {
  const created = await createPayment(sb, body, options);
  expect(created.status).toBe(201);
  const approved = await approve(sb, created.body.paymentId);
  expect(approved.status).toBe(200);
  return created.body.paymentId as string;
}

async function setClock(sb: ReturnType<typeof newSandbox>, iso: string) {
  return api(sb, 'POST', '/_sandbank/clock', { body: { set: iso } });
}

describe('batch processing on the bank clock', () => {
  it('books an approved payment in the next batch: ACSC, a booked transaction each side, new balances', async () => {
    const sb = newSandbox();
    const before = await state(sb);
    const id = await signed(sb, ndctBody(before));
    await advance(sb, 60);
    expect((await status(sb, id)).body.transactionStatus).toBe('ACCP');
    await advance(sb, 70);
    expect((await status(sb, id)).body).toEqual({ transactionStatus: 'ACSC', fundsAvailable: true });
    const after = await state(sb);
    const kari = account(after, KARI, 'Brukskonto');
    const ola = account(after, OLA, 'Brukskonto');
    expect(Number(kari.booked)).toBeCloseTo(Number(account(before, KARI, 'Brukskonto').booked) - 100, 2);
    expect(Number(ola.booked)).toBeCloseTo(Number(account(before, OLA, 'Brukskonto').booked) + 100, 2);
    const debit = after.transactions[kari.id]?.flat().find((t) => t.paymentId === id);
    expect(debit).toMatchObject({
      status: 'booked',
      amount: '-100.00',
      bookingDate: '2026-03-02',
      creditorName: 'Ola Hansen',
    });
    expect(after.transactions[ola.id]?.flat().find((t) => t.paymentId === id)?.amount).toBe('100.00');
    expect(paymentById(after, id)?.statusHistory.map((h) => h.status)).toEqual([
      'RCVD',
      'ACTC',
      'ACCP',
      'ACSP',
      'ACSC',
    ]);
    expect(paymentById(after, id)?.statusHistory.at(-1)?.at).toBe(Date.parse('2026-03-02T12:00:00Z'));
  });

  it('shows an accepted payment as pending on the debtor account until the batch books it', async () => {
    const sb = newSandbox();
    const before = await state(sb);
    const kari = account(before, KARI, 'Brukskonto');
    const id = await signed(sb, ndctBody(before));
    const accepted = await state(sb);
    const pending = accepted.transactions[kari.id]?.flat().filter((t) => t.paymentId === id);
    expect(pending).toMatchObject([{ status: 'pending', amount: '-100.00', creditorName: 'Ola Hansen' }]);
    expect(account(accepted, KARI, 'Brukskonto').booked).toBe(kari.booked);
    expect(Number(account(accepted, KARI, 'Brukskonto').expected)).toBeCloseTo(
      Number(kari.expected) - 100,
      2,
    );
    await advance(sb, 130);
    const booked = await state(sb);
    expect(
      booked.transactions[kari.id]
        ?.flat()
        .filter((t) => t.paymentId === id)
        .map((t) => t.status),
    ).toEqual(['booked']);
    expect(Number(account(booked, KARI, 'Brukskonto').expected)).toBeCloseTo(Number(kari.expected) - 100, 2);
  });

  it('reserves nothing for an underfunded payment', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const kari = account(s, KARI, 'Brukskonto');
    const amount = (Number(kari.booked) + 1000).toFixed(2);
    const id = await signed(sb, ndctBody(s, { instructedAmount: { amount, currency: 'NOK' } }));
    const after = await state(sb);
    expect(after.transactions[kari.id]?.flat().filter((t) => t.paymentId === id)).toEqual([]);
    expect(account(after, KARI, 'Brukskonto').expected).toBe(kari.expected);
  });

  it('leaves an unapproved payment alone', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    await advance(sb, 600);
    // Known issue 1 (part 1): its status cannot be fetched before approval; the bank's state shows it.
    expect(paymentById(await state(sb), created.body.paymentId)?.transactionStatus).toBe('RCVD');
  });

  it('keeps a payment to another bank in settlement (ACSP) until the following batch', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const id = await signed(sb, ndctBody(s, { creditorAccount: { bban: EXTERNAL, currency: 'NOK' } }));
    await advance(sb, 130);
    expect((await status(sb, id)).body.transactionStatus).toBe('ACSP');
    const mid = await state(sb);
    expect(Number(account(mid, KARI, 'Brukskonto').booked)).toBeCloseTo(
      Number(account(s, KARI, 'Brukskonto').booked) - 100,
      2,
    );
    await advance(sb, 180);
    expect((await status(sb, id)).body.transactionStatus).toBe('ACSC');
  });

  it('keeps an underfunded payment ACCP with fundsAvailable false and rejects it after the last batch', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const kari = account(s, KARI, 'Brukskonto');
    const tooMuch = (Number(kari.booked) + 1000).toFixed(2);
    const id = await signed(sb, ndctBody(s, { instructedAmount: { amount: tooMuch, currency: 'NOK' } }));
    expect((await status(sb, id)).body).toEqual({ transactionStatus: 'ACCP', fundsAvailable: false });
    await advance(sb, 6 * 60);
    expect((await status(sb, id)).body).toEqual({ transactionStatus: 'ACCP', fundsAvailable: false });
    await advance(sb, 3 * 60);
    const after = await status(sb, id);
    expect(after.body.transactionStatus).toBe('RJCT');
    expect(after.body.fundsAvailable).toBe(false);
    expect(after.body.psuMessage).toMatch(/dekning/);
    expect(account(await state(sb), KARI, 'Brukskonto').booked).toBe(kari.booked);
  });

  it("rejects an underfunded payment accepted with change (ACWC) after the next banking day's last batch", async () => {
    const sb = newSandbox();
    const s = await state(sb);
    await setClock(sb, '2026-03-02T19:00:00Z');
    const amount = (Number(account(s, KARI, 'Brukskonto').booked) + 1000).toFixed(2);
    const id = await signed(sb, ndctBody(s, { instructedAmount: { amount, currency: 'NOK' } }));
    expect((await status(sb, id)).body).toEqual({ transactionStatus: 'ACWC', fundsAvailable: false });
    await setClock(sb, '2026-03-03T17:00:00Z');
    expect((await status(sb, id)).body.transactionStatus).toBe('ACWC');
    await setClock(sb, '2026-03-03T18:00:00Z');
    expect((await status(sb, id)).body.transactionStatus).toBe('RJCT');
  });

  it('uses the credit line: booked balance plus creditLine covers the payment', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const ola = account(s, OLA, 'Brukskonto');
    const amount = (Number(ola.booked) + 4000).toFixed(2);
    const body = ndctBody(s, {
      instructedAmount: { amount, currency: 'NOK' },
      debtorAccount: { bban: ola.bban, currency: 'NOK' },
      creditorAccount: { bban: account(s, KARI, 'Brukskonto').bban, currency: 'NOK' },
    });
    const created = await createPayment(sb, body);
    await approve(sb, created.body.paymentId, OLA);
    await advance(sb, 130);
    expect((await status(sb, created.body.paymentId)).body.transactionStatus).toBe('ACSC');
    expect(Number(account(await state(sb), OLA, 'Brukskonto').booked)).toBeLessThan(0);
  });

  it('holds a future-dated payment in PDNG until its execution date', async () => {
    const sb = newSandbox();
    const id = await signed(sb, ndctBody(await state(sb), { requestedExecutionDate: '2026-03-04' }));
    expect((await status(sb, id)).body.transactionStatus).toBe('PDNG');
    await setClock(sb, '2026-03-03T23:00:00Z');
    expect((await status(sb, id)).body.transactionStatus).toBe('PDNG');
    await setClock(sb, '2026-03-04T06:00:00Z');
    expect((await status(sb, id)).body.transactionStatus).toBe('ACSC');
  });

  it('moves a future date on a Saturday to Monday', async () => {
    const sb = newSandbox();
    const id = await signed(sb, ndctBody(await state(sb), { requestedExecutionDate: '2026-03-07' }));
    await setClock(sb, '2026-03-08T20:00:00Z');
    expect((await status(sb, id)).body.transactionStatus).toBe('PDNG');
    await setClock(sb, '2026-03-09T06:00:00Z');
    expect((await status(sb, id)).body.transactionStatus).toBe('ACSC');
  });

  it('accepts with change (ACWC) a payment signed after the last batch, and books it the next banking day', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    await setClock(sb, '2026-03-06T19:00:00Z');
    const id = await signed(sb, ndctBody(s));
    expect((await status(sb, id)).body.transactionStatus).toBe('ACWC');
    await setClock(sb, '2026-03-08T23:59:00Z');
    expect((await status(sb, id)).body.transactionStatus).toBe('ACWC');
    await setClock(sb, '2026-03-09T06:00:00Z');
    expect((await status(sb, id)).body.transactionStatus).toBe('ACSC');
  });

  it('runs the next batch on POST /_sandbank/batch, moving the clock to it', async () => {
    const sb = newSandbox();
    const id = await signed(sb, ndctBody(await state(sb)));
    const reply = await api(sb, 'POST', '/_sandbank/batch');
    expect(reply.status).toBe(200);
    expect(reply.body.ranAt).toBe('2026-03-02T12:00:00.000Z');
    expect((await status(sb, id)).body.transactionStatus).toBe('ACSC');
    expect((await api(sb, 'GET', '/_sandbank/clock')).body.now).toBe('2026-03-02T12:00:00.000Z');
  });

  it('settles an instant payment at once after SCA, with its fee', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const id = await signed(sb, ndctBody(s), { product: INSTANT });
    expect((await status(sb, id, 'payments', INSTANT)).body.transactionStatus).toBe('ACSC');
    const after = await state(sb);
    expect(Number(account(after, KARI, 'Brukskonto').booked)).toBeCloseTo(
      Number(account(s, KARI, 'Brukskonto').booked) - 102,
      2,
    );
    expect(Number(account(after, OLA, 'Brukskonto').booked)).toBeCloseTo(
      Number(account(s, OLA, 'Brukskonto').booked) + 100,
      2,
    );
  });

  it('rejects an underfunded instant payment at once', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const amount = (Number(account(s, KARI, 'Brukskonto').booked) + 1).toFixed(2);
    const id = await signed(sb, ndctBody(s, { instructedAmount: { amount, currency: 'NOK' } }), {
      product: INSTANT,
    });
    expect((await status(sb, id, 'payments', INSTANT)).body).toMatchObject({
      transactionStatus: 'RJCT',
      fundsAvailable: false,
    });
  });

  it('charges the cross-border fee converted into the debtor account currency', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const created = await createPayment(sb, ncbctBody(s), { product: NCBCT });
    await approve(sb, created.body.paymentId, OLA);
    await advance(sb, 130);
    const after = await state(sb);
    const eur = account(after, OLA, 'Valutakonto');
    const amounts = after.transactions[eur.id]
      ?.flat()
      .filter((t) => t.paymentId === created.body.paymentId)
      .map((t) => t.amount);
    // NOK 75 at 11.5 NOK per EUR = EUR 6.5217…, rounded to 6.52
    expect(amounts?.sort()).toEqual(['-250.00', '-6.52']);
  });

  it('converts a NOK-account payment to a EUR account at the fixed rate', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const body = ndctBody(s, {
      instructedAmount: { amount: '10.00', currency: 'EUR' },
      creditorAgent: 'SBAKNOKK',
      creditorAccount: { bban: account(s, OLA, 'Valutakonto').bban, currency: 'EUR' },
    });
    const id = await signed(sb, body);
    await advance(sb, 130);
    const after = await state(sb);
    expect(
      after.transactions[account(s, KARI, 'Brukskonto').id]?.flat().find((t) => t.paymentId === id)?.amount,
    ).toBe('-115.00');
    expect(
      after.transactions[account(s, OLA, 'Valutakonto').id]?.flat().find((t) => t.paymentId === id)?.amount,
    ).toBe('10.00');
  });

  it('books a card-account payment on the card account', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const card = cardAccount(s, KARI);
    const id = await signed(sb, cardNdctBody(s));
    await advance(sb, 130);
    expect((await status(sb, id)).body.transactionStatus).toBe('ACSC');
    const after = cardAccount(await state(sb), KARI);
    const booked = (c: typeof card) =>
      Number(c.balances.find((b) => b.balanceType === 'closingBooked')?.amount);
    expect(booked(after)).toBeCloseTo(booked(card) - 100, 2);
    // The booking is a card transaction with a Max35Text id, in the card's history (AIS) but not in
    // the mock-data listing, which holds only what its POST created (part 4.2 item 10).
    const [made] = (await state(sb)).cardTransactions[card.id] ?? [];
    expect(made?.cardTransactionId).toHaveLength(35);
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const history = await api(sb, 'GET', `/v1/card-accounts/${card.id}/transactions?bookingStatus=booked`, {
      headers: psu.headers,
    });
    expect(history.status).toBe(200);
    expect(
      history.body.cardTransactions.booked.map((t: { cardTransactionId: string }) => t.cardTransactionId),
    ).toContain(made?.cardTransactionId);
    const mock = await api(sb, 'GET', `/v1/sandbox/card-accounts/${card.id}/transactions?bookingStatus=both`);
    expect(mock.status).toBe(200);
    expect(mock.body.cardTransactions).toEqual({ booked: [], pending: [] });
  });

  it('does not book the same payment twice when the clock is set back and forward again', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const id = await signed(sb, ndctBody(s));
    await advance(sb, 130);
    await setClock(sb, '2026-03-02T08:00:00Z');
    await setClock(sb, '2026-03-02T13:00:00Z');
    const after = await state(sb);
    expect(
      after.transactions[account(s, KARI, 'Brukskonto').id]?.flat().filter((t) => t.paymentId === id),
    ).toHaveLength(1);
  });
});
