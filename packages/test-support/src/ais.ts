import {
  accountsOf,
  createSandbox,
  type Sandbox,
  type SandboxOptions,
  type Transaction,
} from '@sandbank/engine';
import { createSeedState, DAY_MS, isoDate, ledgerEntry, ledgerFrom } from '@sandbank/engine/internal';
import { CookieJar } from 'tough-cookie';
import { type FormControl, formBody, type ParsedForm, parseForm } from './form.js';
import { signing, TEST_TPP_REGISTRATION } from './signing.js';

export const ORIGIN = 'https://bank.example';
export const START = Date.parse('2026-03-02T10:00:00Z');
export const REDIRECT_URI = 'https://tpp.example/callback';
export const KARI = '13039319955';
export const OLA = '12085592767';
export const FJORDLYS = '18129215603';
export const NORDKAPP = '20079518612';

export function sandbox(options: SandboxOptions = {}): Sandbox {
  return signing(createSandbox({ now: () => START, registeredTpps: [TEST_TPP_REGISTRATION], ...options }));
}

// Each helper numbers its requests under its own prefix (payments.ts `req-`, http.ts `test-`): the
// engine's test files share their modules (vitest.config.ts), so two counters stand anywhere against
// each other, and one id from each would be the same X-Request-ID to one bank (a 409 CONFLICT).
let requestCounter = 0;

export interface ApiOptions {
  headers?: Record<string, string | undefined>;
  body?: unknown;
}

/** One API call as a TPP makes it (signed by the sandbox's signing `fetch`); a header given as undefined is left out. */
export async function api(
  sb: Sandbox,
  method: string,
  path: string,
  options: ApiOptions = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely and assert on them
): Promise<{ status: number; headers: Headers; body: any }> {
  const headers = new Headers({ 'x-request-id': `ais-${++requestCounter}` });
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === undefined) headers.delete(name);
    else headers.set(name, value);
  }
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) {
    headers.set('content-type', 'application/json');
    init.body = JSON.stringify(options.body);
  }
  const response = await sb.fetch(new Request(`${ORIGIN}${path}`, init));
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
}

export async function advance(sb: Sandbox, minutes: number): Promise<void> {
  const response = await sb.fetch(
    new Request(`${ORIGIN}/_sandbank/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMinutes: minutes }),
    }),
  );
  if (response.status !== 200) throw new Error(`clock: ${response.status}`);
}

/** Sets the bank clock through the control plane (`{"set": <ISO date-time>}`). */
export async function setClock(sb: Sandbox, at: string): Promise<void> {
  const response = await sb.fetch(
    new Request(`${ORIGIN}/_sandbank/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ set: at }),
    }),
  );
  if (response.status !== 200) throw new Error(`clock: ${response.status}`);
}

export const DAY_MINUTES = 24 * 60;

export interface Page {
  status: number;
  html: string;
  form: ParsedForm | null;
  location: string | null;
}

async function toPage(response: Response): Promise<Page> {
  const html = await response.text();
  return { status: response.status, html, form: parseForm(html), location: response.headers.get('location') };
}

/**
 * A PSU's browser on the bank's pages: it keeps the cookies they set (tough-cookie, an implementation
 * independent of the engine's) and sends them back, as a browser does. Each sandbox has one by default;
 * `anotherBrowser()` is someone else who got hold of the link.
 */
export interface Browser {
  jar: CookieJar;
}

const browsers = new WeakMap<Sandbox, Browser>();

export function anotherBrowser(): Browser {
  return { jar: new CookieJar() };
}

/** The browser the page helpers use for `sb` unless told otherwise. */
export function browserOf(sb: Sandbox): Browser {
  let browser = browsers.get(sb);
  if (browser === undefined) {
    browser = anotherBrowser();
    browsers.set(sb, browser);
  }
  return browser;
}

/** Sends a page request as the browser: with its cookies, keeping the ones the answer sets. */
async function browse(sb: Sandbox, browser: Browser, href: string, init: RequestInit): Promise<Page> {
  const headers = new Headers(init.headers);
  const cookie = await browser.jar.getCookieString(href);
  if (cookie !== '') headers.set('cookie', cookie);
  const response = await sb.fetch(new Request(href, { ...init, headers, redirect: 'manual' }));
  for (const set of response.headers.getSetCookie()) await browser.jar.setCookie(set, href);
  return toPage(response);
}

export async function getPage(sb: Sandbox, href: string, browser = browserOf(sb)): Promise<Page> {
  return browse(sb, browser, href, {});
}

export async function postPage(
  sb: Sandbox,
  href: string,
  body: URLSearchParams,
  browser = browserOf(sb),
): Promise<Page> {
  return browse(sb, browser, href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
}

/**
 * Submits the page's form as a browser would (every hidden field, the CSRF token among them); the
 * form's action is resolved against the page.
 */
export async function submit(
  sb: Sandbox,
  href: string,
  page: Page,
  overrides: Record<string, string | string[]> = {},
  action: 'approve' | 'cancel' = 'approve',
  browser = browserOf(sb),
): Promise<Page> {
  if (page.form === null) throw new Error(`no form on the page:\n${page.html}`);
  if (page.form.method !== 'post') throw new Error('the form does not post');
  return postPage(
    sb,
    new URL(page.form.action || href, href).toString(),
    formBody(page.form, overrides, action),
    browser,
  );
}

export function controls(page: Page, name: string): FormControl[] {
  return page.form?.controls.filter((c) => c.name === name) ?? [];
}

export interface ScaChoices {
  nationalId: string;
  context?: 'PRIVATE' | 'CORPORATE';
  /** The agreement to choose, by its name (a page label) — defaults to the first offered. */
  agreementIndex?: number;
  /** Account ids to tick; 'all' ticks every box; undefined keeps the page's pre-selection. */
  accounts?: string[] | 'all';
}

/**
 * Walks the SCA pages like a PSU: sign in, choose the context when asked, tick accounts, approve.
 * Returns the final page (a 303 to the TPP) and the redirect's query parameters.
 */
export async function walkSca(
  sb: Sandbox,
  scaRedirect: string,
  choices: ScaChoices,
  browser = browserOf(sb),
): Promise<{ final: Page; params: URLSearchParams; pages: Page[] }> {
  const pages: Page[] = [];
  let page = await getPage(sb, scaRedirect, browser);
  pages.push(page);
  for (let step = 0; step < 5 && page.status === 200; step++) {
    const names = new Set(page.form?.controls.map((c) => c.name) ?? []);
    const overrides: Record<string, string | string[]> = {};
    if (names.has('nationalIdentityNumber')) overrides.nationalIdentityNumber = choices.nationalId;
    else if (names.has('context') || names.has('agreement')) {
      if (choices.context !== undefined && controls(page, 'context').some((c) => c.type === 'radio')) {
        overrides.context = choices.context;
      }
      const agreements = controls(page, 'agreement');
      const picked = agreements[choices.agreementIndex ?? 0];
      if (picked !== undefined) overrides.agreement = picked.value;
    } else if (names.has('accounts') && choices.accounts !== undefined) {
      overrides.accounts =
        choices.accounts === 'all' ? controls(page, 'accounts').map((c) => c.value) : choices.accounts;
    }
    page = await submit(sb, scaRedirect, page, overrides, 'approve', browser);
    pages.push(page);
  }
  if (page.status !== 303 || page.location === null) {
    throw new Error(`the SCA did not end in a redirect (status ${page.status}):\n${page.html}`);
  }
  return { final: page, params: new URL(page.location).searchParams, pages };
}

export interface Psu {
  psuId: string;
  sessionId: string;
  corporateId?: string;
  headers: Record<string, string>;
}

/** POST /v1/bank-offered-consents and a completed SCA: the headers to use afterwards. */
export async function consent(
  sb: Sandbox,
  choices: ScaChoices,
  sessionId = 'session-1',
  extra: Record<string, string> = {},
): Promise<Psu> {
  const created = await api(sb, 'POST', '/v1/bank-offered-consents', {
    headers: { 'tpp-redirect-uri': REDIRECT_URI, 'tpp-session-id': sessionId, ...extra },
  });
  if (created.status !== 201) throw new Error(`consent: ${created.status} ${JSON.stringify(created.body)}`);
  const { params } = await walkSca(sb, created.body._links.scaRedirect.href, choices);
  const psuId = params.get('psu-id');
  if (psuId === null) throw new Error(`no psu-id in the redirect: ${params.toString()}`);
  const headers: Record<string, string> = {
    'psu-id': psuId,
    'tpp-session-id': sessionId,
    'tpp-redirect-uri': REDIRECT_URI,
    'x-accept-fix': 'amount-as-string',
  };
  const corporateId = params.get('psu-corporate-id');
  if (corporateId !== null) headers['psu-corporate-id'] = corporateId;
  return corporateId === null ? { psuId, sessionId, headers } : { psuId, sessionId, corporateId, headers };
}

/** Starts a consent SCA and returns its scaRedirect href. */
export async function startConsent(
  sb: Sandbox,
  headers: Record<string, string> = {},
  path = '/v1/bank-offered-consents',
): Promise<string> {
  const created = await api(sb, 'POST', path, {
    headers: { 'tpp-redirect-uri': REDIRECT_URI, 'tpp-session-id': 'session-1', ...headers },
  });
  if (created.status !== 201) throw new Error(`consent: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body._links.scaRedirect.href;
}

/** The query of a redirect location, with `message` read back as the TPP would. */
export function redirectParams(page: Page): URLSearchParams {
  if (page.location === null) throw new Error(`not a redirect (status ${page.status})`);
  return new URL(page.location).searchParams;
}

/**
 * The seed with Kari's first account holding `count` booked transactions over the last 80 days
 * (about a dozen a day) and 3 pending ones.
 */
export function stateWithTransactions(count: number, seed = 'sandbank') {
  const state = createSeedState(seed, START);
  const account = accountsOf(state, KARI)[0];
  if (account === undefined) throw new Error('no account for Kari');
  const transactions: Transaction[] = [];
  for (let i = 0; i < count + 3; i++) {
    const pending = i < 3;
    const day = pending ? START - i * DAY_MS : START - (1 + Math.floor(((i - 3) * 80) / count)) * DAY_MS;
    transactions.push(
      ledgerEntry(state, account, {
        status: pending ? 'pending' : 'booked',
        bookingDate: isoDate(day),
        ...(pending ? {} : { valueDate: isoDate(day) }),
        amount: `-${(i % 97) + 1}.${String(i % 100).padStart(2, '0')}`,
        creditorName: `Butikk ${i}`,
        debtorAccount: { bban: account.bban, iban: account.iban, currency: 'NOK' },
        remittanceInformationUnstructured: `Kjøp ${i}`,
        proprietaryBankTransactionCode: 'R_300',
      }),
    );
  }
  state.transactions[account.id] = ledgerFrom(transactions);
  return { state, accountId: account.id };
}
