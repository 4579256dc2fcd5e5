/**
 * `pnpm bench:bank-size`: signed account-information reads and payment creations in banks of more
 * customers, each with an account, a card account (each with its ledger, empty), a consent given to
 * another TPP, the SCA session that gave it and a signing basket of that TPP's (a hosted bank a team
 * fills, a large imported state), beside the seeded bank, all in one process and interleaved request
 * by request (`interleaved`, bench/lib/measure.ts), so the machine's noise falls on every size alike.
 * Kari (the seeded private customer, all her accounts consented) sends the same signed `GET
 * /v1/accounts`, balances, transaction page and card-account list to each bank, and payment creations
 * (each signed beforehand with its own X-Request-ID, its `Request` made in the timing, as `pnpm
 * bench:node` does). Then the mock-data API's writes a team fills a bank with, in the same banks: a
 * corporate customer, an account and a card account for it, an agreement granting Kari that account,
 * the account deleted (`MOCK_ROUNDS`, default 20, after 2 to warm up; each signed beforehand too).
 * Last, Kari's consent journey as a test sets it up (`CONSENT_ROUNDS`, default 20): the consent, the
 * SCA pages, its status; her payment's (`PAYMENT_ROUNDS`, default 20): an instant payment to Ola, the
 * SCA pages, booked on both accounts, its status; and her signing basket's (`BASKET_ROUNDS`, default
 * 20): two payments, the basket, its approval through the sandbox's shortcut, its status.
 * `BENCH_BANK_SIZES` (default `0,10000,50000`): the customers added to the seed; `BENCH_ROUNDS`
 * (default 1000): the timed rounds of each read (creations: at most 500).
 */
import {
  accountList,
  type ExportedState,
  ibanFromBban,
  makeBban,
  type Sandbox,
  SESSION_MS,
  stateToExport,
} from '@sandbank/engine';
import { KARI, START, walkSca } from '@sandbank/test-support/ais';
import { approveBasket, basketStatus, createBasket } from '@sandbank/test-support/baskets';
import { createPayment, INSTANT, ndctBody, status } from '@sandbank/test-support/payments';
import { accountBody, cardAccountBody } from '@sandbank/test-support/sandbox-api';
import { signing } from '@sandbank/test-support/signing';
import { fmt, interleaved, ratio } from './lib/measure.js';
import { copies } from './lib/requests.js';
import { bank, consented, drain, paymentCreations, presigned, template } from './node.js';

/**
 * The seeded state with `extra` more customers, each holding one account and one card account like
 * the seed's first, each with its empty ledger, and a consent, as the export lists it (the engine
 * keeps them in chunks).
 */
function grown(extra: number): ExportedState {
  const state = structuredClone(stateToExport(bank().raw.getState()));
  const account = Object.values(state.accounts)[0];
  const customer = Object.values(state.customers)[0];
  const card = Object.values(state.cardAccounts)[0];
  if (account === undefined || customer === undefined || card === undefined)
    throw new Error('the seed has no account');
  for (let i = 0; i < extra; i++) {
    const customerNumber = `9${String(i).padStart(10, '0')}`;
    state.customers[customerNumber] = {
      ...customer,
      customerId: customerNumber,
      customerNumber,
      customerName: `Kunde ${i}`,
    };
    const id = `bench-account-${i}`;
    // Bank code 2001: none of the seed's accounts; each its own valid BBAN and IBAN.
    const bban = makeBban('2001', i * 10);
    state.accounts[id] = { ...account, id, customerNumber, bban, iban: ibanFromBban(bban) };
    // Its ledger, empty, as the mock-data API leaves a new account's (and a card account's, below).
    state.transactions[id] = [];
    const cardId = `bench-card-${i}`;
    const cardNumber = makeBban('2002', i * 10);
    state.cardTransactions[cardId] = [];
    state.cardAccounts[cardId] = { ...card, id: cardId, customerNumber, cardId, accountNumber: cardNumber };
    // A bank a team shares keeps every consent it was given: one for each customer, from another TPP.
    const consentId = `bench-consent-${i}`;
    state.consents[consentId] = {
      consentId,
      tppId: 'bench-other-tpp',
      nationalId: customerNumber,
      context: 'PRIVATE',
      agreementId: null,
      accountIds: [id],
      cardAccountIds: [],
      status: 'valid',
      createdAt: START,
      scaAt: START,
      detailsDay: new Date(START).toISOString().slice(0, 10),
      detailsCount: 0,
    };
    // The SCA that gave it, under a TPP-Session-ID of the other TPP's (one per consent, as a TPP
    // that opens a session for each journey leaves them), and a signing basket that TPP made.
    const sessionId = `bench-session-${i}`;
    state.sessions[`bench-other-tpp ${sessionId}`] = {
      tppId: 'bench-other-tpp',
      sessionId,
      nationalId: customerNumber,
      scaAt: START,
      expiresAt: START + SESSION_MS,
      status: 'active',
    };
    const basketId = `bench-basket-${i}`;
    state.signingBaskets[basketId] = {
      basketId,
      paymentIds: [`bench-payment-${i}`],
      tppId: 'bench-other-tpp',
      psuId: null,
      psuIdentity: customerNumber,
      sessionId,
      redirectUri: null,
      authorisationIds: [],
      createdAt: START,
    };
  }
  return state;
}

const sizes = (process.env.BENCH_BANK_SIZES ?? '0,10000,50000').split(',').map(Number);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1000);
/** Creations are fewer (each is signed beforehand): at most 500, after 50 to warm up. */
const CREATIONS = Math.min(rounds, 500);
const READS = ['accounts', 'balances', 'transaction page', 'card accounts'] as const;
const KINDS = [...READS, 'payment creation'] as const;
const sends: Record<(typeof KINDS)[number], Record<string, () => Promise<unknown>>> = {
  accounts: {},
  balances: {},
  'transaction page': {},
  'card accounts': {},
  'payment creation': {},
};

/** Each size's bank: the reads and creations below, then the mock-data writes, then the journeys. */
const banks: Array<{ size: number; bank: Sandbox; signed: Sandbox }> = [];
for (const size of sizes) {
  const { raw, signed } = bank(grown(size));
  banks.push({ size, bank: raw, signed });
  const psu = await consented(signed);
  const listing = (await (
    await raw.fetch(await template(raw, 'GET', '/v1/accounts', psu.headers))
  ).json()) as {
    accounts: Array<{ resourceId: string }>;
  };
  const accountId = listing.accounts[0]?.resourceId ?? '';
  const paths = {
    accounts: '/v1/accounts',
    balances: `/v1/accounts/${accountId}/balances`,
    'transaction page': `/v1/accounts/${accountId}/transactions?bookingStatus=both`,
    'card accounts': '/v1/card-accounts',
  };
  for (const read of READS) {
    const copy = copies(await template(raw, 'GET', paths[read], psu.headers));
    sends[read][String(size)] = () => drain(raw.fetch(copy()));
  }
  sends['payment creation'][String(size)] = await paymentCreations(raw, psu.headers, CREATIONS + 50);
}

console.log(
  `\nNode ${process.version}; signed requests by Kari in banks of more customers, ${rounds} interleaved rounds`,
);
console.log(
  `| request | ${sizes.map((s) => `${s.toLocaleString('en')} more: p50 / p99`).join(' | ')} | largest vs seeded |`,
);
console.log(`|---|${sizes.map(() => '---|').join('')}---|`);
for (const read of KINDS) {
  const results =
    read === 'payment creation'
      ? await interleaved(sends[read], CREATIONS, 50)
      : await interleaved(sends[read], rounds, 100);
  const cells = sizes.map((s) => {
    const r = results[String(s)];
    return r === undefined ? '' : `${fmt(r.p50)} / ${fmt(r.p99)}`;
  });
  const first = results[String(sizes[0])];
  const last = results[String(sizes[sizes.length - 1])];
  console.log(`| ${read} | ${cells.join(' | ')} | ${first && last ? ratio(last.p50, first.p50) : ''} |`);
}

// The mock-data API's writes, kind by kind (each kind's rounds need the ones before: an account for
// the customer just created, an agreement on that account, then the account deleted).
const MOCK_ROUNDS = Number(process.env.MOCK_ROUNDS ?? 20);
const MOCK_WARMUP = 2;
const mockCount = MOCK_ROUNDS + MOCK_WARMUP;
const customerNumber = (n: number) => `8${String(n).padStart(10, '0')}`;
const MOCK_KINDS = ['customer', 'account', 'card account', 'agreement', 'delete account'] as const;
const mockRequests = (raw: Sandbox, kind: (typeof MOCK_KINDS)[number]) =>
  Array.from({ length: mockCount }, (_, n) => {
    // Bank code 3001: none of the seed's or the grown banks' accounts.
    const bban = makeBban('3001', n * 10);
    const iban = ibanFromBban(bban);
    if (kind === 'customer')
      return {
        method: 'POST',
        path: '/v1/sandbox/customers',
        body: { customerNumber: customerNumber(n), type: 'corporate', name: `Firma ${n}` },
      };
    if (kind === 'account')
      return { method: 'POST', path: '/v1/sandbox/accounts', body: accountBody(customerNumber(n), bban) };
    if (kind === 'card account')
      return { method: 'POST', path: '/v1/sandbox/card-accounts', body: cardAccountBody(customerNumber(n)) };
    if (kind === 'agreement')
      return {
        method: 'POST',
        path: '/v1/sandbox/agreements',
        body: {
          owner: customerNumber(n),
          name: 'Regnskap',
          engagements: [{ customer: KARI, account: { iban }, roles: ['VIEW', 'REGISTER'] }],
        },
      };
    const id = accountList(raw.getState()).find((a) => a.bban === bban)?.id ?? '';
    return { method: 'DELETE', path: `/v1/sandbox/accounts/${id}` };
  });

console.log(`\nthe mock-data API's writes in the same banks, ${MOCK_ROUNDS} interleaved rounds`);
console.log(
  `| write | ${sizes.map((s) => `${s.toLocaleString('en')} more: p50`).join(' | ')} | largest vs seeded |`,
);
console.log(`|---|${sizes.map(() => '---|').join('')}---|`);
for (const kind of MOCK_KINDS) {
  const writes: Record<string, () => Promise<void>> = {};
  for (const { size, bank: raw } of banks)
    writes[String(size)] = await presigned(raw, kind, mockRequests(raw, kind));
  const results = await interleaved(writes, MOCK_ROUNDS, MOCK_WARMUP);
  const first = results[String(sizes[0])];
  const last = results[String(sizes[sizes.length - 1])];
  const cells = sizes.map((s) => fmt(results[String(s)]?.p50 ?? Number.NaN));
  console.log(`| ${kind} | ${cells.join(' | ')} | ${first && last ? ratio(last.p50, first.p50) : ''} |`);
}

/** Times one journey per bank, interleaved, and prints its table. */
async function journeyTable(
  title: string,
  row: string,
  journeyOf: (bank: (typeof banks)[number]) => () => Promise<unknown>,
  rounds: number,
): Promise<void> {
  const journeys: Record<string, () => Promise<unknown>> = {};
  for (const one of banks) journeys[String(one.size)] = journeyOf(one);
  const results = await interleaved(journeys, rounds, 2);
  console.log(`\n${title} in the same banks, ${rounds} interleaved rounds`);
  console.log(
    `| journey | ${sizes.map((s) => `${s.toLocaleString('en')} more: p50`).join(' | ')} | largest vs seeded |`,
  );
  console.log(`|---|${sizes.map(() => '---|').join('')}---|`);
  const first = results[String(sizes[0])];
  const last = results[String(sizes[sizes.length - 1])];
  const cells = sizes.map((s) => fmt(results[String(s)]?.p50 ?? Number.NaN));
  console.log(`| ${row} | ${cells.join(' | ')} | ${first && last ? ratio(last.p50, first.p50) : ''} |`);
}

// A TPP's consent journey, as a test sets one up: the bank-offered consent, the SCA pages (Kari
// approving all her accounts), the consent's status. Each journey writes Kari's consent anew, so the
// bank keeps its size.
await journeyTable(
  'a consent journey (consent, SCA pages, status)',
  "Kari's consent",
  ({ signed }) =>
    () =>
      consented(signed),
  Number(process.env.CONSENT_ROUNDS ?? 20),
);

// Kari's payment as a test makes one: an instant domestic payment to Ola, approved on the SCA pages,
// booked on both accounts, then its status. Each books a payment, so every bank changes alike.
await journeyTable(
  'a payment journey (creation, SCA pages and booking, status)',
  "Kari's payment",
  ({ bank: raw }) => {
    // The test kit's calls add their own Digest.
    const paying = signing(raw, { addDigest: false });
    const body = ndctBody(raw.getState());
    return async () => {
      // Kari named by her national id (X-PSU-Identity), as a TPP's first payment for a PSU does.
      const created = await createPayment(paying, body, {
        product: INSTANT,
        query: '?allowLogicalDuplicate=true',
        headers: { 'psu-id': undefined, 'x-psu-identity': KARI },
      });
      if (created.status !== 201) throw new Error(`payment creation answered ${created.status}`);
      await walkSca(paying, created.body._links.scaRedirect.href, { nationalId: KARI });
      const answer = await status(paying, created.body.paymentId, 'payments', INSTANT);
      if (answer.body?.transactionStatus !== 'ACSC')
        throw new Error(`status ${answer.body?.transactionStatus}`);
    };
  },
  Number(process.env.PAYMENT_ROUNDS ?? 20),
);

// Kari's signing basket as a test makes one: two payments, the basket, its approval through the
// sandbox's shortcut (one SCA for both), its status. Each adds a basket and two payments to every bank.
await journeyTable(
  'a signing-basket journey (two payments, the basket, its approval, status)',
  "Kari's basket",
  ({ bank: raw }) => {
    const paying = signing(raw, { addDigest: false });
    const body = ndctBody(raw.getState());
    return async () => {
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const created = await createPayment(paying, body, { query: '?allowLogicalDuplicate=true' });
        if (created.status !== 201) throw new Error(`payment creation answered ${created.status}`);
        ids.push(created.body.paymentId);
      }
      const basket = await createBasket(paying, ids);
      if (basket.status !== 201) throw new Error(`basket creation answered ${basket.status}`);
      const approved = await approveBasket(paying, basket.body.basketId, KARI);
      if (approved.status !== 200) throw new Error(`basket approval answered ${approved.status}`);
      const answer = await basketStatus(paying, basket.body.basketId);
      if (answer !== 'ACTC') throw new Error(`basket status ${answer}`);
    };
  },
  Number(process.env.BASKET_ROUNDS ?? 20),
);
