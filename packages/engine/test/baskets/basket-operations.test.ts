import { approveBasket, createBasket, kariPayments } from '@sandbank/test-support/baskets';
import { api, KARI, newSandbox, paymentHeaders } from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

describe('signing basket delete and authorisations', () => {
  it('deletes an unauthorised basket (204); its payments stay RCVD and can go in another basket', async () => {
    const sb = newSandbox();
    const ids = await kariPayments(sb, 2);
    const basket = await createBasket(sb, ids);
    expect((await api(sb, 'DELETE', basket.body._links.self.href)).status).toBe(204);
    expect((await api(sb, 'GET', basket.body._links.self.href)).status).toBe(404);
    expect((await createBasket(sb, ids)).status).toBe(201);
  });

  it('refuses to delete an authorised basket with 409 CONFLICT', async () => {
    const sb = newSandbox();
    const basket = await createBasket(sb, await kariPayments(sb, 1));
    await approveBasket(sb, basket.body.basketId, KARI);
    const reply = await api(sb, 'DELETE', basket.body._links.self.href);
    expect(reply.status).toBe(409);
    expect(reply.body.tppMessages[0].code).toBe('CONFLICT');
  });

  it('starts a new basket authorisation (201), and refuses one for an authorised basket (409)', async () => {
    const sb = newSandbox();
    const basket = await createBasket(sb, await kariPayments(sb, 1));
    const path = `${basket.body._links.self.href}/authorisations`;
    const started = await api(sb, 'POST', path, { headers: paymentHeaders() });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ scaStatus: 'started' });
    await approveBasket(sb, basket.body.basketId, KARI);
    expect((await api(sb, 'POST', path, { headers: paymentHeaders() })).status).toBe(409);
  });

  it('answers 404 RESOURCE_UNKNOWN for an unknown basket', async () => {
    const sb = newSandbox();
    const reply = await api(sb, 'GET', '/v1/signing-baskets/enc!!nothing==/status');
    expect(reply.status).toBe(404);
    expect(reply.body.tppMessages[0].code).toBe('RESOURCE_UNKNOWN');
  });
});

describe('deleting a basket with a cancelled payment', () => {
  it('is allowed while no payment in it was authorised', async () => {
    const sb = newSandbox();
    const ids = await kariPayments(sb, 2);
    const basket = await createBasket(sb, ids);
    await api(
      sb,
      'DELETE',
      `/v1/payments/norwegian-domestic-credit-transfers/${encodeURIComponent(ids[0] as string)}`,
    );
    expect((await api(sb, 'GET', basket.body._links.self.href)).body._links.self.verbs).toEqual([
      'GET',
      'DELETE',
    ]);
    expect((await api(sb, 'DELETE', basket.body._links.self.href)).status).toBe(204);
  });
});
