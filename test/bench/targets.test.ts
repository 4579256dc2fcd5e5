import { describe, expect, it } from 'vitest';
import type { Stats } from '../../bench/lib/measure.js';
import { WORKER_SCRIPT_ROW } from '../../bench/lib/row-names.js';
import { formatTargets, judgeTargets, type Reports } from '../../bench/targets.js';

/** Stats with a median and p99 in ms; throughput from the median (as if every sample took it). */
const s = (p50: number, p99: number): Stats => ({ samples: 100, p50, p99, mean: p50, rps: 1000 / p50 });

const scaleRow = (transactions: number, importMs: number, pageP50: number) => ({
  transactions,
  importMs,
  importFromStringMs: importMs,
  parseMs: importMs / 2,
  heapBytesPerTransaction: 351,
  pageP50,
  mutationP50: 0.6,
});

const node = {
  roundTrips: {
    accountList: { floor: s(0.1, 0.3), msw: s(0.4, 1.2), sandbank: s(0.26, 0.7) },
    transactionPage: s(0.29, 0.84),
    paymentCreation: s(0.56, 4.6),
  },
  scale: [scaleRow(1000, 20, 0.5), scaleRow(1_000_000, 3350, 0.4)],
  bundles: [{ name: WORKER_SCRIPT_ROW, minified: 458_000, gzipped: 151_834 }],
} as unknown as NonNullable<Reports['node']>;

const worker = {
  latency: { floor: s(1.5, 4), streamFloor: s(1.8, 4.2), msw: s(3.3, 8), sandbank: s(2.2, 5.7) },
  throughput: { floor: 800, streamFloor: 740, msw: 300, sandbank: 630 },
  mutation: { transactions1k: s(3.4, 6), transactions100k: s(2.8, 5) },
  coldStart100k: s(63, 70),
} as unknown as NonNullable<Reports['worker']>;

const byName = (rows: ReturnType<typeof judgeTargets>) => new Map(rows.map((r) => [r.target, r]));

describe('the targets a bench run is judged by (bench/targets.ts)', () => {
  it('judges each ratio against its contender in the direction the target runs', () => {
    const rows = byName(judgeTargets({ node, worker }));
    const get = rows.get('signed GET /v1/accounts: median against MSW’s static handler');
    expect(get).toMatchObject({ met: false, bound: 0.5 });
    expect(get?.measured).toBeCloseTo(0.65);
    expect(rows.get('signed GET: throughput against MSW’s')).toMatchObject({
      direction: 'at least',
      met: true,
    });
    expect(rows.get('signed payment creation: median against MSW’s')?.met).toBe(true);
    expect(rows.get('payment creation in Node: p99 over its median')).toMatchObject({ met: false });
    expect(rows.get('transaction page in Node: p99 over its median')?.measured).toBeCloseTo(0.84 / 0.29);
    const throughput = rows.get(
      'signed GET through the worker: throughput against the bare worker with a stream body',
    );
    expect(throughput).toMatchObject({ direction: 'at least', met: false });
    expect(throughput?.measured).toBeCloseTo(630 / 740);
    expect(rows.get('stopped worker, 100 000 transactions, to its first answer')?.met).toBe(true);
    expect(rows.get('worker script, gzipped')).toMatchObject({ unit: 'KB', met: true });
  });

  it('gives the scale targets only for the sizes the run imported', () => {
    const full = byName(judgeTargets({ node }));
    expect(full.get('import of 1 000 000 transactions, streamed')).toMatchObject({
      measured: 3.35,
      met: true,
    });
    expect(full.get('transaction page, 1 000 000 against 1 000 transactions')?.measured).toBeCloseTo(0.8);
    expect(full.get('heap per stored transaction at 1 000 000')?.met).toBe(true);

    const small = judgeTargets({
      node: { ...node, scale: [scaleRow(1000, 20, 0.5), scaleRow(100_000, 400, 0.5)] },
    });
    expect(small.map((r) => r.target).filter((t) => /transactions|heap/.test(t))).toEqual([
      'heap per stored transaction at 100 000',
    ]);
  });

  it('judges only the parts a partial run measured', () => {
    const rows = judgeTargets({ worker });
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.target.includes('worker'))).toBe(true);
    expect(judgeTargets({})).toEqual([]);
  });

  it('prints a figure with the digits that tell it from the bound it missed', () => {
    const table = formatTargets([
      { target: 'p99', measured: 1.3003, unit: '×', bound: 1.3, direction: 'at most', met: false },
      { target: 'script', measured: 148.27, unit: 'KB', bound: 150, direction: 'at most', met: true },
    ]);
    expect(table.split('\n')).toEqual([
      '# Targets in this run: 1 of 2 met',
      '',
      '| target | this run | bound | |',
      '|---|---|---|---|',
      '| p99 | 1.3003× | at most 1.30× | missed |',
      '| script | 148.3 KB | at most 150.0 KB | met |',
    ]);
    expect(formatTargets([])).toBe('');
  });
});
