import { accountList, cardAccountList } from '@sandbank/engine';
import { api, consent, KARI, type Psu, sandbox, setClock } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../src/index.js';
import { createSeedState } from '../../src/sandbox-api/seed.js';

// part 9 rule 2: "Breaking changes are opt-in first through the x-accept-fix header and become
// default after a 3-month notice", on the dates of the part 9 table, by the bank clock.

const LONG_NAME = 'Kari Nordmann Mastercard Gold med en svært lang kortkontobeskrivelse';

/** The seed at `at`, Kari's card account with a long name and one booked purchase abroad. */
function bankAt(at: string, options: SandboxOptions = {}) {
  const now = Date.parse(at);
  const state = createSeedState('sandbank', now);
  const card = cardAccountList(state).find((c) => c.customerNumber === KARI);
  const account = accountList(state).find((a) => a.customerNumber === KARI && a.accountName === 'Sparekonto');
  if (card === undefined || account === undefined) throw new Error('no card account or Sparekonto');
  card.name = LONG_NAME;
  state.cardTransactions[card.id] = [
    {
      cardTransactionId: 'ct-1',
      cardAccountId: card.id,
      status: 'booked',
      seq: 1,
      bookingDate: at.slice(0, 10),
      transactionDate: at.slice(0, 10),
      transactionAmount: { amount: '-250.50', currency: 'NOK' },
      originalAmount: { amount: '-22.40', currency: 'EUR' },
      merchantCategoryCode: '5812',
    },
  ];
  const sb = sandbox({ now: () => now, initialState: state, ...options });
  return { sb, card, account };
}

/** What the four fixes change, read as a TPP would, with `x-accept-fix` set to `fixes`. */
async function observe(bank: ReturnType<typeof bankAt>, psu: Psu, fixes: string | undefined) {
  const headers = { ...psu.headers, 'x-accept-fix': fixes };
  const balances = await api(bank.sb, 'GET', `/v1/accounts/${bank.account.id}/balances`, { headers });
  const details = await api(bank.sb, 'GET', `/v1/accounts/${bank.account.id}`, { headers });
  const card = await api(bank.sb, 'GET', `/v1/card-accounts/${bank.card.id}`, { headers });
  const cardTx = await api(
    bank.sb,
    'GET',
    `/v1/card-accounts/${bank.card.id}/transactions?bookingStatus=booked`,
    {
      headers,
    },
  );
  return {
    amountType: typeof balances.body.balances[0].balanceAmount.amount,
    cashAccountType: details.body.account.cashAccountType,
    cardName: card.body.cardAccount.name,
    cardTransactionCurrency: cardTx.body.cardTransactions.booked[0].transactionAmount.currency,
  };
}

/** What a TPP sees with every fix in force, and with none of the three 2024 fixes. */
const ALL_FIXES = {
  amountType: 'string',
  cashAccountType: 'SVGS',
  cardName: LONG_NAME,
  cardTransactionCurrency: 'NOK',
};
const NO_2024_FIXES = {
  cashAccountType: 'Savings',
  cardName: LONG_NAME.slice(0, 35),
  cardTransactionCurrency: 'EUR',
};
const THE_2024_FIXES =
  'cash-account-type-iso,longer-names,cardaccount-switch-originalamount-and-transactionamount';

describe('x-accept-fix fixes become the default on their part 9 dates, by the bank clock', () => {
  it('makes amount-as-string the default from 01-Aug-2020: opt-in the day before, default from that day', async () => {
    const bank = bankAt('2020-07-31T23:00:00Z');
    const psu = await consent(bank.sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    expect((await observe(bank, psu, undefined)).amountType).toBe('number');
    expect((await observe(bank, psu, 'amount-as-string')).amountType).toBe('string');
    await setClock(bank.sb, '2020-08-01T00:00:00Z');
    expect((await observe(bank, psu, undefined)).amountType).toBe('string');
    expect((await observe(bank, psu, '')).amountType).toBe('string');
  });

  it('makes the other three fixes the default from 05-Sep-2024', async () => {
    const bank = bankAt('2024-09-04T23:30:00Z');
    const psu = await consent(bank.sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    expect(await observe(bank, psu, undefined)).toEqual({ amountType: 'string', ...NO_2024_FIXES });
    expect(await observe(bank, psu, THE_2024_FIXES)).toEqual(ALL_FIXES);
    await setClock(bank.sb, '2024-09-05T00:00:00Z');
    expect(await observe(bank, psu, undefined)).toEqual(ALL_FIXES);
  });

  it('keeps every fix opt-in with acceptFixDefaults: legacy, as the platform recorded traffic answers', async () => {
    const bank = bankAt('2026-03-02T10:00:00Z', { acceptFixDefaults: 'legacy' });
    const psu = await consent(bank.sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    expect(await observe(bank, psu, '')).toEqual({ amountType: 'number', ...NO_2024_FIXES });
    expect(await observe(bank, psu, `amount-as-string,${THE_2024_FIXES}`)).toEqual(ALL_FIXES);
  });
});
