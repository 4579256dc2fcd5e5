#!/usr/bin/env node
// CI's closing lines (.ci/run): each suite's counts, then every failed test and file by name with the
// first line of its error. CI keeps only the end of a long log, so a failure must be named here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** The suite's runs in the order pnpm test makes them; any other report there (a step's run under another Node) after. */
const KNOWN = ['', '-adverse', '-shifted', '-contended', '-consumer'];
const others = existsSync('test-results')
  ? readdirSync('test-results')
      .map((name) => /^vitest(-[\w-]+)\.json$/.exec(name)?.[1])
      .filter((run) => run !== undefined && !KNOWN.includes(run))
      .sort()
  : [];
const RUNS = [...KNOWN, ...others];

const firstLine = (text) =>
  String(text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes in Vitest's messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';

for (const run of RUNS) {
  const file = `test-results/vitest${run}.json`;
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const name = run === '' ? 'suite' : `suite (${run.slice(1)})`;
  console.log(
    `${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped`,
  );
  for (const result of report.testResults ?? []) {
    const path = relative(process.cwd(), result.name);
    const failed = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      console.log(`  failed: ${path} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    // A file that failed without a failing test (a broken import, a hook's error).
    if (failed.length === 0 && result.status === 'failed') {
      console.log(`  failed: ${path}: ${firstLine(result.message)}`);
    }
  }
}
