import type { BankConnection } from '../bank/connection.js';
import { bankOrigin, buildRequest, readResult } from '../bank/request.js';
import { signIfAvailable } from '../bank/sign.js';
import { type FlowStep, redirectUri, type ScaStep, type Vars } from './definitions.js';

/** One HTTP exchange a step made, shown in the step's panel. */
export interface Exchange {
  /** Unique within the page, to key the exchange in lists. */
  seq: number;
  method: string;
  path: string;
  requestHeaders: Record<string, string>;
  requestBody: string | null;
  status: number;
  responseBody: unknown;
  /** Where the browser ended up after following the bank's redirects itself (service-worker mode). */
  redirectedTo?: string;
}

export interface StepOutcome {
  ok: boolean;
  exchanges: Exchange[];
  vars: Vars;
  note: string;
}

function headerMap(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

let exchangeCounter = 0;

async function exchange(connection: BankConnection, request: Request) {
  const requestBody = request.body === null ? null : await request.clone().text();
  const url = new URL(request.url);
  const response = await connection.fetch(request);
  // A followed redirect to the TPP's own page: its URL is the answer; its body (not the bank's) is not read.
  const landed = response.redirected && response.url.startsWith(redirectUri()) ? response.url : null;
  const result = landed === null ? await readResult(response) : null;
  const record: Exchange = {
    seq: ++exchangeCounter,
    method: request.method,
    path: `${url.pathname}${url.search}`,
    requestHeaders: headerMap(request.headers),
    requestBody,
    status: result?.status ?? response.status,
    responseBody: result?.body ?? null,
    ...(response.redirected ? { redirectedTo: response.url } : {}),
  };
  return { record, result, finalUrl: response.url === '' ? url.href : response.url, landed };
}

/** The part 5.3 parameters on the TPP-Redirect-URI the bank's last page sent the PSU to. */
function callbackOutcome(next: URL, exchanges: Exchange[], vars: Vars): StepOutcome {
  const q = next.searchParams;
  const psuId = q.get('psu-id');
  if (psuId === null) {
    return {
      ok: false,
      exchanges,
      vars,
      note: `SCA failed: ${q.get('code') ?? 'unknown code'} ${q.get('message') ?? ''} (part 5.3)`,
    };
  }
  const captured: Vars = { psuId };
  const session = q.get('tpp-session-id');
  if (session) captured.sessionId = session;
  const corporate = q.get('psu-corporate-id');
  if (corporate) captured.psuCorporateId = corporate;
  const context = q.get('context');
  if (context) captured.context = context;
  return {
    ok: true,
    exchanges,
    vars: { ...vars, ...captured },
    note: `Redirected to the TPP with psu-id ${psuId}.`,
  };
}

/** Fills the bank's SCA form as the PSU would: identity, context, every account, the first agreement; approve. */
export function fillScaForm(
  form: HTMLFormElement,
  psu: { nationalIdentityNumber: string; context: 'PRIVATE' | 'CORPORATE' },
): URLSearchParams {
  const params = new URLSearchParams();
  for (const element of Array.from(form.elements)) {
    if (
      !(
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement
      )
    )
      continue;
    const { name } = element;
    if (name === '' || name === 'action') continue;
    if (element instanceof HTMLInputElement && (element.type === 'submit' || element.type === 'button'))
      continue;
    if (name === 'nationalIdentityNumber') params.append(name, psu.nationalIdentityNumber);
    else if (name === 'context') {
      if (element instanceof HTMLInputElement && element.type === 'radio') {
        if (element.value === psu.context) params.append(name, element.value);
      } else params.append(name, psu.context);
    } else if (element instanceof HTMLInputElement && element.type === 'checkbox') {
      if (name === 'accounts' || element.checked) params.append(name, element.value);
    } else if (element instanceof HTMLInputElement && element.type === 'radio') {
      if (element.checked || !params.has(name)) {
        params.delete(name);
        params.append(name, element.value);
      }
    } else params.append(name, element.value);
  }
  params.append('action', 'approve');
  return params;
}

async function runSca(connection: BankConnection, step: ScaStep, vars: Vars): Promise<StepOutcome> {
  const exchanges: Exchange[] = [];
  const href = step.href(vars);
  if (!href)
    return { ok: false, exchanges, vars, note: 'No scaRedirect link was captured by the previous steps.' };
  let url = new URL(href, bankOrigin());
  let init: RequestInit = { method: 'GET' };
  for (let hop = 0; hop < 8; hop++) {
    // 'follow': a page's fetch through a service worker cannot read an opaque redirect's Location, so
    // the browser follows the bank's 303s itself and `response.url` says where it landed. The
    // in-page engine does not follow redirects and hands back the 303 with its Location instead.
    const { record, result, finalUrl, landed } = await exchange(
      connection,
      await signIfAvailable(new Request(url, { ...init, redirect: 'follow' })),
    );
    exchanges.push(record);
    if (landed !== null) return callbackOutcome(new URL(landed), exchanges, vars);
    if (result === null) break;
    url = new URL(finalUrl);
    const location = result.headers.location;
    if (result.status >= 300 && result.status < 400 && location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri())) return callbackOutcome(next, exchanges, vars);
      url = next;
      init = { method: 'GET' };
      continue;
    }
    if (result.status !== 200 || typeof result.body !== 'string' || typeof DOMParser === 'undefined') break;
    const form = new DOMParser().parseFromString(result.text, 'text/html').querySelector('form');
    if (!form) break;
    const action = new URL(form.getAttribute('action') || url.href, url);
    url = action;
    init = {
      method: (form.getAttribute('method') ?? 'POST').toUpperCase(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fillScaForm(form, step.psu(vars)).toString(),
    };
  }
  const last = exchanges.at(-1);
  return {
    ok: false,
    exchanges,
    vars,
    note:
      last?.status === 403
        ? 'The bank refused the form (403): its pages need their session cookie, which a fetch to another origin (a hosted bank) does not carry. Open the scaRedirect link in this browser to act as the PSU.'
        : last
          ? `The SCA page answered ${last.status} without a way forward.`
          : 'The SCA page could not be opened.',
  };
}

/** Runs one step against the bank and returns what it sent, what came back and the captured values. */
export async function runStep(connection: BankConnection, step: FlowStep, vars: Vars): Promise<StepOutcome> {
  if (step.kind === 'sca') return runSca(connection, step, vars);
  const { record, result } = await exchange(connection, await buildRequest(step.call(vars)));
  if (result === null) {
    return {
      ok: false,
      exchanges: [record],
      vars,
      note: `Redirected to ${record.redirectedTo ?? 'the TPP'}.`,
    };
  }
  if (result.status >= 400) {
    const skipped = step.optional === true && (result.status === 404 || result.status === 405);
    return {
      ok: skipped,
      exchanges: [record],
      vars,
      note: skipped
        ? 'This engine does not offer this step yet; skipped.'
        : `The bank answered ${result.status} (see its tppMessages below); retry the step once the cause is fixed.`,
    };
  }
  const captured = step.capture?.(result, vars) ?? {};
  return {
    ok: true,
    exchanges: [record],
    vars: { ...vars, ...captured },
    note: `Answered ${result.status}.`,
  };
}
