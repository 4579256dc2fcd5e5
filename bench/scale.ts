/**
 * The scale table of the Node benchmarks: imports of large states through the control plane beside
 * `JSON.parse` of the same body, then a page and a mutation at each size, each size in a process of
 * its own (`scaleInOwnProcesses`, `bench/scale-child.ts`).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Sandbox } from '@sandbank/engine';
import { accountList } from '@sandbank/engine';
import { KARI, START } from '@sandbank/test-support/ais';
import { signFor } from '@sandbank/test-support/signing';
import { stateWithTransactions } from './lib/big-state.js';
import { streamedImport, stringImport } from './lib/import-body.js';
import { fmt, ratio, type Stats, stats } from './lib/measure.js';
import { copies } from './lib/requests.js';
import { bank, consented, drain, ORIGIN, template } from './node.js';

const gc = (globalThis as { gc?: () => void }).gc;

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

/** `n` samples, each the time in ms that `sample` reports for itself (its preparation left out). */
async function sampled(sample: () => Promise<number>, n: number): Promise<Stats> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) samples.push(await sample());
  return stats(samples);
}

/** `n` runs of `task`, each timed whole. */
function timed(task: () => Promise<unknown>, n: number): Promise<Stats> {
  return sampled(async () => {
    const started = performance.now();
    await task();
    return performance.now() - started;
  }, n);
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
    const account = accountList(raw.getState()).find(
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
    // The two imports' garbage collected first, as every other timing here starts from a collected
    // heap: left to the pages, a collection of 1 000 000 transactions' garbage ran under the first of
    // them on Node 26 (docs/benchmarks.md, "Session 27").
    gc?.();
    const pageStats = await timed(() => drain(raw.fetch(pageCopy())), 300);
    let n = 0;
    // Each mutation is signed first and timed from its `Request` to the 201: the signing is the TPP's.
    const mutationStats = await sampled(async () => {
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
