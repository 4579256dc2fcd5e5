/** `pnpm bench:node`: only the Node benchmarks (no browser), and the targets they measure. */
import { runNodeBench } from './node-run.js';
import { judgeTargets, printTargets } from './targets.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 2000);
const sizes = (process.env.BENCH_SIZES ?? '1000,100000,1000000').split(',').map(Number);
printTargets(judgeTargets({ node: await runNodeBench(rounds, sizes) }));
