import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface Served {
  /** `http://127.0.0.1:<port>` */
  base: string;
  stop(): Promise<void>;
}

/** The real `pnpm serve` command on a free port, with `args`; resolves once it prints its URL. */
export async function startServe(args: string[] = []): Promise<Served> {
  const server: ChildProcess = spawn('pnpm', ['serve', '--port', '0', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let base = '';
  for await (const line of createInterface({ input: server.stdout as NodeJS.ReadableStream })) {
    const match = /(http:\/\/[^\s/]+)/.exec(line);
    if (match?.[1]) {
      base = match[1];
      break;
    }
  }
  return {
    base,
    async stop() {
      if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
      if (server.exitCode === null) await once(server, 'exit');
    },
  };
}
