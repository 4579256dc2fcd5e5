import { advance, api, consent, DAY_MINUTES, FJORDLYS, KARI, sandbox } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

async function setUp(nationalId = KARI, options: Parameters<typeof sandbox>[0] = {}) {
  const sb = sandbox(options);
  const psu = await consent(sb, {
    nationalId,
    context: nationalId === KARI ? 'PRIVATE' : 'CORPORATE',
    accounts: 'all',
  });
  const list = await api(sb, 'GET', '/v1/accounts', { headers: psu.headers });
  const accountId: string = list.body.accounts[0].resourceId;
  const tx = await api(sb, 'GET', `/v1/accounts/${accountId}/transactions?bookingStatus=booked&limit=5`, {
    headers: psu.headers,
  });
  const ids: string[] = tx.body.transactions.booked.map((t: { transactionId: string }) => t.transactionId);
  const details = (id = ids[0] ?? '', extra: Record<string, string | undefined> = {}) =>
    api(sb, 'GET', `/v1/accounts/${accountId}/transactions/${id}`, { headers: { ...psu.headers, ...extra } });
  return { sb, psu, accountId, ids, details };
}

describe('GET /v1/accounts/{id}/transactions/{transactionId} (part 2.6, part 8)', () => {
  it('answers transactionsDetails within every field rule', async () => {
    const { details, ids } = await setUp();
    const answer = await details();
    expect(answer.status).toBe(200);
    const d = answer.body.transactionsDetails;
    expect(d.transactionId).toBe(ids[0]);
    expect(d.bankTransactionCode.length).toBeGreaterThanOrEqual(4);
    expect(d.bankTransactionCode.length).toBeLessThanOrEqual(14);
    expect(d.transactionAmount).toEqual({ amount: expect.stringMatching(/^-?\d+\.\d{2}$/), currency: 'NOK' });
    expect(d.bookingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(d.proprietaryBankTransactionCode.length).toBeLessThanOrEqual(35);
    for (const name of ['creditorName', 'debtorName'] as const) {
      if (d[name] !== undefined) expect(d[name].length).toBeLessThanOrEqual(70);
    }
    expect(d.creditorId).toBeUndefined();
    expect(d.ultimateCreditor).toBeUndefined();
    // part 2.6: the detail link is for corporate context only
    expect(d._links).toBeUndefined();
  });

  it('links the detail in corporate context', async () => {
    const { details } = await setUp(FJORDLYS);
    const answer = await details();
    expect(answer.body.transactionsDetails._links.transactionDetails.verbs).toEqual(['GET']);
  });

  it('allows 4 calls a day without PSU-IP-Address; the fifth is 429 ACCESS_EXCEEDED', async () => {
    const { details, ids, sb } = await setUp();
    for (let i = 0; i < 4; i++) expect((await details(ids[i])).status).toBe(200);
    const fifth = await details(ids[4]);
    expect(fifth.status).toBe(429);
    expect(fifth.body.tppMessages[0].code).toBe('ACCESS_EXCEEDED');
    expect((await details(ids[4])).status).toBe(429);
    // with the PSU present the limit does not apply
    expect((await details(ids[4], { 'psu-ip-address': '192.0.2.10' })).status).toBe(200);
    // the bank clock's next day resets the counter
    await advance(sb, DAY_MINUTES);
    expect((await details(ids[4])).status).toBe(200);
  });

  it('does not count failed calls', async () => {
    const { details } = await setUp();
    for (let i = 0; i < 6; i++) expect((await details('enc!!unknown==')).status).toBe(404);
    expect((await details()).status).toBe(200);
  });

  it('needs a consent at most 90 days old without PSU-IP-Address', async () => {
    const { details, sb } = await setUp();
    await advance(sb, 91 * DAY_MINUTES);
    const without = await details(undefined, { 'tpp-session-id': 'later' });
    expect(without.status).toBe(401);
    expect(without.body.tppMessages[0].code).toBe('CONSENT_EXPIRED');
    expect(without.body._links.scaRedirect.href).toBeTruthy();
    const withIp = await details(undefined, { 'tpp-session-id': 'later', 'psu-ip-address': '2001:db8::1' });
    expect(withIp.status).toBe(200);
  });

  it.each([
    ['x-accept-fix', 'x-accept-fix'],
    ['tpp-session-id', 'TPP-Session-ID'],
    ['tpp-redirect-uri', 'TPP-Redirect-URI'],
  ])('requires %s (part 4.1, T)', async (header, path) => {
    const { details } = await setUp();
    const answer = await details(undefined, { [header]: undefined });
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0]).toMatchObject({ code: 'HTTP_HEADER_REQUIRED', path });
  });

  it('answers amounts as strings with an empty x-accept-fix: amount-as-string is the default since 01-Aug-2020 (part 9)', async () => {
    const { details } = await setUp();
    const answer = await details(undefined, { 'x-accept-fix': '' });
    expect(answer.body.transactionsDetails.transactionAmount.amount).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('answers amounts as numbers without amount-as-string under the legacy x-accept-fix defaults', async () => {
    const { details } = await setUp(KARI, { acceptFixDefaults: 'legacy' });
    const answer = await details(undefined, { 'x-accept-fix': '' });
    expect(typeof answer.body.transactionsDetails.transactionAmount.amount).toBe('number');
    const opted = await details(undefined, { 'x-accept-fix': 'amount-as-string' });
    expect(typeof opted.body.transactionsDetails.transactionAmount.amount).toBe('string');
  });
});
