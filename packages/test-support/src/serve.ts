import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The `sandbank` command from the engine's TypeScript sources, for `spawn`: Node itself with tsx's
 * loader, not `pnpm serve` or tsx's launcher, each of which starts one more Node (about a second of CPU
 * a start, on a suite that starts the command about a hundred times) and stands between the test and
 * the server's own signals and exit code.
 */
export function sandbankCommand(args: string[]): [string, string[]] {
  return [
    process.execPath,
    ['--import', 'tsx', '--conditions=@sandbank/source', 'packages/engine/src/node/cli.ts', ...args],
  ];
}

/** The workspace's root: the working directory `sandbankCommand` needs. */
export const WORKSPACE_ROOT = root;

export interface Served {
  /** `http://127.0.0.1:<port>` */
  base: string;
  stop(): Promise<void>;
}

/** The real `sandbank serve` command on a free port, with `args`; resolves once it prints its URL. */
export async function startServe(args: string[] = []): Promise<Served> {
  const server: ChildProcess = spawn(...sandbankCommand(['serve', '--port', '0', ...args]), {
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
