import { advance, createPayment, ndctBody, newSandbox, state } from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

describe('logical duplicates (part 4.2 item 2)', () => {
  it('rejects the same payment again within 10 minutes with 409 CONFLICT naming the first', async () => {
    const sb = newSandbox();
    const body = ndctBody(await state(sb));
    const first = await createPayment(sb, body);
    const second = await createPayment(sb, body);
    expect(second.status).toBe(409);
    expect(second.body.tppMessages[0].code).toBe('CONFLICT');
    expect(second.body.tppMessages[0].text).toContain(first.body.paymentId);
  });

  it('creates it with ?allowLogicalDuplicate=true', async () => {
    const sb = newSandbox();
    const body = ndctBody(await state(sb));
    await createPayment(sb, body);
    expect((await createPayment(sb, body, { query: '?allowLogicalDuplicate=true' })).status).toBe(201);
    expect((await createPayment(sb, body, { query: '?allowLogicalDuplicate=false' })).status).toBe(409);
  });

  it('rejects an allowLogicalDuplicate that is not a boolean', async () => {
    const sb = newSandbox();
    const reply = await createPayment(sb, ndctBody(await state(sb)), { query: '?allowLogicalDuplicate=yes' });
    expect(reply.status).toBe(400);
  });

  it('allows the same content after the window, or from another PSU, or with another amount', async () => {
    const sb = newSandbox();
    const body = ndctBody(await state(sb));
    await createPayment(sb, body);
    expect(
      (await createPayment(sb, { ...body, instructedAmount: { amount: '100.01', currency: 'NOK' } })).status,
    ).toBe(201);
    expect(
      (await createPayment(sb, body, { headers: { 'psu-id': '0f1c2b1e-8a51-4c2e-9a55-2f0b7f1d9c02' } }))
        .status,
    ).toBe(201);
    await advance(sb, 11);
    expect((await createPayment(sb, body)).status).toBe(201);
  });
});
