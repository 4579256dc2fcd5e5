import { api, consent, KARI, ORIGIN, sandbox } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

// A path parameter whose percent-escapes are not UTF-8 (`%FF`, `%C3%28`) names no resource, as any
// unknown id does: the endpoint answers as it does for one, not 404 NOT_FOUND ("no such endpoint")
// as if the path named no operation.

const endpoints = [
  (id: string) => `/v1/accounts/${id}/balances`,
  (id: string) => `/v1/accounts/${id}/transactions?bookingStatus=booked`,
  (id: string) => `/v1/card-accounts/${id}/balances`,
  (id: string) => `/v1/payments/norwegian-domestic-credit-transfers/${id}`,
  (id: string) => `/v1/payments/norwegian-domestic-credit-transfers/${id}/status`,
  (id: string) => `/v1/signing-baskets/${id}`,
];

describe('a path parameter that does not decode', () => {
  it.each(['%FF', '%C3%28', 'a%E2%82'])('%s: each endpoint answers as for an unknown id', async (bad) => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    for (const path of endpoints) {
      const unknown = await api(sb, 'GET', path('unknown-id'), { headers: psu.headers });
      const undecodable = await api(sb, 'GET', path(bad), { headers: psu.headers });
      expect({
        path: path(bad),
        status: undecodable.status,
        code: undecodable.body.tppMessages?.[0]?.code,
      }).toEqual({
        path: path(bad),
        status: unknown.status,
        code: unknown.body.tppMessages?.[0]?.code,
      });
      expect(undecodable.body.tppMessages?.[0]?.code).not.toBe('NOT_FOUND');
    }
  });

  it('the consent page of an SCA link answers an undecodable id as an unknown one', async () => {
    const sb = sandbox();
    const page = async (id: string) => {
      const response = await sb.fetch(new Request(`${ORIGIN}/_sandbank/sca/${id}`));
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        html: await response.text(),
      };
    };
    const unknown = await page('unknown-id');
    const undecodable = await page('%C3%28');
    expect(unknown.status).toBe(404);
    expect(undecodable).toMatchObject({ status: unknown.status, type: unknown.type });
    expect(undecodable.html).toContain('not known');
  });

  it('a consent has no path of its own (bank-offered, part 5.2): /v1/consents/{id} is no endpoint either way', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    for (const id of ['unknown-id', '%FF']) {
      const answer = await api(sb, 'GET', `/v1/consents/${id}`, { headers: psu.headers });
      expect({ id, status: answer.status, code: answer.body.tppMessages?.[0]?.code }).toEqual({
        id,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
  });
});
