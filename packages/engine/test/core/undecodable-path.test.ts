import { api, consent, KARI, sandbox } from '@sandbank/test-support/ais';
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
});
