import { api, consent, KARI, sandbox } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';
import { berlinGroupErrors } from './berlin-group.js';
import { Journey } from './journey.js';

const IP = { 'psu-ip-address': '192.0.2.10' };

async function consented(journey: Journey) {
  const psu = await consent(journey.sandbox, { nationalId: KARI, accounts: 'all' });
  const list = await api(journey.sandbox, 'GET', '/v1/accounts', { headers: psu.headers });
  const cards = await api(journey.sandbox, 'GET', '/v1/card-accounts', { headers: psu.headers });
  const accountId: string = list.body.accounts[0].resourceId;
  const cardId: string = cards.body.cardAccounts[0].resourceId;
  const listing = await api(
    journey.sandbox,
    'GET',
    `/v1/accounts/${accountId}/transactions?bookingStatus=booked`,
    {
      headers: psu.headers,
    },
  );
  const transactionId: string = listing.body.transactions.booked[0].transactionId;
  return { headers: { ...psu.headers, ...IP }, accountId, cardId, transactionId };
}

describe('error answers conform to Berlin Group 1.3.6', () => {
  it('answers header errors on every read with conforming 400 bodies', async () => {
    const journey = new Journey();
    const { headers, accountId, cardId, transactionId } = await consented(journey);
    const paths = [
      '/v1/accounts',
      `/v1/accounts/${accountId}`,
      `/v1/accounts/${accountId}/balances`,
      `/v1/accounts/${accountId}/transactions?bookingStatus=both`,
      `/v1/accounts/${accountId}/transactions/${transactionId}`,
      '/v1/card-accounts',
      `/v1/card-accounts/${cardId}`,
      `/v1/card-accounts/${cardId}/balances`,
      `/v1/card-accounts/${cardId}/transactions?bookingStatus=both`,
    ];
    const broken: Record<string, string | undefined>[] = [
      { 'x-request-id': undefined },
      { 'psu-ip-address': 'not an address' },
      { 'x-accept-fix': 'amounts-as-strings' },
      { 'psu-id': 'not-a-uuid' },
      { 'tpp-redirect-preferred': 'maybe' },
      { 'psu-corporate-id': ' ' },
      { 'tpp-session-id': 'x'.repeat(101) },
    ];
    for (const path of paths) {
      for (const patch of broken) {
        const answer = await journey.call('GET', path, { headers: { ...headers, ...patch } });
        expect(answer.status, `${path} ${JSON.stringify(patch)}`).toBe(400);
      }
    }
    const details = await journey.call('GET', `/v1/accounts/${accountId}/transactions/${transactionId}`, {
      headers: { ...headers, 'x-accept-fix': undefined },
    });
    expect(details.body.tppMessages[0].code).toBe('HTTP_HEADER_REQUIRED');
    journey.expectConformance([
      'GET /accounts 400',
      'GET /accounts/{account-id} 400',
      'GET /accounts/{account-id}/balances 400',
      'GET /accounts/{account-id}/transactions 400',
      'GET /accounts/{account-id}/transactions/{transactionId} 400',
      'GET /card-accounts 400',
      'GET /card-accounts/{account-id} 400',
      'GET /card-accounts/{account-id}/balances 400',
      'GET /card-accounts/{account-id}/transactions 400',
    ]);
  });

  it('answers query errors of the transaction listings with conforming 400 bodies', async () => {
    const journey = new Journey();
    const { headers, accountId, cardId } = await consented(journey);
    for (const base of [
      `/v1/accounts/${accountId}/transactions`,
      `/v1/card-accounts/${cardId}/transactions`,
    ]) {
      for (const query of [
        '',
        '?bookingStatus=information',
        '?bookingStatus=both&dateFrom=2026-02-30',
        '?bookingStatus=both&dateFrom=2026-02-20&dateTo=2026-02-10',
        '?bookingStatus=both&limit=0',
        '?bookingStatus=both&offset=-1',
      ]) {
        const answer = await journey.read(`${base}${query}`, { headers });
        expect(answer.status, `${base}${query}`).toBe(400);
      }
    }
    journey.expectConformance([
      'GET /accounts/{account-id}/transactions 400',
      'GET /card-accounts/{account-id}/transactions 400',
    ]);
  });

  it('answers unknown ids with conforming 404 bodies', async () => {
    const journey = new Journey();
    const { headers, accountId } = await consented(journey);
    for (const path of [
      '/v1/accounts/enc!!unknown==',
      '/v1/accounts/enc!!unknown==/balances',
      '/v1/accounts/enc!!unknown==/transactions?bookingStatus=both',
      '/v1/accounts/enc!!unknown==/transactions/enc!!unknown==',
      `/v1/accounts/${accountId}/transactions/enc!!unknown==`,
      '/v1/card-accounts/enc!!unknown==',
      '/v1/card-accounts/enc!!unknown==/balances',
      '/v1/card-accounts/enc!!unknown==/transactions?bookingStatus=both',
    ]) {
      const answer = await journey.read(path, { headers });
      expect(answer.status, path).toBe(404);
    }
    journey.expectConformance([
      'GET /accounts/{account-id} 404',
      'GET /accounts/{account-id}/transactions/{transactionId} 404',
      'GET /card-accounts/{account-id}/transactions 404',
    ]);
  });

  it('answers other methods on the account paths with conforming 405 bodies', async () => {
    const journey = new Journey();
    const { headers, accountId, cardId, transactionId } = await consented(journey);
    for (const method of ['POST', 'PUT', 'DELETE']) {
      for (const path of [
        '/v1/accounts',
        `/v1/accounts/${accountId}`,
        `/v1/accounts/${accountId}/balances`,
        `/v1/accounts/${accountId}/transactions`,
        `/v1/accounts/${accountId}/transactions/${transactionId}`,
        '/v1/card-accounts',
        `/v1/card-accounts/${cardId}`,
        `/v1/card-accounts/${cardId}/balances`,
        `/v1/card-accounts/${cardId}/transactions`,
      ]) {
        const answer = await journey.call(method, path, { headers, body: {} });
        expect(answer.status, `${method} ${path}`).toBe(405);
      }
    }
    journey.expectConformance(['GET /accounts 405', 'GET /card-accounts/{account-id}/transactions 405']);
  });

  it('answers the fifth transaction details call of the day without PSU-IP-Address with a conforming 429', async () => {
    const journey = new Journey();
    const { headers, accountId, transactionId } = await consented(journey);
    const { 'psu-ip-address': _, ...withoutIp } = headers;
    const path = `/v1/accounts/${accountId}/transactions/${transactionId}`;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await journey.call('GET', path, { headers: withoutIp })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    journey.expectConformance(['GET /accounts/{account-id}/transactions/{transactionId} 429']);
  });

  it('answers bodies the bank cannot read with conforming error bodies (D6)', async () => {
    const journey = new Journey(sandbox({ checkResponses: true, maxBodyBytes: 64 }));
    const headers = { 'tpp-redirect-uri': 'https://tpp.example/cb', 'tpp-session-id': 'session-1' };
    const tooLarge = await journey.call('POST', '/v1/bank-offered-consents', {
      headers,
      body: { text: 'x'.repeat(100) },
    });
    expect(tooLarge.status).toBe(413);
    // The consent creations disregard their body (part 4.2 item 12): XML is refused where a body counts.
    const xml = await journey.send(
      'POST',
      '/v1/signing-baskets',
      {
        ...headers,
        'psu-ip-address': '192.0.2.10',
        'x-accept-fix': 'amount-as-string',
        'content-type': 'application/xml',
      },
      '<basket/>',
    );
    expect(xml.status).toBe(415);
    journey.expectConformance(['POST /consents 413', 'POST /signing-baskets 415']);
  });
});

describe('the documented deviations', () => {
  it('are each needed: the raw answers fail the Berlin Group definition', async () => {
    const sb = sandbox();
    const headers = { 'tpp-redirect-uri': 'https://tpp.example/cb', 'tpp-session-id': 'session-1' };
    const created = await api(sb, 'POST', '/v1/bank-offered-consents', { headers });
    expect(berlinGroupErrors('POST /consents', 201, created.body)).not.toEqual([]);
    // D2 exists only under the legacy x-accept-fix defaults: by the part 9 dates amounts are strings.
    const legacy = sandbox({ acceptFixDefaults: 'legacy' });
    const psu = await consent(legacy, { nationalId: KARI, accounts: 'all' });
    const list = await api(legacy, 'GET', '/v1/accounts?withBalance=true', {
      headers: { ...psu.headers, 'x-accept-fix': undefined },
    });
    expect(berlinGroupErrors('GET /accounts', 200, list.body)).not.toEqual([]);
    const current = await consent(sb, { nationalId: KARI, accounts: 'all' });
    const byDate = await api(sb, 'GET', '/v1/accounts?withBalance=true', {
      headers: { ...current.headers, 'x-accept-fix': undefined },
    });
    expect(berlinGroupErrors('GET /accounts', 200, byDate.body)).toEqual([]);
    const missing = await api(sb, 'GET', '/v1/accounts', { headers: { 'x-request-id': undefined } });
    expect(missing.body.tppMessages[0].code).toBe('HTTP_HEADER_REQUIRED');
    expect(berlinGroupErrors('GET /accounts', 400, missing.body)).not.toEqual([]);
  });
});
