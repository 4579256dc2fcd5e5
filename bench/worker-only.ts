/** `pnpm bench:worker`: only the service-worker benchmarks in Chromium (no Node part). */
import { printReport, runServiceWorkerBench, writeReport } from './service-worker.js';

const report = await runServiceWorkerBench(Number(process.env.BENCH_REQUESTS ?? 500));
printReport(report);
console.log(`\nwritten to ${writeReport(report)}`);
