/**
 * `pnpm bench`: the Node benchmarks (round trips beside MSW and the floor, scale, bundle sizes), the
 * service-worker benchmarks in Chromium, then the hosted banks in a local workerd beside `sandbank
 * serve`. Figures are printed and written to bench/results/.
 */
import { runCloudBench } from './cloud.js';
import { runNodeBench } from './node-run.js';
import { printReport, runServiceWorkerBench, writeReport } from './service-worker.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 2000);
const sizes = (process.env.BENCH_SIZES ?? '1000,100000,1000000').split(',').map(Number);
await runNodeBench(rounds, sizes);

const count = Number(process.env.BENCH_REQUESTS ?? 500);
const report = await runServiceWorkerBench(count);
printReport(report);
console.log(`\nwritten to ${writeReport(report)}`);

await runCloudBench(Number(process.env.BENCH_CLOUD_ROUNDS ?? 500));
