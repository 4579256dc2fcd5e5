import { accountList, cardAccountList } from '@sandbank/engine';
import { api, consent, KARI, START, sandbox } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';
import { createSeedState } from '../../src/sandbox-api/seed.js';

function withCardTransactions() {
  const state = createSeedState('sandbank', START);
  const card = cardAccountList(state).find((c) => c.customerNumber === KARI);
  if (card === undefined) throw new Error('no card');
  card.name = 'Kari Nordmann Mastercard Gold med en svært lang kortkontobeskrivelse';
  state.cardTransactions[card.id] = [
    {
      cardTransactionId: 'ct-2',
      cardAccountId: card.id,
      status: 'pending',
      seq: 2,
      bookingDate: '2026-03-01',
      transactionDate: '2026-03-01',
      transactionAmount: { amount: '-100.00', currency: 'NOK' },
      originalAmount: { amount: '-9.00', currency: 'EUR' },
      merchantCategoryCode: '5411',
    },
    {
      cardTransactionId: 'ct-1',
      cardAccountId: card.id,
      status: 'booked',
      seq: 1,
      bookingDate: '2026-02-20',
      transactionDate: '2026-02-19',
      transactionAmount: { amount: '-250.50', currency: 'NOK' },
      originalAmount: { amount: '-22.40', currency: 'EUR' },
      merchantCategoryCode: '5812',
      merchantName: 'Café Paris',
    },
  ];
  return { state, card };
}

describe('card accounts', () => {
  it('lists, shows and gives balances of consented card accounts', async () => {
    const { state, card } = withCardTransactions();
    const sb = sandbox({ initialState: state });
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const list = await api(sb, 'GET', '/v1/card-accounts', { headers: psu.headers });
    expect(list.status).toBe(200);
    expect(list.body.cardAccounts).toHaveLength(1);
    const [item] = list.body.cardAccounts;
    expect(item).toMatchObject({ resourceId: card.id, maskedPan: card.maskedPan, currency: 'NOK' });
    // part 9: longer-names has been the default since 05-Sep-2024 (the bank clock is in 2026).
    expect(item.name).toBe(card.name);
    expect(item._links.balances).toEqual({ href: `/v1/card-accounts/${card.id}/balances`, verbs: ['GET'] });
    const balances = await api(sb, 'GET', `/v1/card-accounts/${card.id}/balances`, { headers: psu.headers });
    expect(balances.body.cardAccount).toEqual({ maskedPan: card.maskedPan });
    expect(balances.body.balances).toHaveLength(2);
  });

  it('lists only the card transactions in state, amounts mapped correctly (the default since 05-Sep-2024)', async () => {
    const { state, card } = withCardTransactions();
    const sb = sandbox({ initialState: state });
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const path = `/v1/card-accounts/${card.id}/transactions?bookingStatus=both`;
    const answer = await api(sb, 'GET', path, { headers: { ...psu.headers, 'x-accept-fix': '' } });
    expect(answer.status).toBe(200);
    const { booked, pending } = answer.body.cardTransactions;
    expect(booked).toHaveLength(1);
    expect(pending).toHaveLength(1);
    expect(booked[0]).toMatchObject({
      cardTransactionId: 'ct-1',
      bookingDate: '2026-02-20',
      transactionDate: '2026-02-19',
      merchantCategoryCode: '5812',
      transactionAmount: { amount: '-250.50', currency: 'NOK' },
      originalAmount: { amount: '-22.40', currency: 'EUR' },
    });
  });

  it('with the legacy x-accept-fix defaults, cuts names at 35 and swaps card amounts unless the client opts in (part 9)', async () => {
    const { state, card } = withCardTransactions();
    const sb = sandbox({ initialState: state, acceptFixDefaults: 'legacy' });
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const plain = { ...psu.headers, 'x-accept-fix': '' };
    const cut = await api(sb, 'GET', `/v1/card-accounts/${card.id}`, { headers: plain });
    expect(cut.body.cardAccount.name).toBe(card.name.slice(0, 35));
    const longer = await api(sb, 'GET', `/v1/card-accounts/${card.id}`, {
      headers: { ...psu.headers, 'x-accept-fix': 'longer-names' },
    });
    expect(longer.body.cardAccount.name).toBe(card.name);
    const path = `/v1/card-accounts/${card.id}/transactions?bookingStatus=booked`;
    const swapped = await api(sb, 'GET', path, { headers: plain });
    expect(swapped.body.cardTransactions.booked[0]).toMatchObject({
      transactionAmount: { amount: -22.4, currency: 'EUR' },
      originalAmount: { amount: -250.5, currency: 'NOK' },
    });
    const fixed = await api(sb, 'GET', path, {
      headers: {
        ...psu.headers,
        'x-accept-fix': 'amount-as-string,cardaccount-switch-originalamount-and-transactionamount',
      },
    });
    expect(fixed.body.cardTransactions.booked[0].transactionAmount).toEqual({
      amount: '-250.50',
      currency: 'NOK',
    });
  });

  it('leaves out a merchantCategoryCode that is not an ISO 18245 code (the mock-data API keeps any text)', async () => {
    const { state, card } = withCardTransactions();
    const booked = state.cardTransactions[card.id]?.[1];
    if (booked !== undefined) booked.merchantCategoryCode = 'BOB';
    const sb = sandbox({ initialState: state, checkResponses: true });
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const listed = await api(sb, 'GET', `/v1/card-accounts/${card.id}/transactions?bookingStatus=both`, {
      headers: psu.headers,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.cardTransactions.booked[0].cardTransactionId).toBe('ct-1');
    expect(listed.body.cardTransactions.booked[0]).not.toHaveProperty('merchantCategoryCode');
    expect(listed.body.cardTransactions.pending[0].merchantCategoryCode).toBe('5411');
  });

  it('applies date and limit filters to pending card transactions even in production', async () => {
    const { state, card } = withCardTransactions();
    const sb = sandbox({ initialState: state, profile: 'production' });
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const answer = await api(
      sb,
      'GET',
      `/v1/card-accounts/${card.id}/transactions?bookingStatus=both&dateTo=2026-02-28`,
      {
        headers: psu.headers,
      },
    );
    expect(answer.body.cardTransactions.pending).toHaveLength(0);
    expect(answer.body.cardTransactions.booked).toHaveLength(1);
  });

  it('sends an empty booked list with a pending-only listing (Berlin Group cardAccountReport requires it)', async () => {
    const { state, card } = withCardTransactions();
    const sb = sandbox({ initialState: state });
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const answer = await api(sb, 'GET', `/v1/card-accounts/${card.id}/transactions?bookingStatus=pending`, {
      headers: psu.headers,
    });
    expect(answer.body.cardTransactions.booked).toEqual([]);
    expect(answer.body.cardTransactions.pending).toHaveLength(1);
  });

  it('refuses card accounts that were not ticked', async () => {
    const { state, card } = withCardTransactions();
    const sb = sandbox({ initialState: state });
    const accounts = accountList(state)
      .filter((a) => a.customerNumber === KARI)
      .map((a) => a.id);
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts });
    expect((await api(sb, 'GET', '/v1/card-accounts', { headers: psu.headers })).body.cardAccounts).toEqual(
      [],
    );
    const answer = await api(sb, 'GET', `/v1/card-accounts/${card.id}/balances`, { headers: psu.headers });
    expect(answer.status).toBe(403);
    expect(answer.body.tppMessages[0].code).toBe('CONSENT_UNKNOWN');
  });
});
