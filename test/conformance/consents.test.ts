import { accountList, cardAccountList } from '@sandbank/engine';
import {
  advance,
  consent,
  DAY_MINUTES,
  FJORDLYS,
  getPage,
  KARI,
  REDIRECT_URI,
  sandbox,
  startConsent,
  submit,
} from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';
import { Journey } from './journey.js';

const SCA = { 'tpp-redirect-uri': REDIRECT_URI, 'tpp-session-id': 'session-1' };

/** Every account-information read, with the card reads, for one account and one card id. */
function reads(accountId: string, cardId: string): string[] {
  return [
    '/v1/accounts',
    `/v1/accounts/${accountId}`,
    `/v1/accounts/${accountId}/balances`,
    `/v1/accounts/${accountId}/transactions?bookingStatus=both`,
    '/v1/card-accounts',
    `/v1/card-accounts/${cardId}`,
    `/v1/card-accounts/${cardId}/balances`,
    `/v1/card-accounts/${cardId}/transactions?bookingStatus=both`,
  ];
}

function seededIds(journey: Journey): { accountId: string; cardId: string } {
  const state = journey.sandbox.getState();
  const account = accountList(state).find((a) => a.customerNumber === KARI);
  const card = cardAccountList(state).find((c) => c.customerNumber === KARI);
  if (account === undefined || card === undefined) throw new Error('no seeded account or card for Kari');
  return { accountId: account.id, cardId: card.id };
}

describe('consents conform to Berlin Group 1.3.6', () => {
  it('answers both consent operations with a conforming 201 (D1, D11 for the deprecation warning) and their header errors with 400 (D3)', async () => {
    const current = new Journey();
    // POST /v1/consents exists until 05-Dec-2024 on the bank clock (part 9 rule 3).
    const before = new Journey(
      sandbox({ checkResponses: true, now: () => Date.parse('2024-12-04T10:00:00Z') }),
    );
    for (const [journey, path] of [
      [current, '/v1/bank-offered-consents'],
      [before, '/v1/consents'],
    ] as const) {
      const created = await journey.call('POST', path, { headers: SCA });
      expect(created.status).toBe(201);
      await journey.call('POST', path, { headers: SCA, body: { access: { allPsd2: 'allAccounts' } } });
      await journey.call('POST', path, { headers: { 'tpp-session-id': 'session-1' } });
      await journey.call('POST', path, { headers: { ...SCA, 'tpp-redirect-uri': 'not a uri' } });
      await journey.call('POST', path, { headers: { ...SCA, 'psu-id': 'not-a-uuid' } });
      // part 4.2 item 12: the body is disregarded, so even a broken one is answered 201.
      expect((await journey.call('POST', path, { headers: SCA, body: '{"access":' })).status).toBe(201);
      await journey.call('GET', path, { headers: SCA });
      journey.expectConformance(['POST /consents 201', 'POST /consents 400', 'POST /consents 405']);
      // The legacy operation's deprecation warning carries a part 7 code (D11).
      expect([...journey.deviations].sort()).toEqual(
        path === '/v1/consents' ? ['D1', 'D11', 'D3'] : ['D1', 'D3'],
      );
    }
  });

  it('answers the removed POST /v1/consents with a conforming 404 from 05-Dec-2024 (part 9 rule 3, D3)', async () => {
    const journey = new Journey();
    const removed = await journey.call('POST', '/v1/consents', { headers: SCA });
    expect(removed.status).toBe(404);
    expect(removed.body.tppMessages[0].text).toContain('/v1/bank-offered-consents');
    journey.expectConformance(['POST /consents 404']);
  });

  it('answers the consent resource operations Sandbank does not offer with 404 (D7)', async () => {
    const journey = new Journey();
    for (const [method, path] of [
      ['GET', '/v1/consents/enc!!x=='],
      ['DELETE', '/v1/consents/enc!!x=='],
      ['GET', '/v1/consents/enc!!x==/status'],
      ['POST', '/v1/consents/enc!!x==/authorisations'],
      ['GET', '/v1/consents/enc!!x==/authorisations'],
      ['GET', '/v1/consents/enc!!x==/authorisations/a-1'],
      ['PUT', '/v1/consents/enc!!x==/authorisations/a-1'],
    ] as const) {
      const answer = await journey.call(method, path, { headers: SCA });
      expect(answer.status).toBe(404);
    }
    journey.expectConformance(['GET /consents/{consentId} 404', 'DELETE /consents/{consentId} 404']);
  });

  it('answers every read before consent with a conforming 401 that carries scaRedirect', async () => {
    const journey = new Journey();
    const { accountId, cardId } = seededIds(journey);
    for (const path of reads(accountId, cardId)) {
      const answer = await journey.read(path, { headers: SCA });
      expect(answer.status).toBe(401);
      expect(answer.body._links.scaRedirect.href).toMatch(/\/_sandbank\/sca\//);
    }
    journey.expectConformance([
      'GET /accounts 401',
      'GET /accounts/{account-id} 401',
      'GET /accounts/{account-id}/balances 401',
      'GET /accounts/{account-id}/transactions 401',
      'GET /card-accounts 401',
      'GET /card-accounts/{account-id} 401',
      'GET /card-accounts/{account-id}/balances 401',
      'GET /card-accounts/{account-id}/transactions 401',
    ]);
  });

  it('answers reads under an expired consent with a conforming 401 CONSENT_EXPIRED', async () => {
    const journey = new Journey();
    const { accountId, cardId } = seededIds(journey);
    const psu = await consent(journey.sandbox, { nationalId: KARI, accounts: 'all' });
    const headers = { ...psu.headers, 'tpp-session-id': 'later' };
    await advance(journey.sandbox, 181 * DAY_MINUTES);
    for (const path of reads(accountId, cardId)) {
      const answer = await journey.read(path, { headers });
      expect(answer.status).toBe(401);
      expect(answer.body.tppMessages[0].code).toBe('CONSENT_EXPIRED');
    }
    const details = await journey.read(`/v1/accounts/${accountId}/transactions/enc!!none==`, { headers });
    expect(details.status).toBe(401);
    journey.expectConformance(['GET /accounts/{account-id}/transactions/{transactionId} 401']);
  });

  it('answers reads after revocation with a conforming 403 CONSENT_UNKNOWN', async () => {
    const journey = new Journey();
    const { accountId, cardId } = seededIds(journey);
    const psu = await consent(journey.sandbox, { nationalId: KARI, accounts: 'all' });
    const href = await startConsent(journey.sandbox, { 'psu-id': psu.psuId, 'psu-context': 'PRIVATE' });
    const done = await submit(journey.sandbox, href, await getPage(journey.sandbox, href), { accounts: [] });
    expect(done.status).toBe(303);
    for (const path of reads(accountId, cardId)) {
      const answer = await journey.read(path, { headers: psu.headers });
      expect(answer.status).toBe(403);
    }
    journey.expectConformance(['GET /accounts 403', 'GET /card-accounts/{account-id}/transactions 403']);
  });

  it('answers corporate header errors with conforming bodies (D4), agreements and user identification', async () => {
    const journey = new Journey();
    const psu = await consent(journey.sandbox, {
      nationalId: FJORDLYS,
      context: 'CORPORATE',
      accounts: 'all',
    });
    const { 'psu-corporate-id': _, ...withoutCorporateId } = psu.headers;
    const missing = await journey.read('/v1/accounts', { headers: withoutCorporateId });
    expect(missing.status).toBe(400);
    const unknown = await journey.read('/v1/accounts', {
      headers: { ...psu.headers, 'psu-corporate-id': '11111111-1111-4111-8111-111111111111' },
    });
    expect(unknown.body.tppMessages[0]).toMatchObject({ code: 'RESOURCE_UNKNOWN', path: 'PSU-Corporate-ID' });
    const stranger = await journey.read('/v1/accounts', {
      headers: { ...psu.headers, 'psu-id': '11111111-1111-4111-8111-111111111111' },
    });
    expect(stranger.status).toBe(401);
    // No Berlin Group counterpart (part 5.4, docs/platform-facts.md §1): held to their zod response schemas.
    const agreements = await journey.call('GET', '/v1/agreements', { headers: withoutCorporateId });
    expect(agreements.body.agreements).toHaveLength(1);
    for (const path of ['/v1/user', '/v1/users']) {
      expect((await journey.call('GET', path, { headers: SCA })).status).toBe(200);
    }
    journey.expectConformance(['GET /accounts 400', 'GET /accounts 401']);
  });
});
