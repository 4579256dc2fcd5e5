/**
 * The targets the README's benchmark tables carry (issue 21's; issue 18's for hosted banks; the
 * scale, heap and worker-write bounds of the issues before them), judged from one run's own
 * figures: `pnpm bench` prints them last and writes bench/results/targets.json; `bench:node`,
 * `bench:worker` and `bench:cloud` print the ones their part measures. Each is a ratio against a
 * contender of the same run, or a time or size against a fixed bound; a figure the run did not
 * measure (a size left out of `BENCH_SIZES`) gives no row.
 */
import type { CloudReport } from './cloud.js';
import type { Stats } from './lib/measure.js';
import { writeResult } from './lib/results.js';
import { WORKER_SCRIPT_ROW } from './lib/row-names.js';
import type { NodeReport } from './node-run.js';
import type { ServiceWorkerReport } from './service-worker.js';

export interface TargetRow {
  target: string;
  /** The figure as the run measured it, in the target's unit. */
  measured: number;
  unit: '×' | 's' | 'ms' | 'KB' | 'bytes';
  bound: number;
  /** Whether the figure must stay at or under the bound, or reach it. */
  direction: 'at most' | 'at least' | 'under';
  met: boolean;
}

export interface Reports {
  node?: NodeReport;
  worker?: ServiceWorkerReport;
  cloud?: CloudReport;
}

function row(
  target: string,
  measured: number,
  unit: TargetRow['unit'],
  direction: TargetRow['direction'],
  bound: number,
): TargetRow {
  const met =
    direction === 'at least'
      ? measured >= bound
      : direction === 'under'
        ? measured < bound
        : measured <= bound;
  return { target, measured, unit, bound, direction, met };
}

function tail(kind: string, s: Stats): TargetRow {
  return row(`${kind} in Node: p99 over its median`, s.p99 / s.p50, '×', 'at most', 3);
}

function nodeTargets(node: NodeReport): TargetRow[] {
  const { accountList, transactionPage, paymentCreation } = node.roundTrips;
  const get = accountList.sandbank as Stats;
  const msw = accountList.msw as Stats;
  const rows = [
    row(
      'signed GET /v1/accounts: median against MSW’s static handler',
      get.p50 / msw.p50,
      '×',
      'at most',
      0.5,
    ),
    row('signed GET: p99 against MSW’s p99', get.p99 / msw.p99, '×', 'at most', 1),
    row('signed GET: throughput against MSW’s', get.rps / msw.rps, '×', 'at least', 1),
    row('signed payment creation: median against MSW’s', paymentCreation.p50 / msw.p50, '×', 'at most', 2),
    tail('signed GET', get),
    tail('transaction page', transactionPage),
    tail('payment creation', paymentCreation),
  ];
  const million = node.scale.find((r) => r.transactions === 1_000_000);
  if (million)
    rows.push(row('import of 1 000 000 transactions, streamed', million.importMs / 1000, 's', 'at most', 4));
  const thousand = node.scale.find((r) => r.transactions === 1000);
  if (million && thousand) {
    const sizes = '1 000 000 against 1 000 transactions';
    rows.push(row(`transaction page, ${sizes}`, million.pageP50 / thousand.pageP50, '×', 'at most', 1.3));
    rows.push(row(`mutation, ${sizes}`, million.mutationP50 / thousand.mutationP50, '×', 'at most', 1.3));
  }
  const last = node.scale[node.scale.length - 1];
  if (last && last.transactions >= 100_000 && last.heapBytesPerTransaction !== null) {
    const at = last.transactions.toLocaleString('en').replaceAll(',', ' ');
    rows.push(
      row(`heap per stored transaction at ${at}`, last.heapBytesPerTransaction, 'bytes', 'at most', 400),
    );
  }
  const script = node.bundles.find((b) => b.name === WORKER_SCRIPT_ROW);
  if (script) rows.push(row('worker script, gzipped', script.gzipped / 1024, 'KB', 'at most', 150));
  return rows;
}

function workerTargets(worker: ServiceWorkerReport): TargetRow[] {
  const { sandbank, streamFloor } = worker.latency;
  const { transactions1k, transactions100k } = worker.mutation;
  const against = 'against the bare worker with a stream body';
  return [
    row(
      `signed GET through the worker: median ${against}`,
      sandbank.p50 / streamFloor.p50,
      '×',
      'at most',
      1.2,
    ),
    row(`signed GET through the worker: p99 ${against}`, sandbank.p99 / streamFloor.p99, '×', 'at most', 1.3),
    row(
      `signed GET through the worker: throughput ${against}`,
      worker.throughput.sandbank / worker.throughput.streamFloor,
      '×',
      'at least',
      0.9,
    ),
    row(
      'stopped worker, 100 000 transactions, to its first answer',
      worker.coldStart100k.p50,
      'ms',
      'at most',
      250,
    ),
    row(
      'worker write, 100 000 against 1 000 transactions',
      transactions100k.p50 / transactions1k.p50,
      '×',
      'at most',
      1.5,
    ),
  ];
}

function cloudTargets(cloud: CloudReport): TargetRow[] {
  return [
    row('hosted signed GET against `sandbank serve`', cloud.accounts.ratio, '×', 'at most', 1.5),
    row('hosted: a new bank (POST /tenants)', cloud.createBank.p50, 'ms', 'under', 50),
    row(
      'hosted: an evicted bank of 100 000 transactions to its first answer',
      cloud.revive100k.p50,
      'ms',
      'under',
      500,
    ),
  ];
}

/** The targets the reports given measure, in the README's order. */
export function judgeTargets(reports: Reports): TargetRow[] {
  return [
    ...(reports.node ? nodeTargets(reports.node) : []),
    ...(reports.worker ? workerTargets(reports.worker) : []),
    ...(reports.cloud ? cloudTargets(reports.cloud) : []),
  ];
}

function shown(value: number, unit: TargetRow['unit'], extraDigits = 0): string {
  if (unit === 'bytes') return `${Math.round(value)} bytes`;
  const digits = (unit === '×' || unit === 's' ? 2 : 1) + extraDigits;
  return unit === '×' ? `${value.toFixed(digits)}×` : `${value.toFixed(digits)} ${unit}`;
}

/** The figure as printed: with more digits where the usual ones would read as the bound it missed or met. */
function figure(r: TargetRow): string {
  let extra = 0;
  while (
    extra < 3 &&
    r.measured !== r.bound &&
    shown(r.measured, r.unit, extra) === shown(r.bound, r.unit, extra)
  )
    extra++;
  return shown(r.measured, r.unit, extra);
}

/** The rows as a Markdown table under a line that counts the targets met; empty for none. */
export function formatTargets(rows: TargetRow[]): string {
  if (rows.length === 0) return '';
  const lines = [
    `# Targets in this run: ${rows.filter((r) => r.met).length} of ${rows.length} met`,
    '',
    '| target | this run | bound | |',
    '|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.target} | ${figure(r)} | ${r.direction} ${shown(r.bound, r.unit)} | ${r.met ? 'met' : 'missed'} |`,
    ),
  ];
  return lines.join('\n');
}

export function printTargets(rows: TargetRow[]): void {
  if (rows.length > 0) console.log(`\n${formatTargets(rows)}`);
}

/** bench/results/targets.json: the rows with the Node that ran them. */
export function writeTargets(rows: TargetRow[]): string {
  return writeResult('targets.json', { at: new Date().toISOString(), node: process.version, rows });
}
