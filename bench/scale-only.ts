/**
 * `pnpm bench:scale`: only the scale part of the Node benchmarks (imports of large states beside
 * `JSON.parse` of the same body, then a page and a mutation at each size), each size in a process of
 * its own.
 */
import { printScale, scaleInOwnProcesses } from './scale.js';

const sizes = (process.env.BENCH_SIZES ?? '1000,100000,1000000').split(',').map(Number);
console.log(`\nNode ${process.version}`);
printScale(scaleInOwnProcesses(sizes));
