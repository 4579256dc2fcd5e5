import { api, FJORDLYS, KARI, REDIRECT_URI, sandbox, walkSca } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

const headers = { 'tpp-redirect-uri': REDIRECT_URI, 'tpp-session-id': 'pis-session' };

describe('GET /v1/user and /v1/users', () => {
  it.each(['/v1/user', '/v1/users'])('%s gives a payment-only TPP the psu-id through SCA', async (path) => {
    const sb = sandbox();
    const started = await api(sb, 'GET', path, { headers });
    expect(started.status).toBe(200);
    const { params, pages } = await walkSca(sb, started.body._links.scaRedirect.href, {
      nationalId: KARI,
      context: 'PRIVATE',
    });
    expect(params.get('psu-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(params.get('context')).toBe('PRIVATE');
    expect(params.get('tpp-session-id')).toBe('pis-session');
    expect(pages.some((p) => p.form?.controls.some((c) => c.name === 'accounts'))).toBe(false);
    // no account information comes with it
    const accounts = await api(sb, 'GET', '/v1/accounts', {
      headers: { ...headers, 'psu-id': params.get('psu-id') ?? '' },
    });
    expect(accounts.status).toBe(401);
    expect(accounts.body.tppMessages[0].code).toBe('CONSENT_INVALID');
  });

  it('yields psu-corporate-id for a corporate choice', async () => {
    const sb = sandbox();
    const started = await api(sb, 'GET', '/v1/user', { headers });
    const { params } = await walkSca(sb, started.body._links.scaRedirect.href, {
      nationalId: FJORDLYS,
      context: 'CORPORATE',
    });
    expect(params.get('context')).toBe('CORPORATE');
    expect(params.get('psu-corporate-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('needs TPP-Redirect-URI', async () => {
    const sb = sandbox();
    const answer = await api(sb, 'GET', '/v1/user', { headers: { 'tpp-session-id': 's' } });
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0]).toMatchObject({
      code: 'HTTP_HEADER_REQUIRED',
      path: 'TPP-Redirect-URI',
    });
  });
});
