import { readFileSync } from 'node:fs';
import { accountById, accountList, paymentList, type Sandbox, type State } from '@sandbank/engine';
import { toMinor } from '@sandbank/engine/internal';

/**
 * What every answer of a fuzz run must keep, whatever the request: no 5xx, only part 7's codes, an
 * error that leaves the state as it was, money that moves only with a booked transaction, payments
 * that move only along the documented status diagram.
 */

export interface Violation {
  request: string;
  problem: string;
}

function withoutAuthorisations(state: State): string {
  const { authorisations: _a, meta, ...rest } = state;
  return JSON.stringify({ ...rest, seed: meta.seed });
}

/**
 * part 7 rule 1: the only codes a tppMessage may carry, errors and warnings alike, written out here
 * from the contract rather than taken from the engine, so a code the engine adds is caught.
 */
export const PART_7_CODES: readonly string[] = [
  'SYSTEM_ERROR',
  'BAD_REQUEST',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'HTTP_HEADER_REQUIRED',
  'QUERY_PARAMETER_REQUIRED',
  'SCA_NOT_FOUND',
  'SCA_EXPIRED',
  'SCA_INVALID',
  'FORMAT_ERROR',
  'RESOURCE_UNKNOWN',
  'PSU_CREDENTIALS_INVALID',
  'CONSENT_UNKNOWN',
  'CONSENT_INVALID',
  'CONSENT_EXPIRED',
  'ACCESS_EXCEEDED',
  'PRODUCT_UNKNOWN',
  'PRODUCT_INVALID',
  'KID_MISSING',
  'KID_INVALID',
  'PAYMENT_FAILED',
  'EXECUTION_DATE_INVALID',
  'REFERENCE_MIX_INVALID',
];

type Sent = { category: string; code: string; text: string };

/** The tppMessages of a successful JSON answer: on the object, or on each item of an array. */
function warningsOf(body: unknown): Sent[] {
  const of = (value: unknown): Sent[] =>
    value !== null &&
    typeof value === 'object' &&
    Array.isArray((value as { tppMessages?: unknown }).tppMessages)
      ? (value as { tppMessages: Sent[] }).tppMessages
      : [];
  return Array.isArray(body) ? body.flatMap(of) : of(body);
}

/** Sends one request and checks the invariants every answer must keep. */
export async function checkInvariants(
  sandbox: Sandbox,
  request: Request,
  knownCodes: ReadonlySet<string>,
  onAnswer?: (status: number, label: string) => void,
): Promise<Violation | null> {
  const label = `${request.method} ${new URL(request.url).pathname}`;
  const before = sandbox.getState();
  const snapshot = JSON.stringify(before);
  let response: Response;
  try {
    response = await sandbox.fetch(request);
  } catch (error) {
    return { request: label, problem: `threw ${String(error)}` };
  }
  onAnswer?.(response.status, label);
  if (response.status >= 500)
    return { request: label, problem: `answered ${response.status}: ${await response.text()}` };
  if (response.status < 400 && (response.headers.get('content-type') ?? '').includes('json')) {
    for (const m of warningsOf(await response.json())) {
      if (!knownCodes.has(m.code)) return { request: label, problem: `unknown warning code ${m.code}` };
      if (m.category !== 'WARNING') return { request: label, problem: `category ${m.category} on a success` };
    }
  }
  if (response.status >= 400) {
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    const body = (isJson ? await response.json() : {}) as {
      tppMessages?: Array<{ category: string; code: string; text: string }>;
      _links?: { scaRedirect?: unknown };
    };
    // A 401 that links to SCA records the authorisation behind the link, and nothing else.
    const unchanged =
      body._links?.scaRedirect === undefined
        ? JSON.stringify(sandbox.getState()) === snapshot
        : withoutAuthorisations(sandbox.getState()) === withoutAuthorisations(before);
    if (!unchanged) {
      return { request: label, problem: `a failed request (${response.status}) changed the state` };
    }
    if (isJson) {
      const messages = body.tppMessages ?? [];
      if (messages.length === 0)
        return { request: label, problem: `error ${response.status} without tppMessages` };
      for (const m of messages) {
        if (!knownCodes.has(m.code)) return { request: label, problem: `unknown code ${m.code}` };
        if (m.category !== 'ERROR' && m.category !== 'WARNING')
          return { request: label, problem: `category ${m.category}` };
        if (typeof m.text !== 'string' || m.text.length > 512)
          return { request: label, problem: 'text missing or over 512' };
      }
    }
  }
  return null;
}

/**
 * Money never appears or vanishes without a booked transaction: for every account, the booked
 * balance minus the sum of its booked transactions stays what it was (and likewise expected minus
 * booked against the pending ones). A reset, an import or an initialize starts a new baseline, and
 * an account made by hand starts with its own.
 */
export function ledgerBaselines(): Map<string, string> {
  return new Map();
}

function offsets(state: State, accountId: string): string {
  const account = accountById(state, accountId);
  if (account === undefined) return '';
  const ledger = (state.transactions[accountId] ?? []).flat();
  const sum = (status: 'booked' | 'pending') =>
    ledger
      .filter((t) => t.status === status)
      .reduce((acc, t) => acc + toMinor(t.amount, account.currency), 0n);
  const booked = toMinor(account.booked, account.currency);
  const expected = toMinor(account.expected, account.currency);
  return `${booked - sum('booked')} ${expected - booked - sum('pending')}`;
}

export function checkLedger(state: State, baselines: Map<string, string>, label: string): Violation | null {
  if (/\/_sandbank\/(reset|state)$|\/sandbox\/initialize$/.test(label)) baselines.clear();
  for (const id of accountList(state).map((a) => a.id)) {
    const now = offsets(state, id);
    const before = baselines.get(id);
    if (before === undefined) baselines.set(id, now);
    else if (before !== now) {
      return {
        request: label,
        problem: `account ${id}: balance minus transactions moved from ${before} to ${now}`,
      };
    }
  }
  return null;
}

/** The payment status diagram as docs/decisions/payment-lifecycle.md draws it (mermaid `A --> B`). */
export function documentedTransitions(): Set<string> {
  const doc = readFileSync(new URL('../../docs/decisions/payment-lifecycle.md', import.meta.url), 'utf8');
  const edges = new Set<string>();
  for (const match of doc.matchAll(/^\s*(\[\*\]|[A-Z]{4})\s*-->\s*(\[\*\]|[A-Z]{4})\b/gm)) {
    edges.add(`${match[1]} ${match[2]}`);
  }
  return edges;
}

/** Every payment's status history starts at RCVD and moves only along the documented diagram. */
export function checkPaymentHistories(state: State, edges: Set<string>, label: string): Violation | null {
  for (const payment of paymentList(state)) {
    const path = ['[*]', ...payment.statusHistory.map((h) => h.status)];
    for (let i = 1; i < path.length; i++) {
      const edge = `${path[i - 1]} ${path[i]}`;
      if (!edges.has(edge)) {
        return {
          request: label,
          problem: `payment ${payment.paymentId} went ${edge.replace(' ', ' → ')}, not in the diagram`,
        };
      }
    }
  }
  return null;
}
