import { accountList } from '@sandbank/engine';
import { api, consent, KARI, sandbox } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

describe('GET /v1/accounts/{id} and /balances', () => {
  it('answers closingBooked and expected, amounts as strings (the default since 01-Aug-2020, part 9)', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const account = accountList(sb.getState()).find((a) => a.customerNumber === KARI);
    const id = account?.id ?? '';
    const asString = await api(sb, 'GET', `/v1/accounts/${id}/balances`, { headers: psu.headers });
    expect(asString.status).toBe(200);
    expect(asString.body.account).toEqual({ bban: account?.bban, iban: account?.iban, currency: 'NOK' });
    expect(asString.body.balances).toEqual([
      { balanceAmount: { amount: account?.booked, currency: 'NOK' }, balanceType: 'closingBooked' },
      { balanceAmount: { amount: account?.expected, currency: 'NOK' }, balanceType: 'expected' },
    ]);
    const withoutFix = await api(sb, 'GET', `/v1/accounts/${id}/balances`, {
      headers: { ...psu.headers, 'x-accept-fix': undefined },
    });
    expect(withoutFix.body.balances[0].balanceAmount.amount).toBe(account?.booked);
    const details = await api(sb, 'GET', `/v1/accounts/${id}`, { headers: psu.headers });
    expect(details.body.account.resourceId).toBe(id);
  });

  it('answers 404 RESOURCE_UNKNOWN for an account that does not exist', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const answer = await api(sb, 'GET', '/v1/accounts/enc!!nope==/balances', { headers: psu.headers });
    expect(answer.status).toBe(404);
    expect(answer.body.tppMessages[0].code).toBe('RESOURCE_UNKNOWN');
  });

  it('adds balances to a transaction listing with withBalance=true', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const id = accountList(sb.getState()).find((a) => a.customerNumber === KARI)?.id ?? '';
    const path = `/v1/accounts/${id}/transactions?bookingStatus=booked&limit=1`;
    const plain = await api(sb, 'GET', path, { headers: psu.headers });
    expect(plain.body.balances).toBeUndefined();
    const withBalance = await api(sb, 'GET', `${path}&withBalance=true`, { headers: psu.headers });
    expect(withBalance.body.balances).toHaveLength(2);
  });
});
