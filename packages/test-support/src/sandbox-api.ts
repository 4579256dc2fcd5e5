import {
  cardAccountList,
  createSandbox,
  accountsOf as ownedAccounts,
  type Sandbox,
  type SandboxOptions,
} from '@sandbank/engine';
import { signing } from './signing.js';

/** The fixed bank clock every mock-data test runs at. */
export const NOW = Date.parse('2026-03-02T10:00:00Z');
export const TODAY = '2026-03-02';

export function newSandbox(seed = 'test', options: SandboxOptions = {}): Sandbox {
  return signing(createSandbox({ now: () => NOW, seed, ...options }));
}

export interface ApiResult {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected field by field
  body: any;
}

let requestCounter = 0;

/** One request to the sandbox through its public `fetch` (signed there, part 5.1). */
export async function api(
  sandbox: Sandbox,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResult> {
  requestCounter += 1;
  const headers: Record<string, string> = {
    'X-Request-ID': `00000000-0000-4000-8000-${String(requestCounter).padStart(12, '0')}`,
    ...options.headers,
  };
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await sandbox.fetch(new Request(`http://localhost${path}`, init));
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
}

/** The codes and paths of an error answer, for compact assertions. */
export function errorsOf(result: ApiResult): { code: string; path?: string }[] {
  return (result.body?.tppMessages ?? []).map((m: { code: string; path?: string }) =>
    m.path === undefined ? { code: m.code } : { code: m.code, path: m.path },
  );
}

/** Seeded customers (docs/platform-facts.md §4). */
export const KARI = '13039319955';
export const OLA = '12085592767';
export const FJORDLYS = '18129215603';
export const NORDKAPP = '20079518612';

/** Valid national ids that are not in the seed, for new customers. */
export const NEW_PRIVATE = '01010000110';
export const NEW_PRIVATE_2 = '01010000382';

export function accountsOf(sandbox: Sandbox, customerNumber: string) {
  return ownedAccounts(sandbox.getState(), customerNumber);
}

export function cardAccountsOf(sandbox: Sandbox, customerNumber: string) {
  return cardAccountList(sandbox.getState()).filter((c) => c.customerNumber === customerNumber);
}

/** A valid create-account body for `customerNumber` (part 2.7). */
export function accountBody(
  customerNumber: string,
  bban = '97100123456',
  overrides: Record<string, unknown> = {},
) {
  return {
    customerNumber,
    accountName: 'Feriekonto',
    bban,
    iban: ibanOf(bban),
    currency: 'NOK',
    product: 'Sparekonto',
    cashAccountType: 'SVGS',
    creditLine: 0,
    balances: [
      { balanceType: 'closingBooked', balanceAmount: { amount: 1000.5, currency: 'NOK' } },
      { balanceType: 'expected', balanceAmount: { amount: '900.50', currency: 'NOK' } },
    ],
    ...overrides,
  };
}

export function ibanOf(bban: string): string {
  let r = 0;
  for (const ch of `${bban}232400`) r = (r * 10 + Number(ch)) % 97;
  return `NO${String(98 - r).padStart(2, '0')}${bban}`;
}

/** A valid create-card-account body for `customerNumber`. */
export function cardAccountBody(customerNumber: string, overrides: Record<string, unknown> = {}) {
  return {
    customerNumber,
    pan: '4111111111111111',
    name: 'Kari Nordmann',
    product: 'Visa Gold',
    currency: 'NOK',
    creditLimit: { amount: 30000, currency: 'NOK' },
    ...overrides,
  };
}
