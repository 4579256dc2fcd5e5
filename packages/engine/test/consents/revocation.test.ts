import { accountList } from '@sandbank/engine';
import {
  api,
  consent,
  controls,
  getPage,
  KARI,
  sandbox,
  startConsent,
  submit,
} from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

describe('revoking consent on the consent page (part 5.2 rule 4)', () => {
  it('pre-selects granted accounts; unticking one revokes it without telling the TPP', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const listed = await api(sb, 'GET', '/v1/accounts', { headers: psu.headers });
    const [keep, drop] = listed.body.accounts.map((a: { resourceId: string }) => a.resourceId);

    const href = await startConsent(sb, { 'psu-id': psu.psuId, 'psu-context': 'PRIVATE' });
    const page = await getPage(sb, href);
    const boxes = controls(page, 'accounts');
    expect(boxes.filter((b) => b.checked)).toHaveLength(3);
    const done = await submit(sb, href, page, {
      accounts: boxes.map((b) => b.value).filter((v) => v !== drop),
    });
    expect(done.status).toBe(303);

    const kept = await api(sb, 'GET', `/v1/accounts/${keep}/balances`, { headers: psu.headers });
    expect(kept.status).toBe(200);
    const revoked = await api(sb, 'GET', `/v1/accounts/${drop}/balances`, { headers: psu.headers });
    expect(revoked.status).toBe(403);
    expect(revoked.body.tppMessages[0].code).toBe('CONSENT_UNKNOWN');
    const list = await api(sb, 'GET', '/v1/accounts', { headers: psu.headers });
    expect(list.body.accounts.map((a: { resourceId: string }) => a.resourceId)).toEqual([keep]);

    const again = await getPage(
      sb,
      await startConsent(sb, { 'psu-id': psu.psuId, 'psu-context': 'PRIVATE' }),
    );
    expect(
      controls(again, 'accounts')
        .filter((b) => b.checked)
        .map((b) => b.value),
    ).not.toContain(drop);
  });

  it('answers 403 CONSENT_UNKNOWN once every account is unticked', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const href = await startConsent(sb, { 'psu-id': psu.psuId, 'psu-context': 'PRIVATE' });
    const page = await getPage(sb, href);
    const done = await submit(sb, href, page, { accounts: [] });
    expect(done.status).toBe(303);
    for (const path of ['/v1/accounts', '/v1/card-accounts']) {
      const answer = await api(sb, 'GET', path, { headers: psu.headers });
      expect(answer.status).toBe(403);
      expect(answer.body.tppMessages[0].code).toBe('CONSENT_UNKNOWN');
      expect(answer.body._links).toBeUndefined();
    }
  });

  it('grants an account ticked later', async () => {
    const sb = sandbox();
    const first = accountList(sb.getState()).find((a) => a.customerNumber === KARI);
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: [first?.id ?? ''] });
    expect((await api(sb, 'GET', '/v1/accounts', { headers: psu.headers })).body.accounts).toHaveLength(1);
    const href = await startConsent(sb, { 'psu-id': psu.psuId, 'psu-context': 'PRIVATE' });
    const page = await getPage(sb, href);
    await submit(sb, href, page, { accounts: controls(page, 'accounts').map((b) => b.value) });
    expect((await api(sb, 'GET', '/v1/accounts', { headers: psu.headers })).body.accounts).toHaveLength(2);
  });
});
