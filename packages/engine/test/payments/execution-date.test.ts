import { api, createPayment, INSTANT, ndctBody, newSandbox, state } from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

describe('requestedExecutionDate (bank clock 2026-03-02)', () => {
  it('rejects a date in the past with EXECUTION_DATE_INVALID', async () => {
    const sb = newSandbox();
    const reply = await createPayment(
      sb,
      ndctBody(await state(sb), { requestedExecutionDate: '2026-03-01' }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.tppMessages[0]).toMatchObject({
      code: 'EXECUTION_DATE_INVALID',
      path: 'requestedExecutionDate',
    });
  });

  it('accepts today and a future date', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    expect((await createPayment(sb, ndctBody(s, { requestedExecutionDate: '2026-03-02' }))).status).toBe(201);
    expect((await createPayment(sb, ndctBody(s, { requestedExecutionDate: '2026-03-20' }))).status).toBe(201);
  });

  it('follows the bank clock, not the clock source', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    await api(sb, 'POST', '/_sandbank/clock', { body: { set: '2026-03-10T10:00:00Z' } });
    const reply = await createPayment(sb, ndctBody(s, { requestedExecutionDate: '2026-03-05' }));
    expect(reply.body.tppMessages[0].code).toBe('EXECUTION_DATE_INVALID');
  });

  it('rejects a date more than a year ahead', async () => {
    const sb = newSandbox();
    const reply = await createPayment(
      sb,
      ndctBody(await state(sb), { requestedExecutionDate: '2027-03-04' }),
    );
    expect(reply.body.tppMessages[0].code).toBe('EXECUTION_DATE_INVALID');
  });

  it('rejects a future date on an instant payment', async () => {
    const sb = newSandbox();
    const reply = await createPayment(
      sb,
      ndctBody(await state(sb), { requestedExecutionDate: '2026-03-03' }),
      { product: INSTANT },
    );
    expect(reply.body.tppMessages[0].code).toBe('EXECUTION_DATE_INVALID');
  });

  it('rejects a periodic startDate in the past', async () => {
    const sb = newSandbox();
    const body = ndctBody(await state(sb), { startDate: '2026-02-01', frequency: 'Monthly' });
    const reply = await createPayment(sb, body, { service: 'periodic-payments' });
    expect(reply.body.tppMessages[0]).toMatchObject({ code: 'EXECUTION_DATE_INVALID', path: 'startDate' });
  });
});
