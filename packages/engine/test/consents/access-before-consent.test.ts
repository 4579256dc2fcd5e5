import { accountList } from '@sandbank/engine';
import { api, KARI, REDIRECT_URI, sandbox, walkSca } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

describe('account information before consent', () => {
  it('answers GET /v1/accounts with 401 and a working scaRedirect', async () => {
    const sb = sandbox();
    const headers = { 'tpp-redirect-uri': REDIRECT_URI, 'tpp-session-id': 's1' };
    const answer = await api(sb, 'GET', '/v1/accounts', { headers });
    expect(answer.status).toBe(401);
    expect(answer.body.tppMessages[0].code).toBe('CONSENT_INVALID');
    const href: string = answer.body._links.scaRedirect.href;
    expect(answer.body._links.scaRedirect.verbs).toEqual(['GET']);
    const { params } = await walkSca(sb, href, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const after = await api(sb, 'GET', '/v1/accounts', {
      headers: { ...headers, 'psu-id': params.get('psu-id') ?? '' },
    });
    expect(after.status).toBe(200);
    expect(after.body.accounts).toHaveLength(2);
  });

  it('gives nothing about an account without consent', async () => {
    const sb = sandbox();
    const id = accountList(sb.getState()).map((a) => a.id)[0] ?? '';
    for (const path of [`/v1/accounts/${id}`, `/v1/accounts/${id}/balances`]) {
      const answer = await api(sb, 'GET', path);
      expect(answer.status).toBe(401);
      expect(answer.body.accounts).toBeUndefined();
    }
  });

  it('rejects a PSU-ID the bank never issued', async () => {
    const sb = sandbox();
    const answer = await api(sb, 'GET', '/v1/accounts', {
      headers: { 'psu-id': '00000000-0000-4000-8000-000000000000' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.tppMessages[0]).toMatchObject({ code: 'PSU_CREDENTIALS_INVALID', path: 'PSU-ID' });
  });
});
