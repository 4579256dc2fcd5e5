/**
 * Node benchmarks: signed requests through `sandbox.fetch` beside the alternatives a user
 * would pick (an MSW `setupServer` handler returning a fixed body, and a bare function returning
 * `new Response('{}')`, the floor), and bundle sizes; the requests and banks bench/scale.ts builds on.
 * Contenders are interleaved in one run; figures are medians and tails. `runNodeBench`
 * (bench/node-run.ts) runs these and the scale table.
 */
import { gzipSync } from 'node:zlib';
import { accountList, createSandbox, type ExportedState, type Sandbox, type State } from '@sandbank/engine';
import { bundleWorker } from '@sandbank/service-worker/internal';
import { consent, KARI, START } from '@sandbank/test-support/ais';
import { signFor, signing, TEST_TPP_REGISTRATION } from '@sandbank/test-support/signing';
import { build } from 'esbuild';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { interleaved, type Stats } from './lib/measure.js';
import { copies, globalRequest, NodeRequest, NodeResponse } from './lib/requests.js';
import { WORKER_SCRIPT_ROW } from './lib/row-names.js';

export const ORIGIN = 'https://bank.example';

export function bank(initialState?: State | ExportedState): { raw: Sandbox; signed: Sandbox } {
  const raw = createSandbox({
    now: () => START,
    registeredTpps: [TEST_TPP_REGISTRATION],
    ...(initialState ? { initialState } : {}),
  });
  return { raw, signed: signing(raw) };
}

export async function drain(response: Response | Promise<Response>): Promise<number> {
  const r = await response;
  await r.text();
  return r.status;
}

/** A consented PSU (Kari, all accounts) and the headers its TPP sends afterwards. */
export async function consented(signed: Sandbox) {
  return consent(signed, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
}

/** A signed request with a fresh X-Request-ID, not sent. */
async function signedRequest(
  raw: Sandbox,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Request> {
  const init: RequestInit = { method, headers: { 'x-request-id': crypto.randomUUID(), ...headers } };
  if (body !== undefined) {
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return signFor(raw, new Request(`${ORIGIN}${path}`, init));
}

export async function template(
  raw: Sandbox,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const signed = await signedRequest(raw, method, path, headers, body);
  const check = await raw.fetch(signed.clone());
  if (check.status >= 300)
    throw new Error(`${method} ${path} answered ${check.status}: ${await check.text()}`);
  return signed;
}

export interface RoundTrips {
  accountList: Record<string, Stats>;
  transactionPage: Stats;
  paymentCreation: Stats;
}

/** A signed request as plain parts, made into a `Request` when it is sent. */
interface RequestParts {
  url: string;
  method: string;
  headers: [string, string][];
  body: string;
}

/** The signed requests the Node bench times, made beforehand: a GET, a page and fresh payment creations. */
export interface RequestKinds {
  raw: Sandbox;
  accounts: Request;
  page: Request;
  /** Sends the next of the pre-signed creations; throws on anything but 201. */
  createPayment: () => Promise<void>;
}

/**
 * Kari's payment creations to Ola, `count` of them, and a function that sends the next one (throwing on
 * anything but 201). Each creation is sent with `?allowLogicalDuplicate=true` unless `checkDuplicates`
 * is set: then each has its own remittance text (so none is a logical duplicate of another) and the
 * bank runs its duplicate check, as for a TPP that does not opt out (`bench:growth`).
 */
export async function paymentCreations(
  raw: Sandbox,
  headers: Record<string, string>,
  count: number,
  checkDuplicates = false,
): Promise<() => Promise<void>> {
  const state = raw.getState();
  const kari = accountList(state).find((a) => a.customerNumber === KARI && a.accountName === 'Brukskonto');
  const ola = accountList(state).find((a) => a.customerNumber !== KARI && a.accountName === 'Brukskonto');
  const path = `/v1/payments/norwegian-domestic-credit-transfers${checkDuplicates ? '' : '?allowLogicalDuplicate=true'}`;
  const creations = Array.from({ length: count }, (_, i) => ({
    method: 'POST',
    path,
    headers: { ...headers, 'psu-ip-address': '192.0.2.10', 'psu-context': 'PRIVATE' },
    body: {
      instructedAmount: { amount: '10.00', currency: 'NOK' },
      creditorName: 'Ola Hansen',
      creditorAccount: { bban: ola?.bban, currency: 'NOK' },
      creditorAddress: { country: 'NO' },
      debtorAccount: { bban: kari?.bban, currency: 'NOK' },
      remittanceInformationUnstructured: checkDuplicates ? `Bench ${i}` : 'Bench',
    },
  }));
  return presigned(raw, 'payment creation', creations);
}

/** A request to sign: what `presigned` is given. */
export interface RequestToSign {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * The requests signed beforehand, each with its own X-Request-ID, and a function that sends the next
 * (throwing on an answer of 300 or more). A write cannot be sent twice: a replayed request (same
 * X-Request-ID) is answered 409 CONFLICT (replay protection), so each is signed outside the timing and
 * kept as plain parts. Its `Request` is made inside the timing, as a user's code makes one per call and
 * as `copies` does for the GET, the page and MSW's request: a thousand `Request`s made ahead sit in the
 * old generation, and what reading their bodies leaves hanging from them made every scavenge of the run
 * copy more (docs/benchmarks.md, "The creation's and the page's tails").
 */
export async function presigned(
  raw: Sandbox,
  name: string,
  requests: readonly RequestToSign[],
): Promise<() => Promise<void>> {
  const parts: RequestParts[] = [];
  for (const { method, path, headers, body } of requests) {
    const signed = await signedRequest(raw, method, path, headers ?? {}, body);
    parts.push({
      url: signed.url,
      method: signed.method,
      headers: [...signed.headers],
      body: await signed.text(),
    });
  }
  return async () => {
    const next = parts.shift();
    if (next === undefined) throw new Error(`no pre-signed ${name} left`);
    const { url, body, ...init } = next;
    const response = await raw.fetch(new NodeRequest(url, { ...init, ...(body === '' ? {} : { body }) }));
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${name} answered ${response.status}: ${text}`);
  };
}

/** The bench's bank and its requests (the creations as `paymentCreations` makes them). */
export async function requestKinds(creations: number, checkDuplicates = false): Promise<RequestKinds> {
  const { raw, signed } = bank();
  const psu = await consented(signed);
  const accounts = await template(raw, 'GET', '/v1/accounts', psu.headers);
  const listing = (await (await raw.fetch(accounts.clone())).json()) as {
    accounts: Array<{ resourceId: string }>;
  };
  const accountId = listing.accounts[0]?.resourceId ?? '';
  const page = await template(
    raw,
    'GET',
    `/v1/accounts/${accountId}/transactions?bookingStatus=both`,
    psu.headers,
  );
  const createPayment = await paymentCreations(raw, psu.headers, creations, checkDuplicates);
  return { raw, accounts, page, createPayment };
}

export async function roundTrips(rounds: number): Promise<RoundTrips> {
  const creationRounds = Math.min(rounds, 1000);
  const creationWarmup = 50;
  const { raw, accounts, page, createPayment } = await requestKinds(creationRounds + creationWarmup);
  const fixed = await (await raw.fetch(accounts.clone())).json();
  const server = setupServer(http.get(`${ORIGIN}/v1/accounts`, () => HttpResponse.json(fixed)));
  server.listen({ onUnhandledRequest: 'bypass' });
  const floor = async (_request: Request) => new NodeResponse('{}');
  const accountsRequest = copies(accounts);
  const mswRequest = copies(accounts, globalRequest);
  const pageRequest = copies(page);
  try {
    const accountList = await interleaved(
      {
        floor: () => drain(floor(accountsRequest())),
        msw: () => drain(fetch(mswRequest())),
        sandbank: () => drain(raw.fetch(accountsRequest())),
      },
      rounds,
    );
    // MSW is the GET's contender only: listening, it patches `Headers.prototype` and keeps its
    // garbage and code beside the page's and the creation's (docs/benchmarks.md, "Session 11";
    // bench/tail-causes.ts, which splits these tails, always closed it here).
    server.close();
    const pages = await interleaved({ page: () => drain(raw.fetch(pageRequest())) }, rounds);
    const creation = await interleaved({ create: createPayment }, creationRounds, creationWarmup);
    return {
      accountList,
      transactionPage: pages.page as Stats,
      paymentCreation: creation.create as Stats,
    };
  } finally {
    server.close();
  }
}

export interface BundleRow {
  name: string;
  minified: number;
  gzipped: number;
}

export async function bundles(): Promise<BundleRow[]> {
  const worker = new TextEncoder().encode(await bundleWorker());
  const rows: BundleRow[] = [
    {
      name: WORKER_SCRIPT_ROW,
      minified: worker.byteLength,
      gzipped: gzipSync(worker).byteLength,
    },
  ];
  const entries: Array<[string, string]> = [
    ['engine entry (@sandbank/engine)', 'packages/engine/src/index.ts'],
    ['TPP kit (@sandbank/engine/tpp)', 'packages/engine/src/tpp/index.ts'],
  ];
  for (const [name, entry] of entries) {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    rows.push({ name, minified: code.byteLength, gzipped: gzipSync(code).byteLength });
  }
  return rows;
}
