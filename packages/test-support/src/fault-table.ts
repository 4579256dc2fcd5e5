import type { FaultRuleInput } from '@sandbank/engine';

/**
 * Issue 19's effects and scenarios as one table, run by the same code in every transport (in
 * process, over `sandbank serve`, in the service worker): each case applies a rule, a scenario or
 * the per-request header, sends the request that shows it, and checks what a TPP observes. A
 * transport only says how to send (a `FaultDriver`); times come from the bank clock the control plane
 * reports, never from the machine's.
 */

/** What a TPP sees of one answer (or of a dropped connection). */
export interface Observed {
  network: boolean;
  status: number;
  code: string | null;
  text: string | null;
  retryAfter: string | null;
  fault: string | null;
  body: unknown;
}

export interface CaseRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** JSON text, sent byte for byte (its Digest is computed here). */
  body?: string;
}

export interface FaultDriver {
  /** Adds a rule as this transport offers it; resolves with its id. */
  addRule(rule: FaultRuleInput): Promise<string>;
  /** Applies a named scenario; resolves with the ids of the rules it added. */
  scenario(name: string): Promise<string[]>;
  clear(): Promise<void>;
  /** A control-plane call (`/_sandbank/...`), JSON in and out. */
  control(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** A `/v1` call as the TPP makes it. */
  send(request: CaseRequest): Promise<Observed>;
  /** Opens an SCA link as the PSU's browser does: where it sent the PSU (null: nowhere), and the page. */
  openSca(href: string): Promise<{ redirect: string | null; html: string }>;
  /** The TPP-Redirect-URI the SCA cases send. */
  readonly redirectUri: string;
}

/** The bank time every case starts from (set through the control plane). */
export const CASE_START = '2026-03-02T10:00:00Z';
export const KARI = '13039319955';
export const OLA = '12085592767';
export const NDCT = 'norwegian-domestic-credit-transfers';

export type Apply = { rule: FaultRuleInput } | { scenario: string } | { header: string };

/** What the case's request shows. */
export type Expectation =
  | {
      kind: 'answer';
      status: number;
      code?: string;
      /** A number of seconds, the bank time it points to (ISO), or null: none. */
      retryAfter?: string | { to: string } | null;
      /** The effect part of `X-Sandbank-Fault` (after `<rule id>; `); null: unmarked. */
      fault: string | null;
      /** Which of the scenario's rules fires (default the first). */
      rule?: number;
    }
  | { kind: 'network' }
  /** Many calls: some dropped (as many as the rule counts fired), the rest answered 200. */
  | { kind: 'someDropped'; calls: number }
  | { kind: 'scaRedirect'; status: string; code: string }
  | { kind: 'scaAbandoned' }
  | { kind: 'payment'; transactionStatus: string; fundsAvailable?: boolean; afterBatch?: boolean };

export interface FaultCase {
  name: string;
  /** The effect kind or scenario it proves (the coverage checks read it). */
  covers: string;
  apply: Apply;
  /** Bank time to start at (default CASE_START). */
  at?: string;
  /** The request that shows the effect (SCA and payment cases make their own). */
  request?: CaseRequest;
  expect: Expectation;
}

export const customers: CaseRequest = { method: 'GET', path: '/v1/sandbox/customers' };
export const accounts: CaseRequest = { method: 'GET', path: '/v1/accounts' };

/** Every effect of docs/faults.md, every scenario and the per-request header, with its observation. */
export const FAULT_CASES: readonly FaultCase[] = [
  {
    name: 'an error answer: 503 SYSTEM_ERROR with the Retry-After the rule names',
    covers: 'error',
    apply: {
      rule: {
        match: { operation: 'listCustomers' },
        effect: { status: 503, code: 'SYSTEM_ERROR', retryAfterSeconds: 30 },
        times: 1,
      },
    },
    request: customers,
    expect: {
      kind: 'answer',
      status: 503,
      code: 'SYSTEM_ERROR',
      retryAfter: '30',
      fault: '503 SYSTEM_ERROR',
    },
  },
  {
    name: 'an error answer: 429 ACCESS_EXCEEDED with Retry-After to the rule’s until',
    covers: 'error',
    apply: {
      rule: {
        match: { method: 'GET', path: '/v1/sandbox/**' },
        effect: { status: 429, code: 'ACCESS_EXCEEDED' },
        until: '2026-03-02T10:20:00Z',
      },
    },
    request: customers,
    expect: {
      kind: 'answer',
      status: 429,
      code: 'ACCESS_EXCEEDED',
      retryAfter: { to: '2026-03-02T10:20:00Z' },
      fault: '429 ACCESS_EXCEEDED',
    },
  },
  {
    name: 'an error answer: 401 CONSENT_EXPIRED, without Retry-After',
    covers: 'error',
    apply: {
      rule: { match: { operation: 'listAccounts' }, effect: { status: 401, code: 'CONSENT_EXPIRED' } },
    },
    request: accounts,
    expect: {
      kind: 'answer',
      status: 401,
      code: 'CONSENT_EXPIRED',
      retryAfter: null,
      fault: '401 CONSENT_EXPIRED',
    },
  },
  {
    name: 'a fixed delay: the bank’s own answer, marked',
    covers: 'delay',
    apply: { rule: { match: { operation: 'listCustomers' }, effect: { delayMs: 20 } } },
    request: customers,
    expect: { kind: 'answer', status: 200, fault: 'delay 20 ms' },
  },
  {
    name: 'a delay drawn in a range: the bank’s own answer, marked',
    covers: 'delay',
    apply: { rule: { effect: { delayMs: { min: 5, max: 25 } } } },
    request: customers,
    expect: { kind: 'answer', status: 200, fault: 'delay 5-25 ms' },
  },
  {
    name: 'a network failure',
    covers: 'network',
    apply: { rule: { match: { operation: 'listCustomers' }, effect: { network: 'error' }, times: 1 } },
    request: customers,
    expect: { kind: 'network' },
  },
  {
    name: 'a maintenance window: 503 SYSTEM_ERROR with Retry-After to its end',
    covers: 'maintenance',
    apply: {
      rule: { effect: { maintenance: { from: '2026-03-02T09:00:00Z', until: '2026-03-02T12:00:00Z' } } },
    },
    request: { method: 'POST', path: '/v1/bank-offered-consents' },
    expect: {
      kind: 'answer',
      status: 503,
      code: 'SYSTEM_ERROR',
      retryAfter: { to: '2026-03-02T12:00:00Z' },
      fault: '503 maintenance until 2026-03-02T12:00:00.000Z',
    },
  },
  {
    name: 'a daily maintenance window over midnight',
    covers: 'maintenance',
    at: '2026-03-02T23:45:00Z',
    apply: { rule: { effect: { maintenance: { daily: { from: '23:30', until: '00:15' } } } } },
    request: customers,
    expect: {
      kind: 'answer',
      status: 503,
      code: 'SYSTEM_ERROR',
      retryAfter: { to: '2026-03-03T00:15:00Z' },
      fault: '503 maintenance until 2026-03-03T00:15:00.000Z',
    },
  },
  {
    name: 'an SCA that fails: the part 5.3 failure redirect',
    covers: 'sca',
    apply: { rule: { effect: { sca: 'fail' }, times: 1 } },
    expect: { kind: 'scaRedirect', status: '401', code: 'PSU_CREDENTIALS_INVALID' },
  },
  {
    name: 'an SCA that expires: SCA_EXPIRED in the failure redirect',
    covers: 'sca',
    apply: { rule: { effect: { sca: 'expire' }, times: 1 } },
    expect: { kind: 'scaRedirect', status: '400', code: 'SCA_EXPIRED' },
  },
  {
    name: 'an SCA the PSU abandons: no way back to the TPP',
    covers: 'sca',
    apply: { rule: { effect: { sca: 'abandon' }, times: 1 } },
    expect: { kind: 'scaAbandoned' },
  },
  {
    name: 'a payment rejected as it is authorised',
    covers: 'paymentStatus',
    apply: { rule: { effect: { paymentStatus: 'RJCT' }, times: 1 } },
    expect: { kind: 'payment', transactionStatus: 'RJCT', fundsAvailable: false },
  },
  {
    name: 'a payment accepted without funds',
    covers: 'paymentStatus',
    apply: { rule: { match: { paymentProduct: NDCT }, effect: { paymentStatus: 'ACCP' }, times: 1 } },
    expect: { kind: 'payment', transactionStatus: 'ACCP', fundsAvailable: false },
  },
  {
    name: 'a payment kept pending through a batch run',
    covers: 'paymentStatus',
    apply: { rule: { effect: { paymentStatus: 'PDNG' }, times: 1 } },
    expect: { kind: 'payment', transactionStatus: 'PDNG', afterBatch: true },
  },
  {
    name: 'nightly-batch-down: 503 with Retry-After to 05:30 during the night',
    covers: 'nightly-batch-down',
    at: '2026-03-03T04:45:00Z',
    apply: { scenario: 'nightly-batch-down' },
    request: customers,
    expect: {
      kind: 'answer',
      status: 503,
      code: 'SYSTEM_ERROR',
      retryAfter: { to: '2026-03-03T05:30:00Z' },
      fault: '503 maintenance until 2026-03-03T05:30:00.000Z',
    },
  },
  {
    name: 'nightly-batch-down: answers as usual in the day',
    covers: 'nightly-batch-down',
    apply: { scenario: 'nightly-batch-down' },
    request: customers,
    expect: { kind: 'answer', status: 200, fault: null },
  },
  {
    name: 'sca-always-fails: the part 5.3 failure redirect',
    covers: 'sca-always-fails',
    apply: { scenario: 'sca-always-fails' },
    expect: { kind: 'scaRedirect', status: '401', code: 'PSU_CREDENTIALS_INVALID' },
  },
  {
    name: 'slow-bank: the bank’s own answer, marked with its 2 s delay',
    covers: 'slow-bank',
    apply: { scenario: 'slow-bank' },
    request: customers,
    expect: { kind: 'answer', status: 200, fault: 'delay 2000 ms' },
  },
  {
    name: 'consent-expired: an account read answers 401 CONSENT_EXPIRED',
    covers: 'consent-expired',
    apply: { scenario: 'consent-expired' },
    request: { method: 'GET', path: '/v1/card-accounts' },
    expect: {
      kind: 'answer',
      status: 401,
      code: 'CONSENT_EXPIRED',
      retryAfter: null,
      fault: '401 CONSENT_EXPIRED',
      rule: 1,
    },
  },
  {
    name: 'daily-limit-reached: 429 ACCESS_EXCEEDED with Retry-After to midnight',
    covers: 'daily-limit-reached',
    apply: { scenario: 'daily-limit-reached' },
    request: accounts,
    expect: {
      kind: 'answer',
      status: 429,
      code: 'ACCESS_EXCEEDED',
      retryAfter: { to: '2026-03-03T00:00:00Z' },
      fault: '429 ACCESS_EXCEEDED',
    },
  },
  {
    name: 'flaky-network: some calls dropped, as many as the rule fired, the rest answered',
    covers: 'flaky-network',
    apply: { scenario: 'flaky-network' },
    request: customers,
    expect: { kind: 'someDropped', calls: 120 },
  },
  {
    name: 'payments-rejected: an authorised payment ends RJCT',
    covers: 'payments-rejected',
    apply: { scenario: 'payments-rejected' },
    expect: { kind: 'payment', transactionStatus: 'RJCT', fundsAvailable: false },
  },
  {
    name: 'X-Sandbank-Fault: an error for this request alone',
    covers: 'header',
    apply: { header: 'status=503; code=SYSTEM_ERROR; retry-after=7' },
    request: customers,
    expect: { kind: 'answer', status: 503, code: 'SYSTEM_ERROR', retryAfter: '7', fault: '503 SYSTEM_ERROR' },
  },
  {
    name: 'X-Sandbank-Fault: a delay for this request alone',
    covers: 'header',
    apply: { header: 'delay=15' },
    request: customers,
    expect: { kind: 'answer', status: 200, fault: 'delay 15 ms' },
  },
  {
    name: 'X-Sandbank-Fault: a dropped connection for this request alone',
    covers: 'header',
    apply: { header: 'network=error' },
    request: customers,
    expect: { kind: 'network' },
  },
  {
    name: 'X-Sandbank-Fault: a scenario’s request effect for this request alone',
    covers: 'header',
    apply: { header: 'scenario=daily-limit-reached' },
    request: accounts,
    expect: { kind: 'answer', status: 429, code: 'ACCESS_EXCEEDED', fault: '429 ACCESS_EXCEEDED' },
  },
];

/** The effect kinds of docs/faults.md the table must cover. */
export const EFFECT_KINDS = ['error', 'delay', 'network', 'maintenance', 'sca', 'paymentStatus', 'header'];
