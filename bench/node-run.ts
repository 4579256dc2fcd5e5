/** `runNodeBench`: the Node benchmarks of `pnpm bench` and `pnpm bench:node`, printed and written to bench/results/node.json. */
import { freshProcessCosts, printFreshProcessCosts } from './fresh-process.js';
import { fmt, ratio, type Stats } from './lib/measure.js';
import { writeResult } from './lib/results.js';
import { importTimes, printImportTimes } from './module-import.js';
import { bundles, roundTrips } from './node.js';
import { printScale, scaleInOwnProcesses } from './scale.js';
import { printTestSuiteCosts, testSuiteCosts } from './test-suite.js';

/** What `runNodeBench` measured, as bench/results/node.json holds it. */
export type NodeReport = Awaited<ReturnType<typeof runNodeBench>>;

export async function runNodeBench(rounds: number, sizes: number[]) {
  const trips = await roundTrips(rounds);
  const suite = await testSuiteCosts(rounds);
  const scaleRows = scaleInOwnProcesses(sizes);
  const bundleRows = await bundles();
  const imports = importTimes();
  const freshProcesses = freshProcessCosts();
  const floor = trips.accountList.floor as Stats;
  const msw = trips.accountList.msw as Stats;
  const sandbank = trips.accountList.sandbank as Stats;
  console.log(`\nNode ${process.version}, ${rounds} interleaved rounds per contender (medians and p99)`);
  console.log('| request (Node) | p50 | p99 | req/s | p50 vs floor | p50 vs MSW |');
  console.log('|---|---|---|---|---|---|');
  const row = (name: string, s: Stats) =>
    console.log(
      `| ${name} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${Math.round(s.rps)} | ${ratio(s.p50, floor.p50)} | ${ratio(s.p50, msw.p50)} |`,
    );
  row("bare function, `new Response('{}')` (floor)", floor);
  row('MSW `setupServer`, fixed JSON', msw);
  row('Sandbank signed GET /v1/accounts', sandbank);
  row('Sandbank signed transaction page (200)', trips.transactionPage);
  row('Sandbank signed payment creation', trips.paymentCreation);
  printTestSuiteCosts(suite);
  printScale(scaleRows);
  printImportTimes(imports);
  printFreshProcessCosts(freshProcesses);
  console.log('\n| bundle | minified | gzipped |');
  console.log('|---|---|---|');
  for (const b of bundleRows)
    console.log(`| ${b.name} | ${(b.minified / 1024).toFixed(1)} KB | ${(b.gzipped / 1024).toFixed(1)} KB |`);
  const result = {
    node: process.version,
    rounds,
    roundTrips: trips,
    testSuite: suite,
    scale: scaleRows,
    imports,
    freshProcesses,
    bundles: bundleRows,
  };
  writeResult('node.json', result);
  return result;
}
