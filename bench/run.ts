/**
 * `pnpm bench`: the Node benchmarks (round trips beside MSW and the floor, scale, bundle sizes), the
 * service-worker benchmarks in Chromium, then the hosted banks in a local workerd beside `sandbank
 * serve`, and last the targets judged from this run's figures. Figures are printed and written to
 * bench/results/.
 */
import { runCloudBench } from './cloud.js';
import { runNodeBench } from './node-run.js';
import { printReport, runServiceWorkerBench, writeReport } from './service-worker.js';
import { judgeTargets, printTargets, writeTargets } from './targets.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 2000);
const sizes = (process.env.BENCH_SIZES ?? '1000,100000,1000000').split(',').map(Number);
const node = await runNodeBench(rounds, sizes);

const count = Number(process.env.BENCH_REQUESTS ?? 500);
const worker = await runServiceWorkerBench(count);
printReport(worker);
console.log(`\nwritten to ${writeReport(worker)}`);

const cloud = await runCloudBench(Number(process.env.BENCH_CLOUD_ROUNDS ?? 500));

const targets = judgeTargets({ node, worker, cloud });
printTargets(targets);
console.log(`\nwritten to ${writeTargets(targets)}`);
