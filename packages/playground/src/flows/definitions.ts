import { accountsOf, type State } from '@sandbank/engine';
import { type ApiCall, type ApiResult, bankOrigin } from '../bank/request.js';

export type Vars = Record<string, string>;

export interface RequestStep {
  kind: 'request';
  title: string;
  explain: string;
  call: (vars: Vars) => ApiCall;
  /** Values taken from the answer for later steps (ids, links). */
  capture?: (result: ApiResult, vars: Vars) => Vars;
  /** A step that may be missing from this engine (404 is then not a failure). */
  optional?: boolean;
}

export interface ScaStep {
  kind: 'sca';
  title: string;
  explain: string;
  /** The scaRedirect href captured earlier. */
  href: (vars: Vars) => string | undefined;
  /** What the PSU types and picks on the bank's pages (ARCHITECTURE.md: SCA pages). */
  psu: (vars: Vars) => { nationalIdentityNumber: string; context: 'PRIVATE' | 'CORPORATE' };
}

export type FlowStep = RequestStep | ScaStep;

export interface Flow {
  id: string;
  title: string;
  summary: string;
  /** Starting values from the bank's state (e.g. the debtor account). */
  init: (state: State | null) => Vars;
  steps: readonly FlowStep[];
}

/**
 * TPP-Redirect-URI: a path of the playground's own origin, so that when the service worker answers
 * and the browser follows the SCA pages' final 303 itself, the landing URL (with the part 5.3
 * parameters) is same-origin and readable from `response.url`.
 */
export const REDIRECT_PATH = '/tpp-callback';

export function redirectUri(): string {
  return new URL(REDIRECT_PATH, bankOrigin()).href;
}
const PRIVATE_PSU = '13039319955';
const NDCT = 'norwegian-domestic-credit-transfers';

function get(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function defined(vars: Record<string, string | undefined>): Vars {
  const out: Vars = {};
  for (const [key, value] of Object.entries(vars)) if (value !== undefined) out[key] = value;
  return out;
}

/** The scaRedirect link of an answer, wherever the operation put it. */
export function scaHref(body: unknown): string | undefined {
  return text(get(body, '_links', 'scaRedirect', 'href')) ?? text(get(body, '_links', 'scaRedirect'));
}

function sessionHeaders(vars: Vars): Record<string, string> {
  return {
    'TPP-Session-ID': vars.sessionId ?? 'playground-session',
    'TPP-Redirect-URI': redirectUri(),
    'PSU-IP-Address': '192.0.2.10',
    ...(vars.psuId ? { 'PSU-ID': vars.psuId } : {}),
  };
}

function firstAccountOf(state: State | null, customerNumber: string) {
  return state === null ? undefined : accountsOf(state, customerNumber)[0];
}

function paymentCall(vars: Vars, amount: string, creditorName: string): ApiCall {
  return {
    method: 'POST',
    path: `/v1/payments/${NDCT}`,
    headers: {
      ...sessionHeaders(vars),
      ...(vars.psuId ? {} : { 'X-PSU-IDENTITY': PRIVATE_PSU }),
      'PSU-Context': 'PRIVATE',
      'x-accept-fix': 'amount-as-string',
    },
    body: {
      instructedAmount: { amount, currency: 'NOK' },
      creditorName,
      creditorAccount: { bban: '12345678903', currency: 'NOK' },
      creditorAddress: { street: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO' },
      debtorAccount: { bban: vars.debtorBban ?? '', currency: 'NOK' },
      remittanceInformationUnstructured: `Playground ${creditorName}`,
    },
  };
}

const statusStep = (title: string): RequestStep => ({
  kind: 'request',
  title,
  explain:
    'GET the payment status (part 4.2 item 3): transactionStatus, and fundsAvailable when funds were lacking.',
  call: (v) => ({
    method: 'GET',
    path: `/v1/payments/${NDCT}/${v.paymentId ?? ''}/status`,
    headers: sessionHeaders(v),
  }),
  capture: (r) => defined({ status: text(get(r.body, 'transactionStatus')) }),
});

const scaStep = (explain: string): ScaStep => ({
  kind: 'sca',
  title: 'Strong customer authentication',
  explain,
  href: (v) => v.scaRedirect,
  psu: () => ({ nationalIdentityNumber: PRIVATE_PSU, context: 'PRIVATE' }),
});

/** The guided TPP flows, as data: each step is the request a TPP app would send. */
export const FLOWS: readonly Flow[] = [
  {
    id: 'consent',
    title: 'Consent → SCA → accounts',
    summary:
      "An AISP asks for a bank-offered consent, the PSU approves on the bank's page, the TPP reads accounts and transactions.",
    init: () => ({ sessionId: 'playground-ais-1' }),
    steps: [
      {
        kind: 'request',
        title: 'Ask for a bank-offered consent',
        explain:
          'POST /v1/bank-offered-consents (docs/platform-facts.md §1): the body is disregarded; the answer is an scaRedirect link.',
        call: (v) => ({
          method: 'POST',
          path: '/v1/bank-offered-consents',
          headers: sessionHeaders(v),
          body: {},
        }),
        capture: (r) => defined({ scaRedirect: scaHref(r.body) }),
      },
      scaStep(
        'The PSU logs in, picks the accounts to share and approves; the bank redirects to TPP-Redirect-URI with psu-id (part 5.3).',
      ),
      {
        kind: 'request',
        title: 'List the consented accounts',
        explain: 'GET /v1/accounts?withBalance=true with PSU-ID and TPP-Session-ID from the redirect.',
        call: (v) => ({ method: 'GET', path: '/v1/accounts?withBalance=true', headers: sessionHeaders(v) }),
        capture: (r) => defined({ accountId: text(get(r.body, 'accounts', 0, 'resourceId')) }),
      },
      {
        kind: 'request',
        title: 'Read the transactions',
        explain: 'GET /v1/accounts/{id}/transactions?bookingStatus=both (part 4.2 item 5).',
        call: (v) => ({
          method: 'GET',
          path: `/v1/accounts/${v.accountId ?? ''}/transactions?bookingStatus=both`,
          headers: sessionHeaders(v),
        }),
      },
    ],
  },
  {
    id: 'payment',
    title: 'Payment → SCA → clock → settled',
    summary:
      'A PISP initiates a domestic credit transfer, the PSU signs it, the bank clock moves on and the payment settles.',
    init: (state) => ({
      sessionId: 'playground-pis-1',
      debtorBban: firstAccountOf(state, PRIVATE_PSU)?.bban ?? '',
    }),
    steps: [
      {
        kind: 'request',
        title: 'Initiate the payment',
        explain:
          'POST /v1/payments/norwegian-domestic-credit-transfers with the part 2.2 body; 201 with paymentId and scaRedirect.',
        call: (v) => paymentCall(v, '250.00', 'Hafslund Strøm AS'),
        capture: (r) =>
          defined({
            paymentId: text(get(r.body, 'paymentId')),
            scaRedirect: scaHref(r.body),
            status: text(get(r.body, 'transactionStatus')),
          }),
      },
      scaStep(
        "The PSU signs the payment on the bank's page (dynamic linking: no session exemption, part 5.2 rule 6).",
      ),
      statusStep('Status after signing'),
      {
        kind: 'request',
        title: 'Advance the bank clock one day',
        explain:
          'POST /_sandbank/clock {"advanceMinutes": 1440}: batch processing runs at its scheduled times as time passes.',
        call: () => ({ method: 'POST', path: '/_sandbank/clock', body: { advanceMinutes: 1440 } }),
      },
      {
        kind: 'request',
        title: 'Run the next batch',
        explain: 'POST /_sandbank/batch moves the bank clock to the next settlement batch and runs it now.',
        call: () => ({ method: 'POST', path: '/_sandbank/batch' }),
        optional: true,
      },
      statusStep('Status after settlement'),
    ],
  },
  {
    id: 'basket',
    title: 'Signing basket',
    summary: 'Two payments signed together in one basket with one SCA (part 2.5; at most 10 payments).',
    init: (state) => ({
      sessionId: 'playground-basket-1',
      debtorBban: firstAccountOf(state, PRIVATE_PSU)?.bban ?? '',
    }),
    steps: [
      {
        kind: 'request',
        title: 'Initiate the first payment',
        explain: 'POST /v1/payments/norwegian-domestic-credit-transfers.',
        call: (v) => paymentCall(v, '120.00', 'Telenor Norge AS'),
        capture: (r) => defined({ paymentA: text(get(r.body, 'paymentId')) }),
      },
      {
        kind: 'request',
        title: 'Initiate the second payment',
        explain: 'POST /v1/payments/norwegian-domestic-credit-transfers.',
        call: (v) => paymentCall(v, '480.00', 'Fjordkraft AS'),
        capture: (r) => defined({ paymentB: text(get(r.body, 'paymentId')) }),
      },
      {
        kind: 'request',
        title: 'Create the basket',
        explain: 'POST /v1/signing-baskets {"paymentIds": [...]} (part 4.2 item 1).',
        call: (v) => ({
          method: 'POST',
          path: '/v1/signing-baskets',
          headers: {
            ...sessionHeaders(v),
            ...(v.psuId ? {} : { 'X-PSU-IDENTITY': PRIVATE_PSU }),
            'x-accept-fix': 'amount-as-string',
          },
          body: { paymentIds: [v.paymentA ?? '', v.paymentB ?? ''] },
        }),
        capture: (r) => defined({ basketId: text(get(r.body, 'basketId')), scaRedirect: scaHref(r.body) }),
      },
      {
        kind: 'request',
        title: 'Start the basket authorisation',
        explain:
          'POST /v1/signing-baskets/{basketId}/authorisations → scaRedirect (kept from the creation when already given).',
        call: (v) => ({
          method: 'POST',
          path: `/v1/signing-baskets/${v.basketId ?? ''}/authorisations`,
          headers: sessionHeaders(v),
        }),
        capture: (r, v) => defined({ scaRedirect: scaHref(r.body) ?? v.scaRedirect }),
      },
      scaStep('The PSU signs every payment of the basket at once.'),
      {
        kind: 'request',
        title: 'Basket status',
        explain:
          'GET /v1/signing-baskets/{basketId}/status: the worst status over its payments (part 3 rule 1).',
        call: (v) => ({
          method: 'GET',
          path: `/v1/signing-baskets/${v.basketId ?? ''}/status`,
          headers: sessionHeaders(v),
        }),
        capture: (r) => defined({ basketStatus: text(get(r.body, 'transactionStatus')) }),
      },
    ],
  },
];
