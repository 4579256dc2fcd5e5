import { printReport, runServiceWorkerBench, writeReport } from './service-worker.js';

const count = Number(process.env.BENCH_REQUESTS ?? 500);
const report = await runServiceWorkerBench(count);
printReport(report);
console.log(`\nwritten to ${writeReport(report)}`);
