/** `pnpm bench:worker`: only the service-worker benchmarks in Chromium (no Node part), and their targets. */
import { printReport, runServiceWorkerBench, writeReport } from './service-worker.js';
import { judgeTargets, printTargets } from './targets.js';

const report = await runServiceWorkerBench(Number(process.env.BENCH_REQUESTS ?? 500));
printReport(report);
console.log(`\nwritten to ${writeReport(report)}`);
printTargets(judgeTargets({ worker: report }));
