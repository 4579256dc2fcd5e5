import { getPage, redirectParams, submit } from '@sandbank/test-support/ais';
import { approveBasket, createBasket, kariPayments } from '@sandbank/test-support/baskets';
import {
  api,
  approve,
  createPayment,
  KARI,
  ndctBody,
  newSandbox,
  paymentHeaders,
  state,
} from '@sandbank/test-support/payments';
import { TEST_TPP } from '@sandbank/test-support/signing';
import { describe, expect, it } from 'vitest';
import { paymentById } from '../../src/core/records.js';
import { psuIdFor } from '../../src/sca/psu.js';

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

  it('starts a new authorisation for a PATC basket, which signs the payments still waiting', async () => {
    const sb = newSandbox();
    const ids = await kariPayments(sb, 2);
    const basket = await createBasket(sb, ids);
    // One payment signed on its own: the basket is partly authorised.
    expect((await approve(sb, ids[0] as string)).body.transactionStatus).toBe('ACCP');
    expect((await api(sb, 'GET', `${basket.body._links.self.href}/status`)).body.transactionStatus).toBe(
      'PATC',
    );
    const path = `${basket.body._links.self.href}/authorisations`;
    const started = await api(sb, 'POST', path, { headers: paymentHeaders() });
    expect(started.status).toBe(201);
    await approveBasket(sb, basket.body.basketId, KARI);
    expect(ids.map((id) => paymentById(sb.getState(), id)?.transactionStatus)).toEqual(['ACCP', 'ACCP']);
    expect((await api(sb, 'POST', path, { headers: paymentHeaders() })).status).toBe(409);
  });

  it('answers 404 RESOURCE_UNKNOWN for an unknown basket', async () => {
    const sb = newSandbox();
    const reply = await api(sb, 'GET', '/v1/signing-baskets/enc!!nothing==/status');
    expect(reply.status).toBe(404);
    expect(reply.body.tppMessages[0].code).toBe('RESOURCE_UNKNOWN');
  });
});

describe('the SCA of a basket the TPP deleted', () => {
  it.each([
    ['approves', 'approve', 'PAYMENT_FAILED'],
    ['cancels', 'cancel', null],
  ] as const)(
    'sends the PSU back to the TPP with the failure when the PSU %s; the payments stay free',
    async (_, action, code) => {
      const sb = newSandbox();
      const s = await state(sb);
      const psuId = psuIdFor(s, KARI, TEST_TPP);
      const ids: string[] = [];
      for (const amount of ['100.01', '100.02']) {
        const body = ndctBody(s, { instructedAmount: { amount, currency: 'NOK' } });
        ids.push((await createPayment(sb, body, { headers: { 'psu-id': psuId } })).body.paymentId);
      }
      const basket = await createBasket(sb, ids, { 'psu-id': psuId });
      const href = basket.body._links.scaRedirect.href;
      const login = await getPage(sb, href);
      const confirm = await submit(sb, href, login, { nationalIdentityNumber: KARI });
      expect(confirm.status).toBe(200);
      expect((await api(sb, 'DELETE', basket.body._links.self.href)).status).toBe(204);

      const ended = await submit(sb, href, confirm, {}, action);
      expect(ended.status).toBe(303);
      const params = redirectParams(ended);
      expect(params.get('status')).not.toBeNull();
      if (code !== null) expect(params.get('code')).toBe(code);
      // The link is spent: opening it again tells the TPP the same way, it does not hang on an error.
      expect((await getPage(sb, href)).status).toBe(303);
      // The payments left the basket when it was deleted: its failed SCA rejects none of them.
      const after = sb.getState();
      expect(ids.map((id) => paymentById(after, id)?.transactionStatus)).toEqual(['RCVD', 'RCVD']);
      expect((await createBasket(sb, ids, { 'psu-id': psuId })).status).toBe(201);
    },
  );
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
