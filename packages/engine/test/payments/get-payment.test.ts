import {
  api,
  approve,
  createPayment,
  NCBCT,
  NOW,
  ncbctBody,
  ndctBody,
  newSandbox,
  state,
} from '@sandbank/test-support/payments';
import { signing, TEST_TPP_REGISTRATION } from '@sandbank/test-support/signing';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox.js';

describe('GET payment', () => {
  it('echoes the request with paymentId, transactionStatus and links', async () => {
    const sb = newSandbox();
    // A cross-border payment: an NDCT one cannot be read before approval (known issue 1, part 1).
    const body = ncbctBody(await state(sb));
    const created = await createPayment(sb, body, { product: NCBCT });
    const reply = await api(sb, 'GET', created.body._links.self.href);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      ...body,
      instructedAmount: { amount: '250.00', currency: 'EUR' },
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

  it('echoes the amount as a JSON number without amount-as-string under the legacy x-accept-fix defaults', async () => {
    const sb = signing(
      createSandbox({ now: () => NOW, registeredTpps: [TEST_TPP_REGISTRATION], acceptFixDefaults: 'legacy' }),
      { addDigest: false },
    );
    const created = await createPayment(
      sb,
      ndctBody(await state(sb), { instructedAmount: { amount: '100.50', currency: 'NOK' } }),
    );
    await approve(sb, created.body.paymentId);
    const plain = await api(sb, 'GET', created.body._links.self.href);
    expect(plain.body.instructedAmount).toEqual({ amount: 100.5, currency: 'NOK' });
    const opted = await api(sb, 'GET', created.body._links.self.href, {
      headers: { 'x-accept-fix': 'amount-as-string' },
    });
    expect(opted.body.instructedAmount).toEqual({ amount: '100.50', currency: 'NOK' });
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
});
