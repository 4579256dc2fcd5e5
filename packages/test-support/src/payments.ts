import { createHash } from 'node:crypto';
import {
  type Account,
  accountList,
  cardAccountList,
  createSandbox,
  type ExportedState,
  type Sandbox,
  type State,
  stateFromExport,
} from '@sandbank/engine';
import { signing, TEST_TPP_REGISTRATION } from './signing.js';

/** Monday 2 March 2026, 10:00 UTC: a banking day, between the 09:00 and 12:00 batches. */
export const NOW = Date.parse('2026-03-02T10:00:00Z');

export const KARI = '13039319955';
export const OLA = '12085592767';
export const BAKERI = '18129215603';
export const RORLEGGER = '20079518612';
export const PSU_ID = '6f1c2b1e-8a51-4c2e-9a55-2f0b7f1d9c01';
export const NDCT = 'norwegian-domestic-credit-transfers';
export const NCBCT = 'norwegian-cross-border-credit-transfers';
export const INSTANT = 'instant-norwegian-domestic-credit-transfers-straks';

export function newSandbox(
  options: { profile?: 'sandbox' | 'production'; now?: number; initialState?: State } = {},
): Sandbox {
  const at = options.now ?? NOW;
  // The tests choose Digest themselves (part 4.1 P requires it), so the signer adds none.
  return signing(
    createSandbox({
      now: () => at,
      registeredTpps: [TEST_TPP_REGISTRATION],
      ...(options.profile ? { profile: options.profile } : {}),
      ...(options.initialState ? { initialState: options.initialState } : {}),
    }),
    {
      addDigest: false,
    },
  );
}

let counter = 0;

export interface Call {
  headers?: Record<string, string | undefined>;
  body?: unknown;
}

export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: replies are read as loose JSON in assertions
  body: any;
  headers: Headers;
}

/** One API call: sets X-Request-ID, and Content-Type and Digest (RFC 3230) for a body. */
export async function api(sandbox: Sandbox, method: string, path: string, call: Call = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'x-request-id': `req-${++counter}` };
  let bodyText: string | undefined;
  if (call.body !== undefined) {
    bodyText = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
    headers['content-type'] = 'application/json';
    headers.digest = `SHA-256=${createHash('sha256').update(bodyText).digest('base64')}`;
  }
  for (const [name, value] of Object.entries(call.headers ?? {})) {
    if (value === undefined) delete headers[name.toLowerCase()];
    else headers[name.toLowerCase()] = value;
  }
  const init: RequestInit = { method, headers };
  if (bodyText !== undefined) init.body = bodyText;
  const response = await sandbox.fetch(new Request(`http://bank.test${path}`, init));
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text), headers: response.headers };
}

/** The part 4.1 P headers of a payment made by Kari in the private context. */
export function paymentHeaders(
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    // part 4.1 P and B require x-accept-fix; a TPP sends the fix it was written for.
    'x-accept-fix': 'amount-as-string',
    'tpp-session-id': 'session-1',
    'tpp-redirect-uri': 'https://tpp.example/callback',
    'psu-ip-address': '192.0.2.10',
    'psu-context': 'PRIVATE',
    'psu-id': PSU_ID,
    ...extra,
  };
}

/** The bank's state as exported (`GET /_sandbank/state`), in the engine's shape (read it with `paymentById`…). */
export async function state(sandbox: Sandbox): Promise<State> {
  return stateFromExport((await api(sandbox, 'GET', '/_sandbank/state')).body as ExportedState);
}

export function account(s: State, customerNumber: string, name: string): Account {
  const found = accountList(s).find((a) => a.customerNumber === customerNumber && a.accountName === name);
  if (!found) throw new Error(`no account ${name} of ${customerNumber}`);
  return found;
}

export function cardAccount(s: State, customerNumber: string) {
  const found = cardAccountList(s).find((c) => c.customerNumber === customerNumber);
  if (!found) throw new Error(`no card account of ${customerNumber}`);
  return found;
}

/** `ndctBody` paid from Kari's card account (`debtorAccount.other`, a card-account payment). */
export function cardNdctBody(s: State, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const card = cardAccount(s, KARI);
  return ndctBody(s, {
    debtorAccount: {
      other: { identification: card.accountNumber, schemeNameProprietary: 'creditCardAccount' },
      currency: 'NOK',
    },
    ...overrides,
  });
}

/** A valid NDCT body: `amount` NOK from Kari's Brukskonto to Ola's Brukskonto. */
export function ndctBody(s: State, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    instructedAmount: { amount: '100.00', currency: 'NOK' },
    creditorName: 'Ola Hansen',
    creditorAccount: { bban: account(s, OLA, 'Brukskonto').bban, currency: 'NOK' },
    creditorAddress: {
      street: 'Storgata',
      buildingNumber: '1',
      postalCode: '0155',
      city: 'Oslo',
      country: 'NO',
    },
    debtorAccount: { bban: account(s, KARI, 'Brukskonto').bban, currency: 'NOK' },
    remittanceInformationUnstructured: 'Middag',
    ...overrides,
  };
}

export function ncbctBody(s: State, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    instructedAmount: { amount: '250.00', currency: 'EUR' },
    creditorName: 'Hans Müller',
    creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
    debtorAccount: { bban: account(s, OLA, 'Valutakonto').bban, currency: 'EUR' },
    remittanceInformationUnstructured: 'Miete',
    ...overrides,
  };
}

export async function createPayment(
  sandbox: Sandbox,
  body: unknown,
  options: {
    service?: string;
    product?: string;
    headers?: Record<string, string | undefined>;
    query?: string;
  } = {},
): Promise<Reply> {
  const path = `/v1/${options.service ?? 'payments'}/${options.product ?? NDCT}${options.query ?? ''}`;
  return api(sandbox, 'POST', path, { headers: paymentHeaders(options.headers), body });
}

export async function approve(sandbox: Sandbox, paymentId: string, psuNationalId = KARI, extra: object = {}) {
  return api(sandbox, 'POST', `/_sandbank/payments/${encodeURIComponent(paymentId)}/approve`, {
    body: { psuNationalId, ...extra },
  });
}

export async function status(sandbox: Sandbox, paymentId: string, service = 'payments', product = NDCT) {
  return api(sandbox, 'GET', `/v1/${service}/${product}/${encodeURIComponent(paymentId)}/status`);
}

export async function advance(sandbox: Sandbox, minutes: number) {
  return api(sandbox, 'POST', '/_sandbank/clock', { body: { advanceMinutes: minutes } });
}

export function codes(reply: Reply): string[] {
  const messages: { category: string; code: string }[] = reply.body?.tppMessages ?? [];
  return messages.filter((m) => m.category === 'ERROR').map((m) => m.code);
}

/**
 * `count` domestic payments from Kari to Ola, each its own (logical duplicates allowed), in order;
 * their ids. Throws on anything but 201.
 */
export async function createPayments(sandbox: Sandbox, count: number): Promise<string[]> {
  const ids: string[] = [];
  const body = ndctBody(sandbox.getState());
  for (let i = 0; i < count; i++) {
    const created = await createPayment(sandbox, body, { query: '?allowLogicalDuplicate=true' });
    if (created.status !== 201) throw new Error(`payment creation answered ${created.status}`);
    ids.push(created.body.paymentId);
  }
  return ids;
}
