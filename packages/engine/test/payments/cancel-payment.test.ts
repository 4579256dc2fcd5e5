import {
  advance,
  api,
  approve,
  createPayment,
  ndctBody,
  newSandbox,
  state,
  status,
} from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

describe('DELETE payment', () => {
  it('cancels an unsigned payment: 204, then CANC', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    const reply = await api(sb, 'DELETE', created.body._links.self.href);
    expect(reply.status).toBe(204);
    expect((await status(sb, created.body.paymentId)).body.transactionStatus).toBe('CANC');
  });

  it('refuses a PDNG payment with 409 CONFLICT and an explanation (part 3 rule 3)', async () => {
    const sb = newSandbox();
    const created = await createPayment(
      sb,
      ndctBody(await state(sb), { requestedExecutionDate: '2026-03-10' }),
    );
    await approve(sb, created.body.paymentId);
    const reply = await api(sb, 'DELETE', created.body._links.self.href);
    expect(reply.status).toBe(409);
    expect(reply.body.tppMessages[0].code).toBe('CONFLICT');
    expect(reply.body.tppMessages[0].text).toMatch(/PDNG/);
    expect((await status(sb, created.body.paymentId)).body.transactionStatus).toBe('PDNG');
  });

  it('refuses a signed and an executed payment', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    await approve(sb, created.body.paymentId);
    expect((await api(sb, 'DELETE', created.body._links.self.href)).body.tppMessages[0].text).toMatch(
      /signed/,
    );
    await advance(sb, 130);
    const executed = await api(sb, 'DELETE', created.body._links.self.href);
    expect(executed.status).toBe(409);
    expect(executed.body.tppMessages[0].text).toMatch(/executed/);
  });

  it('refuses a payment already cancelled', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    await api(sb, 'DELETE', created.body._links.self.href);
    expect((await api(sb, 'DELETE', created.body._links.self.href)).status).toBe(409);
  });

  it('is available for periodic and bulk payments', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const periodic = await createPayment(sb, ndctBody(s, { startDate: '2026-03-10', frequency: 'Monthly' }), {
      service: 'periodic-payments',
    });
    expect((await api(sb, 'DELETE', periodic.body._links.self.href)).status).toBe(204);
    const { debtorAccount, ...item } = ndctBody(s);
    const bulk = await createPayment(sb, { debtorAccount, payments: [item] }, { service: 'bulk-payments' });
    expect((await api(sb, 'DELETE', bulk.body._links.self.href)).status).toBe(204);
  });
});
