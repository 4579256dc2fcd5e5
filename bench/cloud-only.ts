/** `pnpm bench:cloud`: only the hosted-bank benchmarks (local workerd beside sandbank serve), and their targets. */
import { runCloudBench } from './cloud.js';
import { judgeTargets, printTargets } from './targets.js';

printTargets(judgeTargets({ cloud: await runCloudBench(Number(process.env.BENCH_CLOUD_ROUNDS ?? 500)) }));
