import { accountById, accountList } from '@sandbank/engine';
import { api, consent, KARI, OLA, sandbox } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

describe('GET /v1/accounts', () => {
  it('lists only the consented accounts, with links that carry verbs', async () => {
    const sb = sandbox();
    const kari = accountList(sb.getState()).filter((a) => a.customerNumber === KARI);
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: [kari[1]?.id ?? ''] });
    const answer = await api(sb, 'GET', '/v1/accounts', { headers: psu.headers });
    expect(answer.status).toBe(200);
    expect(answer.body.accounts).toHaveLength(1);
    const [account] = answer.body.accounts;
    expect(account).toMatchObject({
      resourceId: kari[1]?.id,
      bban: kari[1]?.bban,
      iban: kari[1]?.iban,
      currency: 'NOK',
      name: 'Sparekonto',
      bic: 'SBAKNOKK',
    });
    expect(account.balances).toBeUndefined();
    expect(account._links.self).toEqual({ href: `/v1/accounts/${kari[1]?.id}`, verbs: ['GET'] });
    expect(account._links.transactions.href).toBe(
      `/v1/accounts/${kari[1]?.id}/transactions?bookingStatus=both`,
    );
    const other = kari[0]?.id ?? '';
    const refused = await api(sb, 'GET', `/v1/accounts/${other}`, { headers: psu.headers });
    expect(refused.status).toBe(403);
  });

  it('adds balances with withBalance=true and maps cashAccountType per x-accept-fix', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const iso = await api(sb, 'GET', '/v1/accounts?withBalance=true', {
      headers: { ...psu.headers, 'x-accept-fix': 'amount-as-string,cash-account-type-iso' },
    });
    const savings = iso.body.accounts.find((a: { name: string }) => a.name === 'Sparekonto');
    expect(savings.cashAccountType).toBe('SVGS');
    expect(savings.balances.map((b: { balanceType: string }) => b.balanceType)).toEqual([
      'closingBooked',
      'expected',
    ]);
    expect(typeof savings.balances[0].balanceAmount.amount).toBe('string');
    // part 9: cash-account-type-iso has been the default since 05-Sep-2024 (the bank clock is in 2026).
    const plain = await api(sb, 'GET', '/v1/accounts', { headers: { ...psu.headers, 'x-accept-fix': '' } });
    expect(plain.body.accounts.find((a: { name: string }) => a.name === 'Sparekonto').cashAccountType).toBe(
      'SVGS',
    );
  });

  it('never shows another PSU accounts to a TPP', async () => {
    const sb = sandbox();
    await consent(sb, { nationalId: OLA, context: 'PRIVATE', accounts: 'all' }, 'ola');
    const kari = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' }, 'kari');
    const answer = await api(sb, 'GET', '/v1/accounts', { headers: kari.headers });
    const owners = answer.body.accounts.map(
      (a: { resourceId: string }) => accountById(sb.getState(), a.resourceId)?.customerNumber,
    );
    expect(new Set(owners)).toEqual(new Set([KARI]));
  });
});
