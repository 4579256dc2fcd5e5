import {
  api,
  controls,
  FJORDLYS,
  getPage,
  KARI,
  REDIRECT_URI,
  START,
  sandbox,
  stateWithTransactions,
  submit,
  walkSca,
} from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';
import { createSeedState } from '../../src/sandbox-api/seed.js';

/**
 * The whole account-information journey as a TPP makes it: consent → SCA pages → redirect →
 * accounts → balances → transactions page by page → details until the daily limit → revocation on
 * the consent page → the platform's answer.
 */
async function journey(
  nationalId: string,
  context: 'PRIVATE' | 'CORPORATE',
  initialState = createSeedState('sandbank', START),
) {
  const sb = sandbox({ initialState });
  const base = {
    'tpp-redirect-uri': REDIRECT_URI,
    'tpp-session-id': 'journey',
    'x-accept-fix': 'amount-as-string',
  };
  const created = await api(sb, 'POST', '/v1/bank-offered-consents', { headers: base });
  const { params } = await walkSca(sb, created.body._links.scaRedirect.href, {
    nationalId,
    context,
    accounts: 'all',
  });
  expect(params.get('context')).toBe(context);
  expect(params.get('tpp-session-id')).toBe('journey');
  const headers: Record<string, string> = { ...base, 'psu-id': params.get('psu-id') ?? '' };
  if (context === 'CORPORATE') headers['psu-corporate-id'] = params.get('psu-corporate-id') ?? '';

  const accounts = await api(sb, 'GET', '/v1/accounts?withBalance=true', { headers });
  expect(accounts.status).toBe(200);
  const ids: string[] = accounts.body.accounts.map((a: { resourceId: string }) => a.resourceId);
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) {
    const balances = await api(sb, 'GET', `/v1/accounts/${id}/balances`, { headers });
    expect(balances.status).toBe(200);
  }
  const biggest = ids
    .map((id) => ({ id, count: (sb.getState().transactions[id] ?? []).flat().length }))
    .sort((a, b) => b.count - a.count)[0]?.id as string;
  const booked: string[] = [];
  let href: string | undefined = `/v1/accounts/${biggest}/transactions?bookingStatus=booked`;
  while (href !== undefined) {
    const page = await api(sb, 'GET', href, { headers });
    expect(page.status).toBe(200);
    booked.push(...page.body.transactions.booked.map((t: { transactionId: string }) => t.transactionId));
    href = page.body.transactions._links.next?.href;
  }
  const statuses: number[] = [];
  for (const id of booked.slice(0, 5)) {
    statuses.push((await api(sb, 'GET', `/v1/accounts/${biggest}/transactions/${id}`, { headers })).status);
  }
  expect(statuses).toEqual([200, 200, 200, 200, 429]);

  // The PSU unticks everything on the consent page; the TPP is not told.
  const again = await api(sb, 'POST', '/v1/bank-offered-consents', { headers });
  const scaHref: string = again.body._links.scaRedirect.href;
  let page = await getPage(sb, scaHref);
  while (controls(page, 'accounts').length === 0) page = await submit(sb, scaHref, page, { context });
  expect(controls(page, 'accounts').every((c) => c.checked)).toBe(true);
  const done = await submit(sb, scaHref, page, { accounts: [] });
  expect(done.status).toBe(303);
  const after = await api(sb, 'GET', `/v1/accounts/${biggest}/balances`, { headers });
  expect(after.status).toBe(403);
  expect(after.body.tppMessages[0].code).toBe('CONSENT_UNKNOWN');
  return booked.length;
}

describe('the account-information journey', () => {
  it('works for a private PSU through an account of 1 000 transactions', async () => {
    const { state } = stateWithTransactions(1000);
    expect(await journey(KARI, 'PRIVATE', state)).toBe(1000);
  });

  it('works for a corporate PSU', async () => {
    expect(await journey(FJORDLYS, 'CORPORATE')).toBeGreaterThan(10);
  });
});
