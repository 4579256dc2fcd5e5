/**
 * `pnpm bench:serve-import [another sandbank.js]`: `sandbank serve` importing a state of
 * `BENCH_SIZE` transactions (default 1 000 000, 334 MB of JSON) from a file uploaded by curl (`-T`,
 * as the README's curl quick start sends one; curl must be on the PATH): curl's time from the
 * upload's start to the 204, and the server's peak resident memory (`VmHWM`, read from /proc on
 * Linux). curl, not Node's fetch, sends it: an uploader in this process took a core from the server. Each import is made by a server of its own, started as a user
 * starts it (`sandbank serve`, Node's default heap). Given another build's `bin/sandbank.js` (say, a
 * worktree of an earlier commit, its packages built), the two alternate, `BENCH_ROUNDS` (3) each.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { START } from '@sandbank/test-support/ais';
import { stateWithTransactions } from './lib/big-state.js';
import { stats } from './lib/measure.js';

const size = Number(process.env.BENCH_SIZE ?? 1_000_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const here = join(
  dirname(createRequire(import.meta.url).resolve('@sandbank/engine/package.json')),
  'bin/sandbank.js',
);
const contenders = [{ name: 'this checkout', bin: here }];
if (process.argv[2] !== undefined) contenders.unshift({ name: process.argv[2], bin: process.argv[2] });

const file = join(tmpdir(), `sandbank-state-${size}.json`);
writeFileSync(file, JSON.stringify(stateWithTransactions(size, START)));

/** Starts `sandbank serve` on a free port; resolves with its origin once it prints it. */
async function serve(bin: string): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  for await (const chunk of child.stdout as Readable) {
    printed += String(chunk);
    const origin = /http:\/\/127\.0\.0\.1:\d+/.exec(printed)?.[0];
    if (origin !== undefined) return { child, origin };
  }
  throw new Error(`sandbank serve (${bin}) exited before listening: ${printed}`);
}

/** The process's peak resident memory in MB, or null off Linux. */
function peakMb(pid: number): number | null {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Math.round(Number(kb) / 1024);
  } catch {
    return null;
  }
}

async function importOnce(bin: string): Promise<{ ms: number; peak: number | null }> {
  const { child, origin } = await serve(bin);
  try {
    const curl = spawnSync(
      'curl',
      [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code} %{time_total}',
        '-X',
        'PUT',
        '-T',
        file,
        '-H',
        'content-type: application/json',
        `${origin}/_sandbank/state`,
      ],
      { encoding: 'utf8' },
    );
    if (curl.error !== undefined) throw new Error(`curl could not be run: ${curl.error.message}`);
    const [status, seconds] = curl.stdout.split(' ');
    if (status !== '204') throw new Error(`the import answered ${status}`);
    return { ms: Number(seconds) * 1000, peak: peakMb(child.pid as number) };
  } finally {
    child.kill();
    await once(child, 'exit');
  }
}

const results = new Map<string, Array<{ ms: number; peak: number | null }>>();
for (let round = 0; round < rounds; round++) {
  for (const { name, bin } of contenders) {
    const runs = results.get(name) ?? [];
    runs.push(await importOnce(bin));
    results.set(name, runs);
  }
}
console.log(
  `sandbank serve importing ${size} transactions from a file (streamed), ${rounds} each, alternating`,
);
for (const [name, runs] of results) {
  const times = runs.map((run) => (run.ms / 1000).toFixed(2)).join(' / ');
  const peaks = runs.map((run) => run.peak ?? 'n/a').join(' / ');
  console.log(
    `  ${name}: ${times} s (median ${(stats(runs.map((run) => run.ms)).p50 / 1000).toFixed(2)} s); peak RSS ${peaks} MB`,
  );
}
