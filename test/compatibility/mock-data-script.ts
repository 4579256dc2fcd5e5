import type { Answer, PlatformClient } from './platform-client.js';

/**
 * A platform client's typical mock-data set-up, with the request bodies in the shapes its scripts send
 * (docs/sandbox-api.md, "Accepted forms"): a private customer with two accounts whose balance types are
 * upper case and a card account with a 12-digit account number, an expiry written as a date and an
 * upper-case status; a corporate customer numbered 55555555 with two accounts and an agreement that
 * engages the private customer; a transaction on each account (purposeCode "code") and a card
 * transaction without bookingStatus and with merchantCategoryCode "BOB".
 */

export const PRIVATE = '01010000110';
export const CORPORATE = '55555555';
/** An account outside the bank, the other party of each mock transaction. */
const EXTERNAL = '12345678903';

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** A Norwegian BBAN: the first 10 digits and their MOD11 check digit (the serial is bumped when there is none). */
function bban(bank: string, serial: number): string {
  for (let n = serial; ; n++) {
    const first10 = `${bank}${String(n).padStart(6, '0')}`;
    const r = 11 - ([...first10].reduce((sum, d, i) => sum + Number(d) * (WEIGHTS[i] ?? 0), 0) % 11);
    if (r !== 10) return `${first10}${r === 11 ? 0 : r}`;
  }
}

function iban(of: string): string {
  let r = 0;
  for (const ch of `${of}232400`) r = (r * 10 + Number(ch)) % 97;
  return `NO${String(98 - r).padStart(2, '0')}${of}`;
}

export const ACCOUNTS = {
  privateCurrent: bban('9710', 424_242),
  privateSavings: bban('9710', 424_300),
  corporateOperations: bban('9710', 525_252),
  corporateTax: bban('9710', 525_300),
};

function account(customerNumber: string, number: string, name: string, type: string, balances: unknown[]) {
  return {
    customerNumber,
    accountName: name,
    bban: number,
    iban: iban(number),
    currency: 'NOK',
    product: name,
    cashAccountType: type,
    creditLine: 0,
    balances,
  };
}

const nok = (amount: number) => ({ amount, currency: 'NOK' });

/** Days before `today` (yyyy-mm-dd), as a date. */
function daysBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

export interface ScriptRun {
  /** Every call in order: its name and the bank's answer. */
  calls: Array<{ name: string; answer: Answer }>;
  ids: { privateCurrent: string; corporateOperations: string; card: string };
}

/** Runs the set-up through `client`; `today` is the bank date (transactions lie before it). */
export async function runMockDataScript(client: PlatformClient, today: string): Promise<ScriptRun> {
  const calls: ScriptRun['calls'] = [];
  const step = async (name: string, method: string, path: string, body?: unknown) => {
    const answer = await client.call(method, path, body);
    calls.push({ name, answer });
    return answer;
  };

  await step('private customer', 'POST', '/sandbox/customers', {
    customerNumber: PRIVATE,
    name: 'Ola Testmann',
    type: 'private',
  });
  const current = await step(
    'private account 1',
    'POST',
    '/sandbox/accounts',
    account(PRIVATE, ACCOUNTS.privateCurrent, 'Brukskonto', 'CACC', [
      { balanceType: 'EXPECTED', balanceAmount: nok(15000.0) },
    ]),
  );
  const savings = await step(
    'private account 2',
    'POST',
    '/sandbox/accounts',
    account(PRIVATE, ACCOUNTS.privateSavings, 'Sparekonto', 'SVGS', [
      { balanceType: 'CLOSINGBOOKED', balanceAmount: nok(250000.5) },
      { balanceType: 'EXPECTED', balanceAmount: nok(250000.5) },
    ]),
  );
  const card = await step('card account', 'POST', '/sandbox/card-accounts', {
    customerNumber: PRIVATE,
    maskedPan: '123456******1234',
    currency: 'NOK',
    creditLimit: nok(50000),
    balances: [{ balanceType: 'EXPECTED', balanceAmount: nok(-1500) }],
    cardId: '4242424242',
    cardIdVNo: '1',
    accountNumber: '123456789012',
    expiry: '2020-01-01',
    name: 'Ola Testmann',
    product: 'Mastercard',
    status: 'ENABLED',
  });
  await step('corporate customer', 'POST', '/sandbox/customers', {
    customerNumber: CORPORATE,
    name: 'Testbedrift AS',
    type: 'corporate',
  });
  const operations = await step(
    'corporate account 1',
    'POST',
    '/sandbox/accounts',
    account(CORPORATE, ACCOUNTS.corporateOperations, 'Driftskonto', 'CACC', [
      { balanceType: 'EXPECTED', balanceAmount: nok(98000) },
    ]),
  );
  const tax = await step(
    'corporate account 2',
    'POST',
    '/sandbox/accounts',
    account(CORPORATE, ACCOUNTS.corporateTax, 'Skattetrekkskonto', 'TAXE', [
      { balanceType: 'EXPECTED', balanceAmount: nok(12000) },
    ]),
  );
  await step('agreement', 'POST', '/sandbox/agreements', {
    owner: CORPORATE,
    name: 'Testbedrift AS',
    engagements: [ACCOUNTS.corporateOperations, ACCOUNTS.corporateTax].map((number) => ({
      customer: PRIVATE,
      account: { iban: iban(number) },
      roles: ['VIEW', 'REGISTER'],
    })),
  });
  const accounts: Array<[Answer, string]> = [
    [current, ACCOUNTS.privateCurrent],
    [savings, ACCOUNTS.privateSavings],
    [operations, ACCOUNTS.corporateOperations],
    [tax, ACCOUNTS.corporateTax],
  ];
  for (const [i, [created, number]] of accounts.entries()) {
    await step(`account transaction ${i + 1}`, 'POST', `/sandbox/accounts/${created.body.id}/transactions`, [
      {
        amount: 250.5,
        currency: 'NOK',
        valueDate: daysBefore(today, 3),
        bookingDate: daysBefore(today, 3),
        remittanceInformationUnstructured: 'Testoverføring',
        creditorName: 'Mottaker',
        creditorAccount: { bban: number },
        debtorName: 'Avsender',
        debtorAccount: { bban: EXTERNAL },
        purposeCode: 'code',
        bankTransactionCode: 'PMNT-RCDT-DMCT',
      },
    ]);
  }
  const cardId: string = card.body.cardAccount?.resourceId;
  await step('card transaction', 'POST', `/sandbox/card-accounts/${cardId}/transactions`, [
    {
      transactionDate: daysBefore(today, 2),
      bookingDate: daysBefore(today, 1),
      transactionAmount: nok(-120),
      originalAmount: nok(-120),
      merchantCategoryCode: 'BOB',
    },
  ]);
  await step('customer list', 'GET', '/sandbox/customers');
  await step('account', 'GET', `/sandbox/accounts/${current.body.id}`);
  await step('account transactions', 'GET', `/sandbox/accounts/${current.body.id}/transactions`);
  await step('card', 'GET', `/sandbox/card-accounts/${cardId}`);
  await step('card transactions', 'GET', `/sandbox/card-accounts/${cardId}/transactions?bookingStatus=both`);
  return {
    calls,
    ids: { privateCurrent: current.body.id, corporateOperations: operations.body.id, card: cardId },
  };
}
