/** `pnpm bench:cloud`: only the hosted-bank benchmarks (local workerd beside sandbank serve). */
import { runCloudBench } from './cloud.js';

await runCloudBench(Number(process.env.BENCH_CLOUD_ROUNDS ?? 500));
