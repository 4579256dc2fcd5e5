import {
  type Account,
  accountList,
  cardAccountList,
  customerList,
  ibanFromBban,
  isNorwegianNationalId,
  makeBban,
  type State,
} from '@sandbank/engine';

/**
 * Example requests built from the bank as it is: a customer number nobody has yet, an unused valid
 * BBAN and its IBAN, an existing account in its own currency, dates on the bank clock. The schema
 * says which fields a request has; these say which values make the bank answer 2xx, checked by
 * `test/form-examples.test.ts` for every route with a body.
 */
export interface Example {
  /** Path parameters by name (`mockAccountId`). */
  params: Record<string, string>;
  body: unknown;
}

export interface ExampleContext {
  state: State;
  /** Bank time, epoch ms (dates must not lie in the bank's future). */
  now: number;
}

/** An example for a route, or null when the bank holds nothing to base it on (e.g. no accounts). */
export type ExampleMaker = (context: ExampleContext) => Example | null;

const DAY_MS = 86_400_000;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const customers = (state: State) => customerList(state);
const privateCustomer = (state: State) => customers(state).find((c) => c.customerType === 'private');

/** An 11-digit national identity number (born 1 January 1990) that no customer has. */
function freshNationalId(state: State): string {
  const taken = new Set(customers(state).map((c) => c.customerNumber));
  for (let serial = 0; ; serial++) {
    const candidate = `010190${String(serial).padStart(5, '0')}`;
    if (isNorwegianNationalId(candidate) && !taken.has(candidate)) return candidate;
  }
}

/** A valid BBAN (MOD11) no account has, in the bank's own bank code. */
function freshBban(state: State): string {
  const accounts = accountList(state);
  const taken = new Set(accounts.map((a) => a.bban));
  const bankCode = accounts[0]?.bban.slice(0, 4) ?? '1234';
  for (let serial = 900_000 + accounts.length; ; serial++) {
    const bban = makeBban(bankCode, serial);
    if (!taken.has(bban)) return bban;
  }
}

/** The first account of a customer of the given type. */
function accountOf(state: State, type: 'private' | 'corporate'): Account | undefined {
  const numbers = new Set(
    customers(state)
      .filter((c) => c.customerType === type)
      .map((c) => c.customerNumber),
  );
  return accountList(state).find((a) => numbers.has(a.customerNumber));
}

const firstCard = (state: State) => cardAccountList(state)[0];

/** Keyed by method and full path, as the route table's operations are (`POST /v1/sandbox/customers`). */
export const EXAMPLES: Readonly<Record<string, ExampleMaker>> = {
  'POST /v1/sandbox/customers': ({ state }) => ({
    params: {},
    body: { customerNumber: freshNationalId(state), name: 'Ola Nordmann', type: 'private' },
  }),

  'POST /v1/sandbox/accounts': ({ state }) => {
    const owner = privateCustomer(state);
    if (owner === undefined) return null;
    const bban = freshBban(state);
    const balance = { amount: '1000.00', currency: 'NOK' };
    return {
      params: {},
      body: {
        customerNumber: owner.customerNumber,
        accountName: 'Sparekonto',
        bban,
        iban: ibanFromBban(bban),
        currency: 'NOK',
        product: 'Sparekonto',
        cashAccountType: 'SVGS',
        creditLine: 0,
        balances: [
          { balanceType: 'closingBooked', balanceAmount: balance },
          { balanceType: 'expected', balanceAmount: balance },
        ],
      },
    };
  },

  'POST /v1/sandbox/accounts/:mockAccountId/transactions': ({ state, now }) => {
    const account = accountOf(state, 'private');
    if (account === undefined) return null;
    const yesterday = isoDay(now - DAY_MS);
    return {
      params: { mockAccountId: account.id },
      body: [
        {
          amount: '-250',
          currency: account.currency,
          bookingDate: yesterday,
          valueDate: yesterday,
          creditorName: 'Rema 1000',
          remittanceInformationUnstructured: 'Groceries',
        },
      ],
    };
  },

  'POST /v1/sandbox/agreements': ({ state }) => {
    // An agreement grants a PSU access to accounts its corporate owner holds (part 4.2 item 6).
    const account = accountOf(state, 'corporate');
    const psu = privateCustomer(state);
    if (account === undefined || psu === undefined) return null;
    return {
      params: {},
      body: {
        owner: account.customerNumber,
        name: 'Nettbank bedrift',
        engagements: [
          { customer: psu.customerNumber, account: { iban: account.iban }, roles: ['VIEW', 'REGISTER'] },
        ],
      },
    };
  },

  'POST /v1/sandbox/card-accounts': ({ state, now }) => {
    const owner = privateCustomer(state);
    if (owner === undefined) return null;
    const zero = { amount: '0', currency: 'NOK' };
    return {
      params: {},
      body: {
        customerNumber: owner.customerNumber,
        maskedPan: '541234xxxxxx0001',
        name: owner.customerName,
        product: 'Mastercard',
        currency: 'NOK',
        creditLimit: { amount: '20000', currency: 'NOK' },
        balances: [
          { balanceType: 'closingBooked', balanceAmount: zero },
          { balanceType: 'expected', balanceAmount: zero },
        ],
        cardId: `${owner.customerNumber.slice(0, 6)}900001`,
        cardIdVNo: '1',
        accountNumber: freshBban(state),
        expiry: isoDay(now + 3 * 365 * DAY_MS).slice(0, 7),
        status: 'enabled',
      },
    };
  },

  'POST /v1/sandbox/card-accounts/:mockCardAccountId/transactions': ({ state, now }) => {
    const card = firstCard(state);
    if (card === undefined) return null;
    const amount = { amount: '-199', currency: card.currency };
    const yesterday = isoDay(now - DAY_MS);
    return {
      params: { mockCardAccountId: card.id },
      body: [
        {
          bookingStatus: 'booked',
          transactionDate: yesterday,
          bookingDate: yesterday,
          transactionAmount: amount,
          originalAmount: amount,
          merchantCategoryCode: '5411',
          merchantName: 'Rema 1000',
        },
      ],
    };
  },

  'PUT /v1/sandbox/card-accounts/:mockCardAccountId/balances': ({ state }) => {
    const card = firstCard(state);
    if (card === undefined) return null;
    return {
      params: { mockCardAccountId: card.id },
      body: [{ balanceType: 'interimBooked', balanceAmount: { amount: '-1500', currency: card.currency } }],
    };
  },

  'POST /_sandbank/clock': () => ({ params: {}, body: { advanceMinutes: 60 } }),

  // docs/faults.md: the next GET /v1/accounts answers 503 SYSTEM_ERROR, once.
  'POST /_sandbank/faults': () => ({
    params: {},
    body: { match: { operation: 'listAccounts' }, effect: { status: 503, code: 'SYSTEM_ERROR' }, times: 1 },
  }),

  'POST /_sandbank/snapshots': ({ state }) => {
    let n = 1;
    while (`example ${n}` in state.snapshots) n++;
    return { params: {}, body: { name: `example ${n}` } };
  },

  'POST /_sandbank/tpps': ({ state }) => {
    let n = 1;
    while (`PSDNO-FSA-EXAMPLE${n}` in state.tppRegistry) n++;
    return {
      params: {},
      body: {
        organisationId: `PSDNO-FSA-EXAMPLE${n}`,
        name: 'Example Regnskap AS',
        roles: ['PSP_AI', 'PSP_PI'],
        email: 'api@regnskap.example',
      },
    };
  },
};
