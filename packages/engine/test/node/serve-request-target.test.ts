import { once } from 'node:events';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import { NOW } from '@sandbank/test-support/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSandboxServer,
  type GuardOptions,
  listen,
  toWebRequest,
  writeWebResponse,
} from '../../src/node/index.js';
import { presetIdentity } from '../../src/pki/preset-identity.js';
import type { TppIdentity } from '../../src/pki/tpp-identity.js';
import type { RequestLogEntry, Sandbox } from '../../src/sandbox.js';
import { createSandbox } from '../../src/sandbox.js';
import { createSignatureHeader } from '../../src/security/create-signature-header.js';
import { formatHttpDate } from '../../src/security/index.js';

// part 5.1: `(request-target)` is the path and query as sent. A client that signs the bytes it sends
// (curl, Postman, a TPP's own HTTP library) sends `'` in a query unencoded, where a WHATWG URL holds
// `%27`: the adapter checks (and logs) the target as received, not as the URL parser re-encodes it.

interface Bank {
  server: Server;
  port: number;
  logged: RequestLogEntry[];
}

let identity: TppIdentity;
let root: Bank;
let prefixed: Bank;
let ownServer: Bank;

async function start(sandbox: Sandbox, guard?: GuardOptions): Promise<Bank> {
  const server = createSandboxServer(sandbox, guard);
  const port = Number(new URL(await listen(server, { port: 0 })).port);
  const logged: RequestLogEntry[] = [];
  sandbox.subscribe((event) => {
    if (event.type === 'request') logged.push(event.entry);
  });
  return { server, port, logged };
}

beforeAll(async () => {
  identity = await presetIdentity('both');
  root = await start(createSandbox({ now: () => NOW }));
  // A bank below a path prefix (--public-url http://bank.example/t/abc): the prefix is signed too.
  const publicUrl = 'http://bank.example/t/abc';
  prefixed = await start(createSandbox({ now: () => NOW, publicUrl }), {
    publicUrl,
    servedHosts: new Set(['bank.example']),
    control: { kind: 'open' },
  });
  // A user's own node:http server, with the adapter's exported parts in place of createSandboxServer.
  const own = createSandbox({ now: () => NOW });
  const server = createServer((req, res) => {
    toWebRequest(req, 'http://127.0.0.1')
      .then((webRequest) => own.fetch(webRequest))
      .then((response) => writeWebResponse(response, res));
  });
  const port = Number(new URL(await listen(server, { port: 0 })).port);
  ownServer = { server, port, logged: [] };
});

afterAll(async () => {
  for (const bank of [root, prefixed, ownServer]) {
    bank.server.closeAllConnections();
    await new Promise((resolve) => bank.server.close(resolve));
  }
});

/**
 * Sends GET `sent` with node:http, which puts the path on the request line byte for byte, signed
 * with `(request-target)` over `signed`; resolves with the status and body.
 */
async function get(
  bank: Bank,
  sent: string,
  signed: string,
  host = '127.0.0.1',
): Promise<{ status: number; body: unknown; requestId: string }> {
  const requestId = crypto.randomUUID();
  const values = new Map([
    ['date', formatHttpDate(NOW)],
    ['x-request-id', requestId],
  ]);
  const signature = await createSignatureHeader(identity, ['(request-target)', 'date', 'x-request-id'], {
    method: 'GET',
    target: signed,
    headers: { get: (name) => values.get(name) ?? null },
  });
  const sending = request({
    host: '127.0.0.1',
    port: bank.port,
    path: sent,
    headers: {
      host,
      date: values.get('date'),
      'x-request-id': requestId,
      'tpp-signature-certificate': identity.certificate.base64,
      signature: signature.value,
    },
  });
  sending.end();
  const [response] = (await once(sending, 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return {
    status: response.statusCode ?? 0,
    body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
    requestId,
  };
}

describe('(request-target) over sandbank serve', () => {
  it("accepts a query with a raw ' signed as sent, and logs the target as sent", async () => {
    const target = "/v1/sandbox/customers?note='a'";
    const answer = await get(root, target, target);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(4);
    const entry = root.logged.find((e) => e.requestHeaders['x-request-id'] === answer.requestId);
    expect(entry).toMatchObject({ path: target, signature: { verdict: 'verified' } });
  });

  it("refuses a raw ' sent but signed as the URL parser re-encodes it (%27)", async () => {
    const answer = await get(root, "/v1/sandbox/customers?note='a'", '/v1/sandbox/customers?note=%27a%27');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      tppMessages: [
        {
          code: 'BAD_REQUEST',
          text: expect.stringContaining(
            `signing string was: "(request-target): get /v1/sandbox/customers?note='a'`,
          ),
        },
      ],
    });
  });

  it('accepts %27 sent and signed as %27', async () => {
    const target = '/v1/sandbox/customers?note=%27a%27';
    const answer = await get(root, target, target);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(4);
  });

  it('keeps characters the parser encodes in a query (" < > {}) as sent', async () => {
    const target = '/v1/sandbox/customers?q="<a>"&r={b}';
    expect((await get(root, target, target)).status).toBe(200);
  });

  it("below a --public-url prefix: the target as sent, prefix included, with a raw '", async () => {
    const target = "/t/abc/v1/sandbox/customers?note='a'";
    const accepted = await get(prefixed, target, target, 'bank.example');
    expect(accepted.status).toBe(200);
    const entry = prefixed.logged.find((e) => e.requestHeaders['x-request-id'] === accepted.requestId);
    expect(entry?.path).toBe(target);
    const withoutPrefix = await get(prefixed, target, "/v1/sandbox/customers?note='a'", 'bank.example');
    expect(withoutPrefix.status).toBe(400);
  });

  it("through toWebRequest in a server of one's own: a raw ' signed as sent", async () => {
    const target = "/v1/sandbox/customers?note='a'";
    const answer = await get(ownServer, target, target);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(4);
    const reencoded = await get(ownServer, target, '/v1/sandbox/customers?note=%27a%27');
    expect(reencoded.status).toBe(400);
  });
});
