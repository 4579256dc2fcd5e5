import {
  api,
  consent,
  controls,
  FJORDLYS,
  getPage,
  NORDKAPP,
  REDIRECT_URI,
  redirectParams,
  START,
  sandbox,
  submit,
} from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';
import { createSeedState } from '../../src/sandbox-api/seed.js';

/** The seed, plus Fjordlys's PSU engaged in Nordkapp's agreement for one account. */
function twoAgreements() {
  const state = createSeedState('sandbank', START);
  const nordkapp = Object.values(state.agreements).find((a) => a.owner === NORDKAPP);
  const account = nordkapp?.engagements[0]?.accountId ?? '';
  nordkapp?.engagements.push({ customer: FJORDLYS, accountId: account, roles: ['VIEW', 'REGISTER'] });
  return { state, sharedAccount: account };
}

describe('corporate context (part 5.4)', () => {
  it('gives psu-corporate-id and shows only the accounts of the chosen agreement', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: FJORDLYS, context: 'CORPORATE', accounts: 'all' });
    expect(psu.corporateId).toMatch(/^[0-9a-f-]{36}$/);
    const answer = await api(sb, 'GET', '/v1/accounts', { headers: psu.headers });
    expect(answer.status).toBe(200);
    const agreement = Object.values(sb.getState().agreements).find((a) => a.owner === FJORDLYS);
    expect(answer.body.accounts.map((a: { resourceId: string }) => a.resourceId).sort()).toEqual(
      agreement?.engagements.map((e) => e.accountId).sort(),
    );
  });

  it('rejects a call for a corporate user without PSU-Corporate-ID with 400', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: FJORDLYS, context: 'CORPORATE', accounts: 'all' });
    const { 'psu-corporate-id': _, ...headers } = psu.headers;
    const answer = await api(sb, 'GET', '/v1/accounts', { headers });
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0]).toMatchObject({
      code: 'HTTP_HEADER_REQUIRED',
      path: 'PSU-Corporate-ID',
    });
    const withContext = await api(sb, 'GET', '/v1/accounts', {
      headers: { ...headers, 'psu-context': 'CORPORATE' },
    });
    expect(withContext.status).toBe(400);
  });

  it('rejects a PSU-Corporate-ID that is not one of the PSU agreements', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: FJORDLYS, context: 'CORPORATE', accounts: 'all' });
    const answer = await api(sb, 'GET', '/v1/accounts', {
      headers: { ...psu.headers, 'psu-corporate-id': '11111111-1111-4111-8111-111111111111' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0]).toMatchObject({ code: 'RESOURCE_UNKNOWN', path: 'PSU-Corporate-ID' });
  });

  it('lists the PSU agreements with GET /v1/agreements', async () => {
    const { state } = twoAgreements();
    const sb = sandbox({ initialState: state });
    const psu = await consent(sb, { nationalId: FJORDLYS, context: 'CORPORATE', accounts: 'all' });
    const answer = await api(sb, 'GET', '/v1/agreements', { headers: { 'psu-id': psu.psuId } });
    expect(answer.status).toBe(200);
    expect(answer.body.agreements).toHaveLength(2);
    expect(answer.body.agreements.map((a: { psuCorporateId: string }) => a.psuCorporateId)).toContain(
      psu.corporateId,
    );
    const missing = await api(sb, 'GET', '/v1/agreements');
    expect(missing.status).toBe(400);
    expect(missing.body.tppMessages[0].code).toBe('HTTP_HEADER_REQUIRED');
  });

  it('starts a consent flow for a new agreement without asking for the agreement again', async () => {
    const { state, sharedAccount } = twoAgreements();
    const sb = sandbox({ initialState: state });
    const psu = await consent(sb, { nationalId: FJORDLYS, context: 'CORPORATE', accounts: 'all' });
    const agreements = await api(sb, 'GET', '/v1/agreements', { headers: { 'psu-id': psu.psuId } });
    const other: string = agreements.body.agreements.find(
      (a: { psuCorporateId: string }) => a.psuCorporateId !== psu.corporateId,
    ).psuCorporateId;
    const headers = { ...psu.headers, 'psu-corporate-id': other, 'tpp-session-id': 'session-2' };
    const answer = await api(sb, 'GET', '/v1/accounts', { headers });
    expect(answer.status).toBe(401);
    const href: string = answer.body._links.scaRedirect.href;
    const login = await getPage(sb, href);
    const consentPage = await submit(sb, href, login, { nationalIdentityNumber: FJORDLYS });
    expect(controls(consentPage, 'agreement')).toHaveLength(0);
    expect(controls(consentPage, 'context')).toHaveLength(0);
    expect(controls(consentPage, 'accounts').map((c) => c.value)).toEqual([sharedAccount]);
    const done = await submit(sb, href, consentPage, { accounts: [sharedAccount] });
    expect(redirectParams(done).get('psu-corporate-id')).toBe(other);
    const after = await api(sb, 'GET', '/v1/accounts', { headers });
    expect(after.body.accounts.map((a: { resourceId: string }) => a.resourceId)).toEqual([sharedAccount]);
    // the first agreement's consent is untouched
    const first = await api(sb, 'GET', '/v1/accounts', {
      headers: { ...headers, 'psu-corporate-id': psu.corporateId ?? '' },
    });
    expect(first.body.accounts).toHaveLength(2);
  });

  it('hides an account the agreement no longer grants', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: FJORDLYS, context: 'CORPORATE', accounts: 'all' });
    const state = structuredClone(sb.getState());
    const agreement = Object.values(state.agreements).find((a) => a.owner === FJORDLYS);
    const removed = agreement?.engagements.pop()?.accountId;
    const put = await sb.fetch(
      new Request('https://bank.example/_sandbank/state', {
        method: 'PUT',
        body: JSON.stringify(state),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(put.status).toBe(204);
    const answer = await api(sb, 'GET', '/v1/accounts', { headers: psu.headers });
    expect(answer.body.accounts.map((a: { resourceId: string }) => a.resourceId)).not.toContain(removed);
    const direct = await api(sb, 'GET', `/v1/accounts/${removed}/balances`, { headers: psu.headers });
    expect(direct.status).toBe(403);
  });

  it('fails the SCA when PSU-Corporate-ID names an agreement of someone else', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: NORDKAPP, context: 'CORPORATE', accounts: 'all' });
    const created = await api(sb, 'POST', '/v1/bank-offered-consents', {
      headers: {
        'tpp-redirect-uri': REDIRECT_URI,
        'tpp-session-id': 'x',
        'psu-corporate-id': psu.corporateId ?? '',
      },
    });
    const href: string = created.body._links.scaRedirect.href;
    const failed = await submit(sb, href, await getPage(sb, href), { nationalIdentityNumber: FJORDLYS });
    expect(redirectParams(failed).get('code')).toBe('RESOURCE_UNKNOWN');
  });
});
