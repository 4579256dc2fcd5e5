/**
 * Node benchmarks: signed requests through `sandbox.fetch` beside the alternatives a user
 * would pick (an MSW `setupServer` handler returning a fixed body, and a bare function returning
 * `new Response('{}')`, the floor), then how costs grow with the number of transactions in state,
 * then bundle sizes. Contenders are interleaved in one run; figures are medians and tails.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createSandbox, type Sandbox, type State } from '@sandbank/engine';
import { bundleWorker } from '@sandbank/service-worker/internal';
import { consent, KARI, START } from '@sandbank/test-support/ais';
import { signFor, signing, TEST_TPP_REGISTRATION } from '@sandbank/test-support/signing';
import { build } from 'esbuild';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { stateWithTransactions } from './lib/big-state.js';
import { streamedImport, stringImport } from './lib/import-body.js';
import { fmt, interleaved, ratio, type Stats, stats } from './lib/measure.js';

const ORIGIN = 'https://bank.example';
const gc = (globalThis as { gc?: () => void }).gc;

function bank(initialState?: State): { raw: Sandbox; signed: Sandbox } {
  const raw = createSandbox({
    now: () => START,
    registeredTpps: [TEST_TPP_REGISTRATION],
    ...(initialState ? { initialState } : {}),
  });
  return { raw, signed: signing(raw) };
}

async function drain(response: Response | Promise<Response>): Promise<number> {
  const r = await response;
  await r.text();
  return r.status;
}

/** A consented PSU (Kari, all accounts) and the headers its TPP sends afterwards. */
async function consented(signed: Sandbox) {
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

async function template(
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

/**
 * Copies of a body-less request, made alike for every contender inside its timing. Not `clone()`:
 * undici leaves a listener on the original's abort signal for every clone, so a template cloned
 * thousands of times grows the heap through the run and lengthens every collection.
 */
export function copies(template: Request): () => Request {
  const headers = [...template.headers];
  return () => new Request(template.url, { method: template.method, headers });
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
 * The bench's bank and its requests. Each creation is sent with `?allowLogicalDuplicate=true` unless
 * `checkDuplicates` is set: then each has its own remittance text (so none is a logical duplicate of
 * another) and the bank runs its duplicate check, as for a TPP that does not opt out (`bench:growth`).
 */
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
  const state = raw.getState();
  const kari = Object.values(state.accounts).find(
    (a) => a.customerNumber === KARI && a.accountName === 'Brukskonto',
  );
  const ola = Object.values(state.accounts).find(
    (a) => a.customerNumber !== KARI && a.accountName === 'Brukskonto',
  );
  // Each round creates a payment: a replayed request (same X-Request-ID) is answered 409 CONFLICT
  // (replay protection), so every creation is signed beforehand with its own id, outside the timing,
  // and kept as plain parts. Its `Request` is made inside the timing, as a user's code makes one per
  // call and as `copies` does for the GET, the page and MSW's request: a thousand `Request`s made
  // ahead sit in the old generation, and what reading their bodies leaves hanging from them made every
  // scavenge of the run copy more (docs/benchmarks.md, "The creation's and the page's tails").
  const payments: RequestParts[] = [];
  for (let i = 0; i < creations; i++) {
    const signed = await signedRequest(
      raw,
      'POST',
      `/v1/payments/norwegian-domestic-credit-transfers${checkDuplicates ? '' : '?allowLogicalDuplicate=true'}`,
      { ...psu.headers, 'psu-ip-address': '192.0.2.10', 'psu-context': 'PRIVATE' },
      {
        instructedAmount: { amount: '10.00', currency: 'NOK' },
        creditorName: 'Ola Hansen',
        creditorAccount: { bban: ola?.bban, currency: 'NOK' },
        creditorAddress: { country: 'NO' },
        debtorAccount: { bban: kari?.bban, currency: 'NOK' },
        remittanceInformationUnstructured: checkDuplicates ? `Bench ${i}` : 'Bench',
      },
    );
    payments.push({
      url: signed.url,
      method: signed.method,
      headers: [...signed.headers],
      body: await signed.text(),
    });
  }
  const createPayment = async () => {
    const next = payments.shift();
    if (next === undefined) throw new Error('no pre-signed payment creation left');
    const { url, ...init } = next;
    const status = await drain(raw.fetch(new Request(url, init)));
    if (status !== 201) throw new Error(`payment creation answered ${status}`);
  };
  return { raw, accounts, page, createPayment };
}

export async function roundTrips(rounds: number): Promise<RoundTrips> {
  const creationRounds = Math.min(rounds, 1000);
  const creationWarmup = 50;
  const { raw, accounts, page, createPayment } = await requestKinds(creationRounds + creationWarmup);
  const fixed = await (await raw.fetch(accounts.clone())).json();
  const server = setupServer(http.get(`${ORIGIN}/v1/accounts`, () => HttpResponse.json(fixed)));
  server.listen({ onUnhandledRequest: 'bypass' });
  const floor = async (_request: Request) => new Response('{}');
  const accountsRequest = copies(accounts);
  const pageRequest = copies(page);
  try {
    const accountList = await interleaved(
      {
        floor: () => drain(floor(accountsRequest())),
        msw: () => drain(fetch(accountsRequest())),
        sandbank: () => drain(raw.fetch(accountsRequest())),
      },
      rounds,
    );
    // MSW is the GET's contender only: listening, it wraps every `Request` and `Headers` the bench
    // makes in its proxies, which the page and the creation would pay for (docs/benchmarks.md,
    // "Session 11"; bench/tail-causes.ts, which splits these tails, always closed it here).
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

export interface ScaleRow {
  transactions: number;
  /** The import with the body as bytes streamed in 64 KiB chunks, the `Request` made inside the timing. */
  importMs: number;
  /** The same import with the body as one string (undici converts and encodes it). */
  importFromStringMs: number;
  /** The same body through `JSON.parse` alone, just before the import: the floor any import pays. */
  parseMs: number;
  heapBytesPerTransaction: number | null;
  pageP50: number;
  mutationP50: number;
}

async function timed(task: () => Promise<unknown>, n: number): Promise<Stats> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  return stats(samples);
}

/**
 * A state with `size` transactions as the heap its objects take, its JSON text's `JSON.parse` (the
 * floor) and an import of that text as one string into a bank left for the collector; then only the
 * text's bytes are kept. Neither the objects nor the text are held while the streamed import runs: a
 * user streaming a file holds neither (held, every collection during the import marked them: the
 * objects alone, 318 MB at 1 000 000 transactions, cost about 1 s of it).
 */
async function fromOneString(size: number) {
  const { body, heapBytesPerTransaction } = stateText(size);
  // From a collected heap, as each import is timed: else the state's objects, just made into the
  // text and dropped, are still in the heap the parse grows.
  gc?.();
  const parseStarted = performance.now();
  JSON.parse(body);
  const parseMs = performance.now() - parseStarted;
  const importFromStringMs = await timedImport(bank().raw, () =>
    stringImport(`${ORIGIN}/_sandbank/state`, body),
  );
  return {
    bytes: new TextEncoder().encode(body),
    parseMs,
    importFromStringMs,
    heapBytesPerTransaction,
  };
}

/** The JSON text of a state with `size` transactions, and the heap its objects took (with --expose-gc). */
function stateText(size: number): { body: string; heapBytesPerTransaction: number | null } {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const big = stateWithTransactions(size, START);
  gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  return {
    body: JSON.stringify(big),
    heapBytesPerTransaction: gc ? Math.round((heapAfter - heapBefore) / size) : null,
  };
}

/** The wall time of one import from a collected heap, from the `Request` made to the 204. */
async function timedImport(raw: Sandbox, request: () => Request): Promise<number> {
  gc?.();
  const started = performance.now();
  const imported = await raw.fetch(request());
  const ms = performance.now() - started;
  if (imported.status !== 204)
    throw new Error(`import answered ${imported.status}: ${await imported.text()}`);
  return ms;
}

/**
 * Each size's row in a process of its own (`bench/scale-child.ts`), one after the other: an import
 * as `sandbank serve` or a test file's first import gets it, not after this process's own phases
 * and the smaller rows' banks, which made the same import up to 1.5 s slower and moved from run to
 * run (docs/benchmarks.md, "Session 12"). The contender, `JSON.parse` of the same body, runs in the
 * same child just before it.
 */
export function scaleInOwnProcesses(sizes: number[]): ScaleRow[] {
  const child = fileURLToPath(new URL('./scale-child.ts', import.meta.url));
  return sizes.map((size) => {
    const run = spawnSync(
      process.execPath,
      ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', child, String(size)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const line = run.stdout.split('\n').find((text) => text.startsWith(SCALE_ROW));
    if (run.status !== 0 || line === undefined)
      throw new Error(`the scale row of ${size} transactions failed (exit ${run.status})`);
    return JSON.parse(line.slice(SCALE_ROW.length)) as ScaleRow;
  });
}

/** How the child prints its row on stdout. */
export const SCALE_ROW = '=====scale-row ';

export async function scale(sizes: number[]): Promise<ScaleRow[]> {
  const rows: ScaleRow[] = [];
  for (const size of sizes) {
    // Import through the control plane, as a user would: the body is parsed and validated whole.
    // Once from one string (above), then into the bank measured after as bytes streamed in 64 KiB
    // chunks (a file, an upload), each from a collected heap.
    const { bytes, parseMs, importFromStringMs, heapBytesPerTransaction } = await fromOneString(size);
    const { raw, signed } = bank();
    const importMs = await timedImport(raw, () => streamedImport(`${ORIGIN}/_sandbank/state`, bytes));
    const psu = await consented(signed);
    const account = Object.values(raw.getState().accounts).find(
      (a) => a.customerNumber === KARI && a.accountName === 'Brukskonto',
    );
    if (!account) throw new Error('no account');
    const page = await template(
      raw,
      'GET',
      `/v1/accounts/${account.id}/transactions?bookingStatus=booked`,
      psu.headers,
    );
    const pageCopy = copies(page);
    const pageStats = await timed(() => drain(raw.fetch(pageCopy())), 300);
    let n = 0;
    const mutationStats = await timed(async () => {
      const request = await signFor(
        raw,
        new Request(`${ORIGIN}/v1/sandbox/accounts/${account.id}/transactions`, {
          method: 'POST',
          headers: { 'x-request-id': `m-${++n}`, 'content-type': 'application/json' },
          body: JSON.stringify([
            {
              amount: '-12.50',
              currency: 'NOK',
              bookingDate: '2026-03-01',
              valueDate: '2026-03-01',
              debtorAccount: { bban: account.bban },
              creditorName: 'Bench',
            },
          ]),
        }),
      );
      const started = performance.now();
      const status = await drain(raw.fetch(request));
      if (status !== 201) throw new Error(`mutation answered ${status}`);
      return performance.now() - started;
    }, 200);
    rows.push({
      transactions: size,
      importMs,
      importFromStringMs,
      parseMs,
      heapBytesPerTransaction,
      pageP50: pageStats.p50,
      mutationP50: mutationStats.p50,
    });
  }
  return rows;
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
      name: 'worker script (sandbank-sw.js, as shipped)',
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

/** The scale table: imports beside the floor of parsing their body, and a page and a mutation at each size. */
export function printScale(scaleRows: ScaleRow[]): void {
  console.log(
    '\n| transactions in state | import, streamed bytes (PUT /_sandbank/state) | import, one string | JSON.parse of the body (floor) | streamed import vs floor | heap bytes / transaction | transaction page p50 | mutation p50 |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of scaleRows) {
    console.log(
      `| ${r.transactions.toLocaleString('en')} | ${fmt(r.importMs)} | ${fmt(r.importFromStringMs)} | ${fmt(r.parseMs)} | ${ratio(r.importMs, r.parseMs)} | ${r.heapBytesPerTransaction ?? 'run with --expose-gc'} | ${fmt(r.pageP50)} | ${fmt(r.mutationP50)} |`,
    );
  }
  const first = scaleRows[0];
  const last = scaleRows[scaleRows.length - 1];
  if (first && last && first !== last) {
    console.log(
      `page ${ratio(last.pageP50, first.pageP50)} and mutation ${ratio(last.mutationP50, first.mutationP50)} at ${last.transactions.toLocaleString('en')} vs ${first.transactions.toLocaleString('en')}`,
    );
  }
}

export async function runNodeBench(rounds: number, sizes: number[]) {
  const trips = await roundTrips(rounds);
  const scaleRows = scaleInOwnProcesses(sizes);
  const bundleRows = await bundles();
  const floor = trips.accountList.floor as Stats;
  const msw = trips.accountList.msw as Stats;
  const sandbank = trips.accountList.sandbank as Stats;
  console.log(`\nNode ${process.version}, ${rounds} interleaved rounds per contender (medians and p99)`);
  console.log('| request (Node) | p50 | p99 | req/s | p50 vs floor | p50 vs MSW |');
  console.log('|---|---|---|---|---|---|');
  const row = (name: string, s: Stats) =>
    console.log(
      `| ${name} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${Math.round(s.rps)} | ${ratio(s.p50, floor.p50)} | ${ratio(s.p50, msw.p50)} |`,
    );
  row("bare function, `new Response('{}')` (floor)", floor);
  row('MSW `setupServer`, fixed JSON', msw);
  row('Sandbank signed GET /v1/accounts', sandbank);
  row('Sandbank signed transaction page (200)', trips.transactionPage);
  row('Sandbank signed payment creation', trips.paymentCreation);
  printScale(scaleRows);
  console.log('\n| bundle | minified | gzipped |');
  console.log('|---|---|---|');
  for (const b of bundleRows)
    console.log(`| ${b.name} | ${(b.minified / 1024).toFixed(1)} KB | ${(b.gzipped / 1024).toFixed(1)} KB |`);
  const result = { node: process.version, rounds, roundTrips: trips, scale: scaleRows, bundles: bundleRows };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/node.json', `${JSON.stringify(result, null, 2)}\n`);
  return result;
}
