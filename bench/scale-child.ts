/**
 * One row of the scale bench in a fresh process: run by `scaleInOwnProcesses` (bench/scale.ts) as
 * `node --expose-gc --max-old-space-size=8192 --import tsx bench/scale-child.ts <transactions>`;
 * prints the row as JSON on one marked line.
 */
import { SCALE_ROW, scale } from './scale.js';

const [row] = await scale([Number(process.argv[2])]);
console.log(`${SCALE_ROW}${JSON.stringify(row)}`);
