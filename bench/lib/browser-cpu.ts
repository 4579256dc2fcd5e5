/**
 * CPU time Chromium's processes have used, read from /proc (Linux only): every process of a browser
 * this one started (the browser, renderer, network and GPU processes), in all and by thread.
 * Contenders take turns, so what a block adds is that contender's, whatever else the machine runs:
 * a figure the shared machine's load moves far less than wall time. By thread, it says which of the
 * browser's threads a contender's extra work runs on (a service worker's own thread, the renderer's
 * thread pool, the page's main thread, the browser process's IO thread).
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface BrowserCpu {
  /** ms, every process's own count (threads that have ended included). */
  total: number;
  /** ms by `<process kind>: <thread name>`, live threads only. */
  byThread: Map<string, number>;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The fields after the command's closing parenthesis: state, ppid, …; utime and stime are 11 and 12. */
function statFields(text: string): string[] {
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

function ticksOf(fields: string[]): number {
  return Number(fields[11]) + Number(fields[12]);
}

/** `renderer`, `gpu-process`, a utility's service (`NetworkService`), or `browser` for the one without a type. */
function processKind(command: string): string {
  const type = /--type=([\w-]+)/.exec(command)?.[1];
  if (type === undefined) return 'browser';
  if (type !== 'utility') return type;
  return /--utility-sub-type=([\w.]+)/.exec(command)?.[1]?.split('.').pop() ?? type;
}

/** Thread names without their pool numbers; a process's first thread is its `main` thread. */
function threadName(pid: string, tid: string, text: string): string {
  if (tid === pid) return 'main';
  return text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')).replace(/\d+$/, '');
}

interface BrowserProcess {
  pid: string;
  /** Its own CPU time, ms (threads that have ended included). */
  ms: number;
  kind: string;
}

/**
 * The processes of every browser this process started (one with a DevTools pipe or port on its
 * command line, as playwright starts it), and only those: not esbuild's service, say. Each
 * process's stat and command line are read once.
 */
function browserProcesses(): BrowserProcess[] {
  const stats = new Map<string, string[]>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const text = read(`/proc/${pid}/stat`);
    if (text !== null) stats.set(pid, statFields(text));
  }
  const self = String(process.pid);
  /** The process and its ancestors up to this process, or null when it is not below this process. */
  const lineage = (pid: string): string[] | null => {
    const line = [pid];
    for (let at = stats.get(pid)?.[1]; at !== undefined && at !== '0'; at = stats.get(at)?.[1]) {
      if (at === self) return line;
      line.push(at);
    }
    return null;
  };
  const mine = [...stats.keys()].map(lineage).filter((line): line is string[] => line !== null);
  const commands = new Map(mine.map(([pid]) => [pid as string, read(`/proc/${pid}/cmdline`) ?? '']));
  const browsers = new Set(
    [...commands].filter(([, command]) => /--remote-debugging-(pipe|port)/.test(command)).map(([pid]) => pid),
  );
  return mine
    .filter((line) => line.some((pid) => browsers.has(pid)))
    .map(([pid]) => ({
      pid: pid as string,
      ms: ticksOf(stats.get(pid as string) as string[]) * TICK_MS,
      kind: processKind(commands.get(pid as string) ?? ''),
    }));
}

export function browserCpu(): BrowserCpu {
  let total = 0;
  const byThread = new Map<string, number>();
  for (const { pid, ms, kind } of browserProcesses()) {
    total += ms;
    let tids: string[] = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const thread = read(`/proc/${pid}/task/${tid}/stat`);
      if (thread === null) continue;
      const key = `${kind}: ${threadName(pid, tid, thread)}`;
      byThread.set(key, (byThread.get(key) ?? 0) + ticksOf(statFields(thread)) * TICK_MS);
    }
  }
  return { total, byThread };
}

/** What was used between two readings, added to `into` (threads that started meanwhile counted whole). */
export function addCpuSince(into: BrowserCpu, before: BrowserCpu, after: BrowserCpu): void {
  into.total += after.total - before.total;
  for (const [key, ms] of after.byThread) {
    into.byThread.set(key, (into.byThread.get(key) ?? 0) + ms - (before.byThread.get(key) ?? 0));
  }
}
