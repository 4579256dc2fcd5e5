import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sandbankCommand } from '@sandbank/test-support/serve';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface Watched {
  /** `http://HOST:PORT` as printed on the start line. */
  base: string;
  port: number;
  /** Every line the server printed so far, stdout and stderr. */
  output: string[];
  stop(): Promise<void>;
}

/** `sandbank serve --port 0 ...args`, its output kept; resolves once it printed every start line. */
export async function watchServe(args: string[], env: Record<string, string> = {}): Promise<Watched> {
  const server: ChildProcess = spawn(...sandbankCommand(['serve', '--port', '0', ...args]), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, ...env },
  });
  const output: string[] = [];
  createInterface({ input: server.stderr as NodeJS.ReadableStream }).on('line', (line) => output.push(line));
  const lines = createInterface({ input: server.stdout as NodeJS.ReadableStream });
  let base = '';
  for await (const line of lines) {
    output.push(line);
    base ||= /(http:\/\/[^\s/]+)/.exec(line)?.[1] ?? '';
    // The control plane's line (and the token line, when there is one) follow the URL line.
    if (/^control plane: (off|open)/.test(line) || /^control token/.test(line)) break;
  }
  lines.on('line', (line) => output.push(line));
  return {
    base,
    port: Number(new URL(base).port),
    output,
    async stop() {
      if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
      if (server.exitCode === null) await once(server, 'exit');
    },
  };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON body, or undefined. */
  body: { tppMessages?: Array<{ code: string; text: string; path?: string }> } & Record<string, unknown>;
}

/**
 * Sends `head` (request line and headers, without the blank line) and `body` over a plain socket, as
 * an attacker would: nothing is checked or fixed on the way. The connection closes after the answer.
 */
export async function rawRequest(port: number, head: string, body = ''): Promise<RawAnswer> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await once(socket, 'connect');
  const length = body === '' ? '' : `content-length: ${Buffer.byteLength(body)}\r\n`;
  socket.write(`${head}\r\n${length}connection: close\r\n\r\n${body}`);
  await Promise.race([once(socket, 'end'), once(socket, 'close')]);
  socket.destroy();
  const all = Buffer.concat(chunks).toString('utf8');
  const split = all.indexOf('\r\n\r\n');
  const [statusLine, ...headerLines] = all.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const text = all.slice(split + 4);
  let parsed: RawAnswer['body'] = {};
  try {
    parsed = JSON.parse(text) as RawAnswer['body'];
  } catch {
    parsed = {};
  }
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0),
    headers,
    text,
    body: parsed,
  };
}
