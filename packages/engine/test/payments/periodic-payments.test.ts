import { paymentById } from '@sandbank/engine';
import {
  account,
  api,
  approve,
  createPayment,
  KARI,
  ndctBody,
  newSandbox,
  OLA,
  state,
  status,
} from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

async function standingOrder(overrides: Record<string, unknown>) {
  const sb = newSandbox();
  const s = await state(sb);
  const created = await createPayment(sb, ndctBody(s, overrides), { service: 'periodic-payments' });
  expect(created.status).toBe(201);
  const id = created.body.paymentId as string;
  await approve(sb, id);
  return { sb, s, id };
}

const setClock = (sb: ReturnType<typeof newSandbox>, iso: string) =>
  api(sb, 'POST', '/_sandbank/clock', { body: { set: iso } });
const periodicStatus = (sb: ReturnType<typeof newSandbox>, id: string) => status(sb, id, 'periodic-payments');

describe('periodic payments (standing orders)', () => {
  it('becomes an active standing order (ACWP) and executes on each scheduled day', async () => {
    const { sb, s, id } = await standingOrder({ startDate: '2026-03-05', frequency: 'Monthly' });
    expect((await periodicStatus(sb, id)).body.transactionStatus).toBe('ACWP');
    await setClock(sb, '2026-03-04T23:00:00Z');
    const kari = account(s, KARI, 'Brukskonto').id;
    expect((await state(sb)).transactions[kari]?.flat().filter((t) => t.paymentId === id)).toHaveLength(0);
    await setClock(sb, '2026-05-06T00:00:00Z');
    const after = await state(sb);
    expect(
      after.transactions[kari]
        ?.flat()
        .filter((t) => t.paymentId === id)
        .map((t) => t.bookingDate),
    ).toEqual(['2026-03-05', '2026-04-06', '2026-05-05']);
    expect(paymentById(after, id)?.periodic?.executions.map((e) => e.scheduledDate)).toEqual([
      '2026-03-05',
      '2026-04-05',
      '2026-05-05',
    ]);
    expect(
      after.transactions[account(s, OLA, 'Brukskonto').id]?.flat().filter((t) => t.paymentId === id),
    ).toHaveLength(3);
  });

  it('executes a standing order due today at once when approved after its run', async () => {
    const { sb, s, id } = await standingOrder({ startDate: '2026-03-02', frequency: 'Weekly' });
    const after = await state(sb);
    expect(
      after.transactions[account(s, KARI, 'Brukskonto').id]?.flat().filter((t) => t.paymentId === id),
    ).toHaveLength(1);
  });

  it('uses dayOfExecution and the preceding rule', async () => {
    const { sb, id } = await standingOrder({
      startDate: '2026-03-03',
      frequency: 'Monthly',
      dayOfExecution: '31',
      executionRule: 'preceding',
    });
    await setClock(sb, '2026-06-01T00:00:00Z');
    const executions = paymentById(await state(sb), id)?.periodic?.executions;
    // 31 March (Tue), 30 April (Thu), 31 May is a Sunday: preceding banking day 29 May
    expect(executions?.map((e) => [e.scheduledDate, e.executionDate])).toEqual([
      ['2026-03-31', '2026-03-31'],
      ['2026-04-30', '2026-04-30'],
      ['2026-05-31', '2026-05-29'],
    ]);
  });

  it('completes (ACSC) after its end date', async () => {
    const { sb, id } = await standingOrder({
      startDate: '2026-03-03',
      endDate: '2026-03-17',
      frequency: 'Weekly',
    });
    await setClock(sb, '2026-03-16T12:00:00Z');
    expect((await periodicStatus(sb, id)).body.transactionStatus).toBe('ACWP');
    await setClock(sb, '2026-03-17T06:00:00Z');
    expect((await periodicStatus(sb, id)).body.transactionStatus).toBe('ACSC');
    expect(paymentById(await state(sb), id)?.periodic?.executions).toHaveLength(3);
  });

  it('rejects an execution that lacks funds and goes on with the next', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const amount = (Number(account(s, KARI, 'Brukskonto').booked) * 0.6).toFixed(2);
    const created = await createPayment(
      sb,
      ndctBody(s, {
        instructedAmount: { amount, currency: 'NOK' },
        startDate: '2026-03-03',
        frequency: 'Daily',
      }),
      { service: 'periodic-payments' },
    );
    await approve(sb, created.body.paymentId);
    await setClock(sb, '2026-03-05T12:00:00Z');
    const executions = paymentById(await state(sb), created.body.paymentId)?.periodic?.executions;
    expect(executions?.map((e) => e.status)).toEqual(['booked', 'rejected', 'rejected']);
    expect((await periodicStatus(sb, created.body.paymentId)).body).toMatchObject({
      transactionStatus: 'ACWP',
      fundsAvailable: false,
    });
  });

  it('stops on DELETE (CANC) and executes no more', async () => {
    const { sb, s, id } = await standingOrder({ startDate: '2026-03-03', frequency: 'Daily' });
    await setClock(sb, '2026-03-03T12:00:00Z');
    const self = `/v1/periodic-payments/norwegian-domestic-credit-transfers/${encodeURIComponent(id)}`;
    expect((await api(sb, 'GET', self)).body._links.self.verbs).toEqual(['GET', 'DELETE']);
    expect((await api(sb, 'DELETE', self)).status).toBe(204);
    await setClock(sb, '2026-03-10T12:00:00Z');
    expect(
      (await state(sb)).transactions[account(s, KARI, 'Brukskonto').id]
        ?.flat()
        .filter((t) => t.paymentId === id),
    ).toHaveLength(1);
  });

  it('rejects a periodic payment without frequency or with an end before its start', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const noFrequency = await createPayment(sb, ndctBody(s, { startDate: '2026-03-03' }), {
      service: 'periodic-payments',
    });
    expect(noFrequency.body.tppMessages[0].path).toBe('frequency');
    const backwards = await createPayment(
      sb,
      ndctBody(s, { startDate: '2026-03-10', endDate: '2026-03-03', frequency: 'Daily' }),
      {
        service: 'periodic-payments',
      },
    );
    expect(backwards.body.tppMessages[0].path).toBe('endDate');
    const requested = await createPayment(
      sb,
      ndctBody(s, { startDate: '2026-03-10', frequency: 'Daily', requestedExecutionDate: '2026-03-10' }),
      { service: 'periodic-payments' },
    );
    expect(requested.body.tppMessages[0].path).toBe('requestedExecutionDate');
  });

  it('is not touched by the batches of other payments', async () => {
    const { sb, id } = await standingOrder({ startDate: '2026-03-10', frequency: 'Monthly' });
    await setClock(sb, '2026-03-09T23:00:00Z');
    expect(paymentById(await state(sb), id)?.periodic?.executions).toHaveLength(0);
  });
});

describe("standing order approved before the day's run", () => {
  it('waits for the 05:00 run of its start day', async () => {
    const sb = newSandbox({ now: Date.parse('2026-03-03T03:00:00Z') });
    const s = await state(sb);
    const created = await createPayment(sb, ndctBody(s, { startDate: '2026-03-03', frequency: 'Monthly' }), {
      service: 'periodic-payments',
    });
    await approve(sb, created.body.paymentId);
    expect(paymentById(await state(sb), created.body.paymentId)?.periodic?.executions).toHaveLength(0);
    await setClock(sb, '2026-03-03T05:00:00Z');
    const executions = paymentById(await state(sb), created.body.paymentId)?.periodic?.executions;
    expect(executions).toEqual([
      { scheduledDate: '2026-03-03', executionDate: '2026-03-03', status: 'booked' },
    ]);
  });
});

describe('a long-running daily standing order', () => {
  it('executes every banking day across a year-long clock jump', async () => {
    const { sb, id } = await standingOrder({
      instructedAmount: { amount: '1.00', currency: 'NOK' },
      startDate: '2026-03-03',
      frequency: 'Daily',
    });
    await setClock(sb, '2027-03-03T00:00:00Z');
    const executions = paymentById(await state(sb), id)?.periodic?.executions ?? [];
    expect(executions).toHaveLength(365);
    expect(new Set(executions.map((e) => e.scheduledDate)).size).toBe(365);
    expect(executions.every((e) => e.status === 'booked')).toBe(true);
  });
});
