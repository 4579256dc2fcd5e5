import { api, consent, KARI, sandbox } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

describe('a consent approved with no account ticked', () => {
  it('answers reads with 401 CONSENT_INVALID saying nothing was selected, with a new scaRedirect', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: [] });
    for (const path of ['/v1/accounts', '/v1/card-accounts']) {
      const answer = await api(sb, 'GET', path, { headers: psu.headers });
      expect(answer.status).toBe(401);
      expect(answer.body.tppMessages[0].code).toBe('CONSENT_INVALID');
      expect(answer.body.tppMessages[0].text).toContain('without selecting any account');
      expect(answer.body.tppMessages[0].text).not.toContain('revoked');
      expect(answer.body._links.scaRedirect.href).toContain('/_sandbank/sca/');
    }
  });

  it('grants what the PSU ticks on the next SCA', async () => {
    const sb = sandbox();
    await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: [] });
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const answer = await api(sb, 'GET', '/v1/accounts', { headers: psu.headers });
    expect(answer.status).toBe(200);
    expect(answer.body.accounts.length).toBeGreaterThan(0);
  });
});
