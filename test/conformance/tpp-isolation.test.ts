import { accountList, cardAccountList } from '@sandbank/engine';
import { api, consent, FJORDLYS, KARI } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';
import { berlinGroupDefinitionErrors } from './berlin-group.js';
import { asBerlinGroupWarning } from './deviations.js';
import { bank } from './tpp.js';

describe('two TPPs do not see each other’s consents (part 5.2 rule 3, part 5.3)', () => {
  it('gives each TPP its own psu-id; one TPP’s psu-id means nothing to another', async () => {
    const shared = bank();
    const a = shared.as('PSDNO-FSA-111111111');
    const b = shared.as('PSDNO-FSA-222222222');
    const kariAtA = await consent(a, { nationalId: KARI, accounts: 'all' });
    const listed = await api(a, 'GET', '/v1/accounts', { headers: kariAtA.headers });
    expect(listed.status).toBe(200);
    expect(listed.body.accounts).toHaveLength(2);
    const borrowed = await api(b, 'GET', '/v1/accounts', { headers: kariAtA.headers });
    expect(borrowed.status).toBe(401);
    expect(borrowed.body.tppMessages[0].code).toBe('PSU_CREDENTIALS_INVALID');
    for (const account of listed.body.accounts as { resourceId: string }[]) {
      const answer = await api(b, 'GET', `/v1/accounts/${account.resourceId}/balances`, {
        headers: kariAtA.headers,
      });
      expect(answer.status).toBe(401);
    }
  });

  it('does not let another TPP ride on a session id of the first', async () => {
    const shared = bank();
    const a = shared.as('PSDNO-FSA-111111111');
    const b = shared.as('PSDNO-FSA-222222222');
    const kariAtA = await consent(a, { nationalId: KARI, accounts: 'all' }, 'shared-session');
    const { 'psu-id': _, ...sessionOnly } = kariAtA.headers;
    expect((await api(a, 'GET', '/v1/accounts', { headers: sessionOnly })).status).toBe(200);
    const answer = await api(b, 'GET', '/v1/accounts', { headers: sessionOnly });
    expect(answer.status).toBe(401);
    expect(answer.body.accounts).toBeUndefined();
  });

  it('keeps the consents apart: what the PSU grants one TPP is not granted to the other', async () => {
    const shared = bank();
    const a = shared.as('PSDNO-FSA-111111111');
    const b = shared.as('PSDNO-FSA-222222222');
    const [first] = accountList(shared.state()).filter((x) => x.customerNumber === KARI);
    const kariAtA = await consent(a, { nationalId: KARI, accounts: 'all' }, 'session-a');
    const kariAtB = await consent(b, { nationalId: KARI, accounts: [first?.id ?? ''] }, 'session-b');
    expect(kariAtB.psuId).not.toBe(kariAtA.psuId);
    const atA = await api(a, 'GET', '/v1/accounts', { headers: kariAtA.headers });
    const atB = await api(b, 'GET', '/v1/accounts', { headers: kariAtB.headers });
    expect(atA.body.accounts).toHaveLength(2);
    expect(atB.body.accounts.map((x: { resourceId: string }) => x.resourceId)).toEqual([first?.id]);
    const card = cardAccountList(shared.state()).find((c) => c.customerNumber === KARI);
    expect((await api(a, 'GET', `/v1/card-accounts/${card?.id}`, { headers: kariAtA.headers })).status).toBe(
      200,
    );
    expect((await api(b, 'GET', `/v1/card-accounts/${card?.id}`, { headers: kariAtB.headers })).status).toBe(
      403,
    );
  });

  it('refuses one TPP’s psu-corporate-id from another', async () => {
    const shared = bank();
    const a = shared.as('PSDNO-FSA-111111111');
    const b = shared.as('PSDNO-FSA-222222222');
    const atA = await consent(
      a,
      { nationalId: FJORDLYS, context: 'CORPORATE', accounts: 'all' },
      'session-a',
    );
    const atB = await consent(
      b,
      { nationalId: FJORDLYS, context: 'CORPORATE', accounts: 'all' },
      'session-b',
    );
    expect(atB.corporateId).not.toBe(atA.corporateId);
    const crossed = await api(b, 'GET', '/v1/accounts', {
      headers: { ...atB.headers, 'psu-corporate-id': atA.corporateId ?? '' },
    });
    expect(crossed.body.tppMessages[0]).toMatchObject({ code: 'RESOURCE_UNKNOWN', path: 'PSU-Corporate-ID' });
    expect(crossed.body.accounts).toBeUndefined();
  });
});

describe('a TPP whose certificate lacks the role, in the sandbox profile', () => {
  it('is answered with a part 7 FORBIDDEN warning, a tppMessage2XX once D11 is applied', async () => {
    const payer = bank().as('PSDNO-FSA-333333333', ['PSP_PI']);
    const psu = await consent(payer, { nationalId: KARI, accounts: 'all' });
    const answer = await api(payer, 'GET', '/v1/accounts', { headers: psu.headers });
    expect(answer.status).toBe(200);
    const [message] = answer.body.tppMessages;
    expect(message).toMatchObject({ category: 'WARNING', code: 'FORBIDDEN' });
    expect(message.text).toContain('PSP_AI');
    expect(berlinGroupDefinitionErrors('tppMessage2XX', message)).not.toEqual([]);
    const patched = asBerlinGroupWarning(message);
    expect(patched.applied).toBe(true);
    expect(berlinGroupDefinitionErrors('tppMessage2XX', patched.message)).toEqual([]);
  });
});
