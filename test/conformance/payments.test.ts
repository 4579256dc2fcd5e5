import { accountList } from '@sandbank/engine';
import { consent, KARI, OLA, walkSca } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';
import { Journey } from './journey.js';

const NDCT = 'norwegian-domestic-credit-transfers';
const INSTANT = 'instant-norwegian-domestic-credit-transfers-straks';

function accounts(journey: Journey) {
  const state = journey.sandbox.getState();
  const find = (owner: string, name: string) => {
    const found = accountList(state).find((a) => a.customerNumber === owner && a.accountName === name);
    if (!found) throw new Error(`no ${name} for ${owner}`);
    return found;
  };
  return {
    kari: find(KARI, 'Brukskonto'),
    kariSavings: find(KARI, 'Sparekonto'),
    ola: find(OLA, 'Brukskonto'),
  };
}

function body(debtor: string, creditor: string, amount = '120.00') {
  return {
    instructedAmount: { amount, currency: 'NOK' },
    creditorName: 'Ola Hansen',
    creditorAccount: { bban: creditor, currency: 'NOK' },
    creditorAddress: {
      street: 'Storgata',
      buildingNumber: '1',
      postalCode: '0155',
      city: 'Oslo',
      country: 'NO',
    },
    debtorAccount: { bban: debtor, currency: 'NOK' },
    remittanceInformationUnstructured: 'Middag',
  };
}

describe('payments and signing baskets conform to Berlin Group 1.3.6', () => {
  it('answers create, get, status, authorisations and cancel of a payment, and their errors, conformingly', async () => {
    const journey = new Journey();
    const psu = await consent(journey.sandbox, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const headers = { ...psu.headers, 'psu-ip-address': '192.0.2.10', 'psu-context': 'PRIVATE' };
    const { kari, ola } = accounts(journey);
    // NDCT details and status answer 403 before approval (known issue 1, part 1); instant ones 200.
    for (const [product, fix, amount] of [
      [NDCT, 'amount-as-string', '120.00'],
      [INSTANT, 'cash-account-type-iso', '121.00'],
    ] as const) {
      const created = await journey.call('POST', `/v1/payments/${product}`, {
        headers: { ...headers, 'x-accept-fix': fix },
        body: body(kari.bban, ola.bban, amount),
      });
      expect(created.status).toBe(201);
      const id = created.body.paymentId as string;
      await journey.call('GET', `/v1/payments/${product}/${id}`, {
        headers: { ...headers, 'x-accept-fix': fix },
      });
      await journey.call('GET', `/v1/payments/${product}/${id}/status`, { headers });
      await journey.call('POST', `/v1/payments/${product}/${id}/authorisations`, { headers });
      await journey.call('DELETE', `/v1/payments/${product}/${id}`, { headers });
    }
    // Errors: an unknown product (404), a field rule (400), an unknown payment (404).
    await journey.call('POST', '/v1/payments/no-such-product', { headers, body: body(kari.bban, ola.bban) });
    await journey.call('POST', `/v1/payments/${NDCT}`, {
      headers,
      body: { ...body(kari.bban, ola.bban), creditorName: 'x'.repeat(80) },
    });
    await journey.call('GET', `/v1/payments/${NDCT}/enc!!nothing==/status`, { headers });
    journey.expectConformance([
      'POST /{payment-service}/{payment-product} 201',
      'GET /{payment-service}/{payment-product}/{paymentId}/status 200',
      'GET /{payment-service}/{payment-product}/{paymentId}/status 403',
      'POST /{payment-service}/{payment-product}/{paymentId}/authorisations 201',
      'POST /{payment-service}/{payment-product} 400',
    ]);
  });

  it('answers a signing basket through its life, after SCA on the bank pages, conformingly', async () => {
    const journey = new Journey();
    const psu = await consent(journey.sandbox, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const headers = { ...psu.headers, 'psu-ip-address': '192.0.2.10', 'psu-context': 'PRIVATE' };
    const { kari, ola } = accounts(journey);
    const ids: string[] = [];
    for (const amount of ['10.00', '11.00', '12.00']) {
      const created = await journey.call('POST', `/v1/payments/${INSTANT}`, {
        headers,
        body: body(kari.bban, ola.bban, amount),
      });
      ids.push(created.body.paymentId);
    }
    const basket = await journey.call('POST', '/v1/signing-baskets', { headers, body: { paymentIds: ids } });
    expect(basket.status).toBe(201);
    const basketId = basket.body.basketId as string;
    await journey.call('GET', `/v1/signing-baskets/${basketId}`, { headers });
    await journey.call('GET', `/v1/signing-baskets/${basketId}/status`, { headers });
    await walkSca(journey.sandbox, basket.body._links.scaRedirect.href, { nationalId: KARI });
    const status = await journey.call('GET', `/v1/signing-baskets/${basketId}/status`, { headers });
    expect(['ACTC', 'PATC']).toContain(status.body.transactionStatus);
    for (const id of ids) await journey.call('GET', `/v1/payments/${INSTANT}/${id}/status`, { headers });
    await journey.call('POST', '/v1/signing-baskets', {
      headers,
      body: { paymentIds: Array.from({ length: 11 }, () => ids[0]) },
    });
    journey.expectConformance([
      'POST /signing-baskets 201',
      'GET /signing-baskets/{basketId} 200',
      'GET /signing-baskets/{basketId}/status 200',
      'POST /signing-baskets 400',
    ]);
  });
});
