/** `pnpm bench:node`: only the Node benchmarks (no browser). */
import { runNodeBench } from './node-run.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 2000);
const sizes = (process.env.BENCH_SIZES ?? '1000,100000,1000000').split(',').map(Number);
await runNodeBench(rounds, sizes);
