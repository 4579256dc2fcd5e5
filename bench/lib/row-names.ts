/** The bundle table's row for the worker script: `bundles()` (bench/node.ts) writes it, the targets (bench/targets.ts) find it by it. */
export const WORKER_SCRIPT_ROW = 'worker script (sandbank-sw.js, as shipped)';
