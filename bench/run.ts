import { printFigures, runServiceWorkerBench } from './service-worker.js';

const count = Number(process.env.BENCH_REQUESTS ?? 500);
printFigures(await runServiceWorkerBench(count), count);
