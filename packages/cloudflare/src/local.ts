import { readdirSync, readFileSync } from 'node:fs';
import { Miniflare } from 'miniflare';
import { bundleWorker, WORKER_FILE } from './bundle.js';
import { newToken } from './tokens.js';

// The Worker in a local workerd, through Miniflare's Node API: what `pnpm serve:cloud`, the tests in
// packages/cloudflare/test and `pnpm bench:cloud` run. Same bundle, same Durable Object classes and
// SQLite storage as on Cloudflare (wrangler.toml); state lives in `persist` when given, else in memory.

export const COMPATIBILITY_DATE = '2026-04-01';

export interface LocalOptions {
  /** 0 or undefined: Miniflare's own port; the URL says which. */
  port?: number;
  host?: string;
  /** A folder for the Durable Objects' SQLite files, kept across restarts; none: memory only. */
  persist?: string;
  /** Default: SANDBANK_ADMIN_TOKEN from the environment, else a generated one. */
  adminToken?: string;
  /** More Worker variables (SANDBANK_ANONYMOUS_CREATE, SANDBANK_IDLE_MINUTES, …). */
  vars?: Record<string, string>;
}

export interface LocalRuntime {
  /** `http://HOST:PORT`, where the Worker listens. */
  readonly url: string;
  readonly adminToken: string;
  /** Stops workerd and starts it again on the same storage: every object is evicted. */
  restart(): Promise<void>;
  /** The workerd process id, for measuring its memory. */
  pid(): number | null;
  stop(): Promise<void>;
}

/**
 * workerd's allocator (tcmalloc) deadlocks when libfaketime is preloaded into it (the clock-shifted
 * test run preloads it into every process). workerd starts without it; the banks in tests have a
 * fixed clock (`fixedTime`), so nothing there reads the wall clock for bank time.
 */
function withoutFaketime(): void {
  for (const name of ['LD_PRELOAD', 'DYLD_INSERT_LIBRARIES']) {
    const value = process.env[name];
    if (value?.includes('faketime')) {
      const kept = value
        .split(/[:\s]+/)
        .filter((item) => item !== '' && !item.includes('faketime'))
        .join(':');
      if (kept === '') delete process.env[name];
      else process.env[name] = kept;
    }
  }
}

export async function startLocal(options: LocalOptions = {}): Promise<LocalRuntime> {
  withoutFaketime();
  const adminToken = options.adminToken ?? process.env.SANDBANK_ADMIN_TOKEN ?? newToken();
  const code = await bundleWorker();
  const config = () =>
    ({
      modules: [{ type: 'ESModule', path: WORKER_FILE, contents: code }],
      compatibilityDate: COMPATIBILITY_DATE,
      durableObjects: {
        BANKS: { className: 'SandbankBank', useSQLite: true },
        DIRECTORY: { className: 'SandbankDirectory', useSQLite: true },
      },
      durableObjectsPersist: options.persist ?? false,
      bindings: { SANDBANK_ADMIN_TOKEN: adminToken, ...options.vars },
      // Miniflare would otherwise fetch a Request.cf sample from the network.
      cf: false,
      // workerd itself listens for the Worker, as it does self-hosted (workerd/sandbank.capnp), without
      // Miniflare's entry worker in front; Miniflare's own socket stays on a free port for its API.
      unsafeDirectSockets: [{ host: options.host ?? '127.0.0.1', port: options.port ?? 0 }],
      host: '127.0.0.1',
      port: 0,
    }) as const;
  const start = async () => {
    const started = new Miniflare(config());
    await started.ready;
    return { mf: started, url: (await started.unsafeGetDirectURL()).origin };
  };
  let { mf, url } = await start();
  return {
    get url() {
      return url;
    },
    adminToken,
    async restart() {
      await mf.dispose();
      ({ mf, url } = await start());
    },
    pid: () => workerdPid(),
    stop: () => mf.dispose(),
  };
}

/** The newest workerd process started by this Node process (Miniflare does not expose it). */
function workerdPid(): number | null {
  try {
    let found: number | null = null;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (parent === process.pid && stat.includes('(workerd)')) found = Math.max(found ?? 0, Number(entry));
      } catch {
        // The process ended while listing.
      }
    }
    return found;
  } catch {
    return null;
  }
}
