import { DAY_MS, isoDate } from '../core/dates.js';
import { freezeDeep } from '../core/freeze.js';
import { allocateId } from '../core/ids.js';
import { ledgerFrom } from '../core/ledger.js';
import { addAmounts, fromMinor, negateAmount } from '../core/money.js';
import { putAccount, putCardAccount, putCustomer } from '../core/records.js';
import { type Account, emptyState, type State, type Transaction } from '../core/state.js';
import { ibanFromBban, makeBban } from './norwegian.js';
import { pick, randomAmount, seededRandom } from './random.js';
import { affordable, type Draft, history, type SeedAccount, SHOPS, toTransaction } from './seed-history.js';

/** The bank's BIC in the sandbox (fictional; matches the part 2.1 BIC pattern). */
export const SANDBOX_BIC = 'SBAKNOKK';
export const SANDBOX_BANK_CODE = '9710';

interface SeedCustomer {
  customerNumber: string;
  name: string;
  type: 'private' | 'corporate';
  accounts: SeedAccount[];
  card?: { name: string; product: string; creditLimit: string; pan: string };
}

/** docs/platform-facts.md §4: exactly these four customers, with these holdings. */
export const SEED_CUSTOMERS: readonly SeedCustomer[] = [
  {
    customerNumber: '13039319955',
    name: 'Kari Nordmann',
    type: 'private',
    accounts: [
      {
        name: 'Brukskonto',
        product: 'Brukskonto',
        cashAccountType: 'CACC',
        currency: 'NOK',
        opening: '18250.00',
        creditLine: '0',
        profile: 'salary',
      },
      {
        name: 'Sparekonto',
        product: 'Høyrentekonto',
        cashAccountType: 'SVGS',
        currency: 'NOK',
        opening: '152300.00',
        creditLine: '0',
        profile: 'savings',
      },
    ],
    card: {
      name: 'Kari Nordmann',
      product: 'Mastercard Gold',
      creditLimit: '50000',
      pan: '5412750000004321',
    },
  },
  {
    customerNumber: '12085592767',
    name: 'Ola Hansen',
    type: 'private',
    accounts: [
      {
        name: 'Brukskonto',
        product: 'Brukskonto',
        cashAccountType: 'CACC',
        currency: 'NOK',
        opening: '9420.50',
        creditLine: '5000',
        profile: 'salary',
      },
      {
        name: 'Valutakonto',
        product: 'Valutakonto EUR',
        cashAccountType: 'CACC',
        currency: 'EUR',
        opening: '2150.00',
        creditLine: '0',
        profile: 'currency',
      },
    ],
    card: { name: 'Ola Hansen', product: 'Visa Classic', creditLimit: '25000', pan: '4925630000008765' },
  },
  {
    customerNumber: '18129215603',
    name: 'Fjordlys Bakeri AS',
    type: 'corporate',
    accounts: [
      {
        name: 'Driftskonto',
        product: 'Bedriftskonto',
        cashAccountType: 'CACC',
        currency: 'NOK',
        opening: '412000.00',
        creditLine: '100000',
        profile: 'business',
      },
      {
        name: 'Skattetrekkskonto',
        product: 'Skattetrekkskonto',
        cashAccountType: 'TAXE',
        currency: 'NOK',
        opening: '86400.00',
        creditLine: '0',
        profile: 'tax',
      },
    ],
  },
  {
    customerNumber: '20079518612',
    name: 'Nordkapp Rørlegger AS',
    type: 'corporate',
    accounts: [
      {
        name: 'Driftskonto',
        product: 'Bedriftskonto',
        cashAccountType: 'CACC',
        currency: 'NOK',
        opening: '268900.00',
        creditLine: '50000',
        profile: 'business',
      },
      {
        name: 'Regningskonto',
        product: 'Bedriftskonto',
        cashAccountType: 'CACC',
        currency: 'NOK',
        opening: '35000.00',
        creditLine: '0',
        profile: 'bills',
        requiresKid: true,
      },
    ],
  },
];

/**
 * The seeded state of `POST /v1/sandbox/initialize` (docs/platform-facts.md §4): four customers, their
 * accounts with about four months of booked and a few pending transactions, card accounts for the
 * private customers, and one corporate agreement per corporate customer. Depends only on the seed
 * and the bank time it is created at.
 */
export function createSeedState(seed: string, now: number): State {
  const state = emptyState(seed);
  // Batch processing starts at the bank time the seed is made (src/payments/batch.ts).
  state.paymentProcessing.lastBatchAt = now;
  const random = seededRandom(`seed:${seed}`);
  let serial = 100_000;
  for (const customer of SEED_CUSTOMERS) {
    const customerId = allocateId(state);
    putCustomer(state, {
      customerId,
      customerNumber: customer.customerNumber,
      customerName: customer.name,
      customerType: customer.type,
      seeded: true,
    });
    const accountIds: string[] = [];
    for (const spec of customer.accounts) {
      serial += 1 + Math.floor(random() * 5000);
      const bban = makeBban(SANDBOX_BANK_CODE, serial);
      const account: Account = {
        id: allocateId(state),
        customerNumber: customer.customerNumber,
        accountName: spec.name,
        bban,
        iban: ibanFromBban(bban),
        bic: SANDBOX_BIC,
        currency: spec.currency,
        product: spec.product,
        cashAccountType: spec.cashAccountType,
        creditLine: spec.creditLine,
        booked: spec.opening,
        expected: spec.opening,
        requiresKid: spec.requiresKid ?? false,
        seeded: true,
      };
      putAccount(state, account);
      accountIds.push(account.id);
      const { kept: drafts, room } = affordable(history(spec, random, now), spec);
      const booked = drafts.map((d) => toTransaction(state, account, d, 'booked'));
      const pendingDrafts: Draft[] = [0, 1]
        .filter(() => spec.profile !== 'tax')
        .map((i) => ({
          date: now - i * DAY_MS,
          amount: negateAmount(randomAmount(random, 30, 400), spec.currency),
          text: spec.currency === 'EUR' ? 'Amazon EU' : pick(random, SHOPS),
          code: 'R_300',
        }));
      // Reserved amounts count against the same room (expected = booked + pending).
      const pending = affordable(pendingDrafts, {
        ...spec,
        opening: '0',
        creditLine: fromMinor(room, spec.currency),
      }).kept.map((d) => toTransaction(state, account, d, 'pending'));
      account.booked = addAmounts(spec.currency, spec.opening, ...booked.map((t) => t.amount));
      account.expected = addAmounts(spec.currency, account.booked, ...pending.map((t) => t.amount));
      state.transactions[account.id] = ledgerFrom([...pending, ...booked]);
    }
    if (customer.card) {
      const id = allocateId(state);
      const pan = customer.card.pan;
      const balance = randomAmount(random, 1000, 9000);
      putCardAccount(state, {
        id,
        customerNumber: customer.customerNumber,
        maskedPan: `${pan.slice(0, 4)}xxxxxxxx${pan.slice(-4)}`,
        currency: 'NOK',
        creditLimit: customer.card.creditLimit,
        balances: [
          { balanceType: 'closingBooked', amount: negateAmount(balance, 'NOK') },
          { balanceType: 'expected', amount: negateAmount(balance, 'NOK') },
        ],
        cardId: `${customer.customerNumber.slice(0, 6)}${serial}`,
        cardIdVNo: '1',
        accountNumber: makeBban(SANDBOX_BANK_CODE, serial + 97),
        expiry: isoDate(now + 3 * 365 * DAY_MS).slice(0, 7),
        name: customer.card.name,
        product: customer.card.product,
        status: 'enabled',
        seeded: true,
      });
      state.cardTransactions[id] = [];
    }
    if (customer.type === 'corporate') {
      const agreementId = allocateId(state);
      state.agreements[agreementId] = {
        agreementId,
        owner: customer.customerNumber,
        name: `${customer.name} – nettbank bedrift`,
        engagements: accountIds.map((accountId) => ({
          customer: customer.customerNumber,
          accountId,
          roles: ['VIEW', 'REGISTER'],
        })),
        seeded: true,
      };
    }
  }
  return state;
}

/** Newest booking date first; among equal dates, the later-created first. */
export function newestFirst(a: Transaction, b: Transaction): number {
  if (a.bookingDate !== b.bookingDate) return a.bookingDate < b.bookingDate ? 1 : -1;
  return b.seq - a.seq;
}

/** How many seeded states `seededState` keeps (a test suite uses one or a few seeds and one fixed clock). */
const SEEDED_KEPT = 8;
const seeded = new Map<string, State>();

/**
 * The seeded state of `createSeedState`, frozen, made once per seed and bank time and shared by every
 * bank that starts from it: a test suite that gives each test a fresh bank at a fixed clock
 * (`installSandbox().reset()`, a new `createSandbox`, `POST /v1/sandbox/initialize`) seeds once instead
 * of in every test (docs/benchmarks.md, "Session 24"). Sharing is safe because no state is ever
 * changed in place. The last SEEDED_KEPT are kept; a bank on the real clock seeds at another instant
 * each time and so gains nothing.
 */
export function seededState(seed: string, now: number): State {
  const key = JSON.stringify([seed, now]);
  let state = seeded.get(key);
  if (state === undefined) {
    state = createSeedState(seed, now);
    freezeDeep(state);
    if (seeded.size >= SEEDED_KEPT) seeded.delete(seeded.keys().next().value as string);
  } else {
    seeded.delete(key);
  }
  seeded.set(key, state);
  return state;
}

/**
 * Back to the seeded customer data in place (an immer draft or a plain state). The bank's own
 * settings are not customer data and stay: the clock offset, the TPP register, the pages' token counter.
 * Each slice is replaced by the shared seeded state's own (frozen), never written to: what differs is
 * a new object.
 */
export function reseed(state: State, seed: string, now: number): void {
  const fresh = seededState(seed, now);
  Object.assign(state, {
    ...fresh,
    // Named snapshots are outside the bank's timeline: a reset keeps them (docs/decisions/time-travel.md).
    snapshots: state.snapshots,
    clock: { ...fresh.clock, offsetMs: state.clock.offsetMs },
    tppRegistry: state.tppRegistry,
    // Browsers keep their cookies across a reset: the pages' token counter goes on, so no new session
    // is handed a token an old one had (the sessions themselves go, with the authorisations).
    pages: { ...fresh.pages, counter: state.pages.counter },
    // Written in this same change: the request's own id is remembered after the operation
    // (core/replay.ts), and immer does not draft an object assigned to a draft.
    seenRequests: {},
  });
}
