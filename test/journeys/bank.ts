import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Sandbox } from '@sandbank/engine';
import { sandbankCommand } from '@sandbank/test-support/serve';

/**
 * The same journeys run against an in-process engine and against `pnpm serve` over real HTTP. Over
 * HTTP the sandbox is a thin stand-in: requests go to the server's URL (redirects not followed, as a
 * TPP's backend or a test reads them), the clock is the server's.
 */
export interface HttpBank {
  sandbox: Sandbox;
  url: string;
  stop(): Promise<void>;
}

const root = fileURLToPath(new URL('../../', import.meta.url));

export async function startHttpBank(args: string[] = []): Promise<HttpBank> {
  const server: ChildProcess = spawn(...sandbankCommand(['serve', '--port', '0', ...args]), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let url = '';
  for await (const line of createInterface({ input: server.stdout as NodeJS.ReadableStream })) {
    const match = /(http:\/\/[^\s/]+)/.exec(line);
    if (match?.[1]) {
      url = match[1];
      break;
    }
  }
  let offsetMs = 0;
  const sandbox = {
    async fetch(request: Request): Promise<Response> {
      const target = new URL(request.url);
      const local = new URL(`${target.pathname}${target.search}`, url);
      const body = request.body === null ? null : await request.arrayBuffer();
      const response = await fetch(local, {
        method: request.method,
        headers: request.headers,
        redirect: 'manual',
        ...(body === null ? {} : { body }),
      });
      // Keep the stand-in's clock in step with the server's bank clock (signatures are dated by it).
      if (target.pathname === '/_sandbank/clock' && response.ok) {
        const clock = (await response.clone().json()) as { offsetMs: number };
        offsetMs = clock.offsetMs;
      }
      return response;
    },
    now: () => Date.now() + offsetMs,
    getState: () => {
      throw new Error('read the state over HTTP: GET /_sandbank/state');
    },
    subscribe: () => () => undefined,
    options: { profile: 'sandbox', basePath: '/v1', seed: 'sandbank' },
  } as Sandbox;
  return {
    sandbox,
    url,
    async stop() {
      if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
      if (server.exitCode === null) await once(server, 'exit');
    },
  };
}
