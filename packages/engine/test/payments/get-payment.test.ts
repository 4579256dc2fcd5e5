import { describe, expect, it } from 'vitest';
import { api, approve, createPayment, ndctBody, newSandbox, state } from '../support/payments.js';

describe('GET payment', () => {
  it('echoes the request with paymentId, transactionStatus and links', async () => {
    const sb = newSandbox();
    const body = ndctBody(await state(sb));
    const created = await createPayment(sb, body);
    const reply = await api(sb, 'GET', created.body._links.self.href);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      ...body,
      instructedAmount: { amount: 100, currency: 'NOK' },
      paymentId: created.body.paymentId,
      transactionStatus: 'RCVD',
    });
    expect(reply.body._links.self.verbs).toEqual(['GET', 'DELETE']);
    expect(reply.body._links.startAuthorisation.verbs).toEqual(['POST']);
  });

  it('drops DELETE from the self verbs once the payment is signed', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    await approve(sb, created.body.paymentId);
    const reply = await api(sb, 'GET', created.body._links.self.href);
    expect(reply.body.transactionStatus).toBe('ACCP');
    expect(reply.body._links.self.verbs).toEqual(['GET']);
    expect(reply.body._links.startAuthorisation).toBeUndefined();
  });

  it('serialises the echoed amount as a string under amount-as-string', async () => {
    const sb = newSandbox();
    const created = await createPayment(
      sb,
      ndctBody(await state(sb), { instructedAmount: { amount: '100.5', currency: 'NOK' } }),
    );
    const reply = await api(sb, 'GET', created.body._links.self.href, {
      headers: { 'x-accept-fix': 'amount-as-string' },
    });
    expect(reply.body.instructedAmount).toEqual({ amount: '100.50', currency: 'NOK' });
  });

  it('answers 404 RESOURCE_UNKNOWN for an unknown id or the wrong product', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    const unknown = await api(sb, 'GET', '/v1/payments/norwegian-domestic-credit-transfers/enc!!nothing==');
    expect(unknown.status).toBe(404);
    expect(unknown.body.tppMessages[0].code).toBe('RESOURCE_UNKNOWN');
    const wrong = await api(
      sb,
      'GET',
      `/v1/payments/norwegian-cross-border-credit-transfers/${encodeURIComponent(created.body.paymentId)}`,
    );
    expect(wrong.status).toBe(404);
  });

  it('in the production profile refuses details and status of an unapproved domestic payment (known issue, part 1)', async () => {
    const sb = newSandbox({ profile: 'production' });
    const created = await createPayment(sb, ndctBody(await state(sb)));
    const details = await api(sb, 'GET', created.body._links.self.href);
    expect(details.status).toBe(403);
    expect(details.body.tppMessages[0].code).toBe('FORBIDDEN');
    expect((await api(sb, 'GET', created.body._links.status.href)).status).toBe(403);
    await approve(sb, created.body.paymentId);
    expect((await api(sb, 'GET', created.body._links.self.href)).status).toBe(200);
  });

  it('in the sandbox profile shows an unapproved domestic payment', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    expect((await api(sb, 'GET', created.body._links.status.href)).status).toBe(200);
  });
});
