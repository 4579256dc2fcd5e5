import {
  accountList,
  cardAccountList,
  consentCount,
  createSandbox,
  customerList,
  makeBban,
  paymentList,
  type Route,
  type Sandbox,
  type State,
} from '@sandbank/engine';
import { consent, FJORDLYS, KARI } from '@sandbank/test-support/ais';
import { signing, TEST_TPP_REGISTRATION } from '@sandbank/test-support/signing';
import fc from 'fast-check';

/**
 * Arbitrary requests over every route of the table: right and wrong methods, real and made-up ids,
 * valid and broken headers, JSON bodies of every shape, raw bytes that are not UTF-8, emoji.
 */
export interface GeneratedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Uint8Array | string | null;
}

const GOOD_HEADERS: Record<string, string> = {
  'PSU-ID': '3f1c2a9e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  'PSU-IP-Address': '192.168.8.78',
  'TPP-Session-ID': 'session-1',
  'TPP-Redirect-URI': 'https://tpp.example/cb',
  'PSU-Context': 'PRIVATE',
  'PSU-Corporate-ID': '0b5c1a2e-6f7d-4a8b-9c0d-1e2f3a4b5c6d',
  'x-accept-fix': 'amount-as-string',
  'TPP-Redirect-Preferred': 'false',
};

const ODD_VALUES = [
  '',
  ' ',
  'null',
  'x'.repeat(600),
  '☕',
  'Ærø',
  '-1',
  '1e309',
  'NaN',
  '../..',
  '%00',
  'PRIVATE,CORPORATE',
];

/** Headers: good ones, odd values, unknown names; plus the ids of PSUs that gave consent. */
function headerArbitrary(psus: readonly ConsentedPsu[]): fc.Arbitrary<[string, string]> {
  const known: [string, string][] = psus.flatMap((p) => [
    ['PSU-ID', p.psuId] as [string, string],
    ...(p.corporateId === undefined ? [] : [['PSU-Corporate-ID', p.corporateId] as [string, string]]),
  ]);
  return fc.oneof(
    fc.constantFrom(...Object.entries(GOOD_HEADERS)),
    ...(known.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...known) }] : []),
    fc.tuple(
      fc.constantFrom(...Object.keys(GOOD_HEADERS), 'Date', 'X-Date', 'Digest', 'Signature'),
      fc.constantFrom(...ODD_VALUES),
    ),
    fc.tuple(fc.constantFrom('X-Unknown', 'Accept', 'PSU-Geo-Location'), fc.string({ maxLength: 20 })),
  );
}

export interface ConsentedPsu {
  psuId: string;
  corporateId?: string;
}

/**
 * A private and a corporate PSU give consent to all their accounts before the fuzzing starts, so
 * generated account-information calls that carry their ids get past the consent check and reach
 * the operations (listings, paging, details, the daily cap).
 */
export async function consentedPsus(sandbox: Sandbox): Promise<ConsentedPsu[]> {
  const kari = await consent(sandbox, { nationalId: KARI, accounts: 'all' }, 'session-1');
  const fjordlys = await consent(
    sandbox,
    { nationalId: FJORDLYS, context: 'CORPORATE', accounts: 'all' },
    'session-2',
  );
  return [kari, fjordlys].map((p) =>
    p.corporateId === undefined ? { psuId: p.psuId } : { psuId: p.psuId, corporateId: p.corporateId },
  );
}

/**
 * Gives the consents again after a generated reset, initialize or state import removed them (the
 * ids stay the same: they derive from the seed). A state in which the walk cannot finish (a
 * deleted customer) is left as it is.
 */
export async function keepConsents(sandbox: Sandbox): Promise<void> {
  if (consentCount(sandbox.getState()) > 0) return;
  try {
    await consentedPsus(sandbox);
  } catch {
    // the generated state has no such PSU any more; the fuzzer goes on with what there is
  }
}

const jsonBody = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.constant('{"a":'),
  fc.constant(`${'['.repeat(60)}${']'.repeat(60)}`),
  fc.constant('<xml/>'),
  fc.constant(JSON.stringify({ name: 'Kaffe ☕' })),
  fc.constant(JSON.stringify([{ amount: 1e308, currency: 'NOK' }])),
);

const rawBody = fc
  .uint8Array({ maxLength: 64 })
  .map((bytes) => new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, ...bytes, 0xff, 0x22, 0x7d]));

function pathFor(route: Route, basePath: string): fc.Arbitrary<string> {
  const root = route.service === 'control' || route.service === 'page' ? '/_sandbank' : basePath;
  const segments = route.path.split('/').filter(Boolean);
  return fc
    .tuple(
      ...segments.map((segment) =>
        segment.startsWith(':')
          ? fc.oneof(
              fc.constant('{id}'),
              fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
              fc.constant('%E0%A4%A'),
            )
          : fc.constant(segment),
      ),
    )
    .map((parts) => `${root}/${parts.join('/')}`);
}

/**
 * Fills `{id}` placeholders with ids that exist in the state, so deep paths are reached too: the
 * first with an account, customer, card account or agreement id, a later one with the id of one of
 * that account's transactions or that card's transactions (any transaction id when it has none).
 */
export function resolveIds(path: string, state: State, pick: number): string {
  const all = [
    ...accountList(state).map((a) => a.id),
    ...customerList(state).map((c) => c.customerId),
    ...cardAccountList(state).map((c) => c.id),
    ...Object.keys(state.agreements),
  ];
  // Mostly an id of the kind the path names (an account under /accounts/), sometimes any id.
  const kind = /\/(card-accounts|accounts|customers|agreements)\/\{id\}/.exec(path)?.[1];
  const ofKind =
    kind === 'accounts'
      ? accountList(state).map((a) => a.id)
      : kind === 'card-accounts'
        ? cardAccountList(state).map((c) => c.id)
        : kind === 'customers'
          ? customerList(state).map((c) => c.customerId)
          : kind === 'agreements'
            ? Object.keys(state.agreements)
            : [];
  const ids = pick % 5 === 0 || ofKind.length === 0 ? all : ofKind;
  let previous: string | null = null;
  return path.replaceAll('{id}', () => {
    let id: string;
    if (previous === null) {
      id = ids[pick % Math.max(ids.length, 1)] ?? 'none';
    } else {
      const own = [
        ...(Object.hasOwn(state.transactions, previous) ? (state.transactions[previous] ?? []) : [])
          .flat()
          .map((t) => t.transactionId),
        ...(Object.hasOwn(state.cardTransactions, previous)
          ? (state.cardTransactions[previous] ?? [])
          : []
        ).map((t) => t.cardTransactionId),
      ];
      const pool =
        own.length > 0
          ? own
          : Object.values(state.transactions).flatMap((ledger) => ledger.flat().map((t) => t.transactionId));
      id = pool[Math.floor(pick / 7) % Math.max(pool.length, 1)] ?? 'none';
    }
    previous = id;
    return encodeURIComponent(id);
  });
}

/** Queries of the transaction listings: right, wrong and edge values. */
const LISTING_QUERIES = [
  '',
  '?bookingStatus=both',
  '?bookingStatus=booked&limit=3&offset=2',
  '?bookingStatus=pending',
  '?bookingStatus=all&withBalance=true',
  '?bookingStatus=both&dateFrom=2025-10-01',
  '?bookingStatus=booked&dateFrom=2026-02-01&dateTo=2026-01-01',
  '?bookingStatus=both&limit=0',
  '?bookingStatus=both&limit=2147483648',
  '?bookingStatus=information',
  '?withBalance=true',
];

/**
 * A well-formed account-information call of a PSU that gave consent (its PSU-ID, PSU-Corporate-ID
 * and session), with real ids and a listing query, then zero to two headers spoiled: these get past
 * the header and consent checks into the operations.
 */
function aisArbitrary(
  routes: readonly Route[],
  basePath: string,
  psus: readonly ConsentedPsu[],
  header: fc.Arbitrary<[string, string]>,
): fc.Arbitrary<GeneratedRequest> {
  const reads = routes.filter((r) => (r.service === 'ais' || r.service === 'psu') && r.method === 'GET');
  return fc.record({
    method: fc.constant('GET'),
    path: fc
      .tuple(fc.constantFrom(...reads), fc.constantFrom(...LISTING_QUERIES))
      .map(([route, query]) => `${basePath}${route.path.replace(/:[A-Za-z]+/g, '{id}')}${query}`),
    headers: fc
      .tuple(fc.constantFrom(...psus), fc.boolean(), fc.array(header, { maxLength: 2 }))
      .map(([psu, withIp, spoiled]) => ({
        'X-Request-ID': 'fuzz-ais',
        'TPP-Session-ID': 'fuzz',
        'TPP-Redirect-URI': 'https://tpp.example/cb',
        'x-accept-fix': 'amount-as-string',
        'PSU-ID': psu.psuId,
        ...(psu.corporateId === undefined ? {} : { 'PSU-Corporate-ID': psu.corporateId }),
        ...(withIp ? { 'PSU-IP-Address': '192.0.2.10' } : {}),
        ...Object.fromEntries(spoiled),
      })),
    body: fc.constant(null),
  });
}

export function requestArbitrary(
  routes: readonly Route[],
  basePath: string,
  psus: readonly ConsentedPsu[] = [],
): fc.Arbitrary<GeneratedRequest> {
  const header = headerArbitrary(psus);
  const any = fc.constantFrom(...routes).chain((route) =>
    fc.record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(route.method) },
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
      ),
      path: pathFor(route, basePath),
      headers: fc.array(header, { maxLength: 6 }).chain((pairs) =>
        fc.boolean().map((withId) => ({
          ...(withId ? { 'X-Request-ID': 'fuzz' } : {}),
          ...Object.fromEntries(pairs),
        })),
      ),
      body: fc.oneof(
        { weight: 2, arbitrary: fc.constant(null) },
        { weight: 5, arbitrary: jsonBody },
        rawBody,
      ),
    }),
  );
  return psus.length === 0
    ? any
    : fc.oneof(
        { weight: 3, arbitrary: any },
        { weight: 1, arbitrary: aisArbitrary(routes, basePath, psus, header) },
        { weight: 1, arbitrary: paymentArbitrary(psus[0] as ConsentedPsu) },
      );
}

/** A valid account number at another bank, for payments that leave the sandbox. */
const OUTSIDE_BBAN = makeBban('1234', 56789);

/**
 * Well-formed payment traffic, so the money and status invariants meet real payments: creations
 * from Kari's accounts (to her own, another customer's, or another bank's account; some dated
 * ahead), approvals through the control plane, cancellations and the bank clock moving on.
 */
function paymentArbitrary(kari: ConsentedPsu): fc.Arbitrary<GeneratedRequest> {
  const headers = {
    'X-Request-ID': 'fuzz-payment',
    'PSU-ID': kari.psuId,
    'PSU-IP-Address': '192.0.2.10',
    'PSU-Context': 'PRIVATE',
    'TPP-Session-ID': 'session-1',
    'TPP-Redirect-URI': 'https://tpp.example/callback',
    'x-accept-fix': 'amount-as-string',
  };
  const products = [
    'norwegian-domestic-credit-transfers',
    'instant-norwegian-domestic-credit-transfers-straks',
  ];
  const create = fc
    .record({
      product: fc.constantFrom(...products),
      ore: fc.integer({ min: 1, max: 30_000_000 }),
      date: fc.option(fc.constantFrom('2026-03-03', '2026-03-06', '2026-03-10'), { nil: undefined }),
    })
    .map(({ product, ore, date }) => ({
      method: 'POST',
      path: `/v1/payments/${product}?allowLogicalDuplicate=true`,
      headers,
      body: JSON.stringify({
        instructedAmount: { amount: (ore / 100).toFixed(2), currency: 'NOK' },
        creditorName: 'Fuzz Mottaker',
        creditorAccount: { bban: '__CREDITOR__', currency: 'NOK' },
        creditorAddress: { country: 'NO' },
        debtorAccount: { bban: '__DEBTOR__', currency: 'NOK' },
        remittanceInformationUnstructured: 'Fuzz',
        ...(date === undefined ? {} : { requestedExecutionDate: date }),
      }),
    }));
  const approve = fc.constant({
    method: 'POST',
    path: '/_sandbank/payments/{payment}/approve',
    headers: {},
    body: JSON.stringify({ psuNationalId: KARI }),
  });
  const cancel = fc.constant({
    method: 'DELETE',
    path: '/v1/payments/norwegian-domestic-credit-transfers/{payment}',
    headers,
    body: null,
  });
  const clock = fc.integer({ min: 30, max: 8 * 60 }).map((minutes) => ({
    method: 'POST',
    path: '/_sandbank/clock',
    headers: {},
    body: JSON.stringify({ advanceMinutes: minutes }),
  }));
  return fc.oneof(
    { weight: 4, arbitrary: create },
    { weight: 3, arbitrary: approve },
    { weight: 1, arbitrary: cancel },
    { weight: 1, arbitrary: clock },
  );
}

/** Fills the payment placeholders from the state: Kari's accounts as debtor, any account (or one outside) as creditor. */
function resolvePayment(text: string, state: State, pick: number): string {
  const accounts = accountList(state).filter((a) => a.currency === 'NOK');
  const kari = accounts.filter((a) => a.customerNumber === KARI);
  const creditors = [...accounts.map((a) => a.bban), OUTSIDE_BBAN];
  const payments = paymentList(state).map((e) => e.paymentId);
  return text
    .replaceAll('__DEBTOR__', kari[pick % Math.max(kari.length, 1)]?.bban ?? 'none')
    .replaceAll('__CREDITOR__', creditors[Math.floor(pick / 3) % creditors.length] ?? OUTSIDE_BBAN)
    .replaceAll(
      '{payment}',
      encodeURIComponent(
        payments[payments.length - 1 - (pick % Math.max(Math.min(payments.length, 4), 1))] ?? 'none',
      ),
    );
}

/** The generators' own X-Request-IDs, made unique per call as a TPP makes them (part 4.1). */
const GENERATED_IDS = new Set(['fuzz', 'fuzz-ais', 'fuzz-payment']);
let sent = 0;

/**
 * Numbers the generated X-Request-IDs from the start again: two banks fed the same sequence then see
 * the same ids (the replay memory keeps them, and a state export shows them).
 */
export function restartRequestIds(): void {
  sent = 0;
}

export function toRequest(generated: GeneratedRequest, state: State, pick: number): Request {
  const hasBody = generated.body !== null && generated.method !== 'GET';
  const headers = new Headers();
  for (const [name, value] of Object.entries(generated.headers)) {
    try {
      headers.set(
        name,
        name.toLowerCase() === 'x-request-id' && GENERATED_IDS.has(value) ? `${value}-${++sent}` : value,
      );
    } catch {
      // a value fetch itself refuses (e.g. a non-Latin-1 character) never reaches a bank either
    }
  }
  if (hasBody && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const body =
    typeof generated.body === 'string' ? resolvePayment(generated.body, state, pick) : generated.body;
  return new Request(
    `http://localhost${resolveIds(resolvePayment(generated.path, state, pick), state, pick)}`,
    {
      method: generated.method,
      headers,
      ...(hasBody ? { body: body as BodyInit } : {}),
    },
  );
}

/** The bank every fuzz run talks to: fixed clock, signed requests, the default TPP registered. */
export function fuzzSandbox(seed: string, options: { checkResponses?: boolean } = {}): Sandbox {
  return signing(
    createSandbox({
      registeredTpps: [TEST_TPP_REGISTRATION],
      now: () => Date.parse('2026-03-02T10:00:00Z'),
      seed,
      checkResponses: options.checkResponses ?? true,
    }),
  );
}
