// The README's `npx --yes pnpm@10 dev` with `--port N`: the playground's dev server starts on the port
// asked for (not a fixed 5173) and serves the app and the worker script there.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null) {
    process.kill(-server.pid, 'SIGTERM');
    await once(server, 'exit');
  }
});

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('pnpm dev --port N', () => {
  test('serves the playground and its worker on that port', async () => {
    const port = await freePort();
    server = spawn('pnpm', ['dev', '--port', String(port), '--strictPort'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    let url = '';
    for await (const line of createInterface({ input: server.stdout as NodeJS.ReadableStream })) {
      const match = /Local:\s+(http:\/\/\S+)/.exec(stripVTControlCharacters(line));
      if (match?.[1]) {
        url = match[1];
        break;
      }
    }
    expect(url).toBe(`http://localhost:${port}/`);
    const page = await fetch(url);
    expect(await page.text()).toContain('<div id="root">');
    const worker = await fetch(`${url}sandbank-sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toContain('javascript');
  });
});
