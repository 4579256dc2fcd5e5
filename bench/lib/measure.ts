/** Timing helpers for `pnpm bench`: medians and tails of many samples, contenders interleaved. */

export interface Stats {
  samples: number;
  p50: number;
  p99: number;
  mean: number;
  /** operations per second, from the mean */
  rps: number;
}

export function stats(samplesMs: number[]): Stats {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(sorted.length, 1);
  return { samples: sorted.length, p50: at(0.5), p99: at(0.99), mean, rps: 1000 / mean };
}

export type Task = () => Promise<unknown>;

/**
 * Runs every contender in rounds, interleaved, so machine noise falls on all alike. Fairness: every
 * contender gets the same warm-up; the heap is collected (with `--expose-gc`) after the warm-up so
 * no contender starts timing with another's garbage; and the order rotates each round (A B C, B C A,
 * C A B, …), so the garbage one contender leaves, and the collection it triggers, does not always
 * land on the same neighbour's sample. Returns per-contender samples in milliseconds.
 */
export async function interleaved(
  tasks: Record<string, Task>,
  rounds: number,
  warmup = 200,
): Promise<Record<string, Stats>> {
  const names = Object.keys(tasks);
  for (let i = 0; i < warmup; i++) for (const name of names) await (tasks[name] as Task)();
  (globalThis as { gc?: () => void }).gc?.();
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < rounds; i++) {
    for (let j = 0; j < names.length; j++) {
      const name = names[(i + j) % names.length] as string;
      const started = performance.now();
      await (tasks[name] as Task)();
      (samples[name] as number[]).push(performance.now() - started);
    }
  }
  return Object.fromEntries(names.map((n) => [n, stats(samples[n] as number[])]));
}

export function fmt(ms: number): string {
  return ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`;
}

export function ratio(a: number, b: number): string {
  return `${(a / b).toFixed(2)}×`;
}
