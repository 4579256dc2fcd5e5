import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, type Watched, watchServe } from './raw-http.js';

// Issue 16 items 1 and 2, attacked over real HTTP: `sandbank serve` in both profiles, on loopback and
// on 0.0.0.0, each request written on a plain socket so that nothing is fixed on the way. No answer
// may be a 5xx and the server may never log "could not answer".

const TOKEN = 'owner-chosen-token-0123456789';

interface Mode {
  name: string;
  args: string[];
  env?: Record<string, string>;
  /** The Host a legitimate caller sends (given the port). */
  host: (port: number) => string;
  /** Authorization a legitimate owner sends, once the server printed its start lines. */
  auth: (server: Watched) => string;
}

const loopbackHost = (port: number) => `localhost:${port}`;
const noAuth = () => '';
const generatedToken = (server: Watched) => {
  const line = server.output.find((l) => l.startsWith('control token (generated'));
  return `authorization: Bearer ${line?.split(': ').at(-1)}\r\n`;
};

const MODES: Mode[] = [
  { name: 'sandbox on loopback', args: ['--signatures', 'off'], host: loopbackHost, auth: noAuth },
  { name: 'production on loopback', args: ['--profile', 'production'], host: loopbackHost, auth: noAuth },
  {
    name: 'sandbox on 0.0.0.0',
    args: ['--host', '0.0.0.0', '--signatures', 'off', '--public-url', 'https://bank.example:8443'],
    host: () => 'bank.example:8443',
    auth: generatedToken,
  },
  {
    name: 'production on 0.0.0.0 with the control plane on',
    args: ['--host', '0.0.0.0', '--profile', 'production', '--control-plane', 'on'],
    env: { SANDBANK_CONTROL_TOKEN: TOKEN },
    host: (port) => `0.0.0.0:${port}`,
    auth: () => `authorization: Bearer ${TOKEN}\r\n`,
  },
];

describe.each(MODES)('sandbank serve, $name', (mode) => {
  let server: Watched;
  const statuses: number[] = [];

  beforeAll(async () => {
    server = await watchServe(mode.args, mode.env);
  });

  afterAll(async () => {
    await server.stop();
    expect(statuses.every((status) => status > 0 && status < 500)).toBe(true);
    expect(server.output.filter((line) => line.includes('could not answer'))).toEqual([]);
  });

  async function send(requestLine: string, headers: string, body = '') {
    const answer = await rawRequest(server.port, `${requestLine}\r\n${headers}`.replace(/\r\n$/, ''), body);
    statuses.push(answer.status);
    return answer;
  }

  const hostLine = () => `host: ${mode.host(server.port)}\r\n`;

  it.each([['a b'], [`x:99999`], ['[::1'], ['']])(
    'answers the malformed Host %j with 400 and tppMessages',
    async (host) => {
      const answer = await send('GET /_sandbank/clock HTTP/1.1', `host: ${host}\r\n`);
      expect(answer.status).toBe(400);
      expect(answer.body.tppMessages?.[0]).toMatchObject({ path: 'Host' });
      expect(['BAD_REQUEST', 'HTTP_HEADER_REQUIRED']).toContain(answer.body.tppMessages?.[0]?.code);
    },
  );

  it('answers no Host at all with 400 HTTP_HEADER_REQUIRED (not a bare Node answer)', async () => {
    const answer = await send('GET /_sandbank/clock HTTP/1.1', '');
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages?.[0]).toMatchObject({ code: 'HTTP_HEADER_REQUIRED', path: 'Host' });
  });

  it('answers a Host it does not serve (DNS rebinding) with 400 BAD_REQUEST, control plane and API alike', async () => {
    for (const path of ['/_sandbank/state', '/v1/accounts']) {
      const answer = await send(`GET ${path} HTTP/1.1`, `host: evil.example\r\n${mode.auth(server)}`);
      expect(answer.status).toBe(400);
      expect(answer.body.tppMessages?.[0]).toMatchObject({ code: 'BAD_REQUEST', path: 'Host' });
    }
  });

  it.each([
    '/v1/%2e%2e/_sandbank/state',
    '/v1/%2E%2e/_sandbank/state',
    '/v1/../_sandbank/state',
    '/v1/./accounts',
    '//evil.example/_sandbank/clock',
    '/_sandbank//clock',
    '/v1/accounts%2f..%2f..%2f_sandbank%2fstate',
    '/v1/accounts%5c..',
    'http://evil.example/_sandbank/clock',
    'ftp://localhost/_sandbank/clock',
    '*',
    'v1/accounts',
  ])('refuses the request target %s with 400 BAD_REQUEST before routing', async (target) => {
    const answer = await send(`GET ${target} HTTP/1.1`, `${hostLine()}${mode.auth(server)}`);
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages?.[0]?.code).toBe('BAD_REQUEST');
  });

  it('answers an absolute-form target for a host it serves as the path', async () => {
    const target = `http://${mode.host(server.port)}/_sandbank/clock`;
    const answer = await send(`GET ${target} HTTP/1.1`, `${hostLine()}${mode.auth(server)}`);
    const off = mode.args.includes('production') && !mode.args.includes('--control-plane');
    expect(answer.status).toBe(off ? 404 : 200);
  });

  it.each(['TRACE', 'FOO', 'CONNECT'])(
    'answers the method %s with 405, Allow and tppMessages',
    async (method) => {
      const target = method === 'CONNECT' ? `localhost:${server.port}` : '/v1/accounts';
      const answer = await send(`${method} ${target} HTTP/1.1`, hostLine());
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, POST, PUT, DELETE');
      expect(answer.body.tppMessages?.[0]?.code).toBe('BAD_REQUEST');
    },
  );

  it('answers an oversized header with 431 and the JSON error body', async () => {
    const answer = await send('GET /v1/accounts HTTP/1.1', `${hostLine()}x-big: ${'a'.repeat(20_000)}\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.body.tppMessages?.[0]?.code).toBe('BAD_REQUEST');
  });

  it('answers an oversized API body with 413 FORMAT_ERROR', async () => {
    const body = `{"x":"${'a'.repeat(1024 * 1024)}"}`;
    const answer = await send(
      'POST /v1/bank-offered-consents HTTP/1.1',
      `${hostLine()}content-type: application/json\r\nx-request-id: big\r\n`,
      body,
    );
    expect(answer.status).toBe(413);
    expect(answer.body.tppMessages?.[0]?.code).toBe('FORMAT_ERROR');
  });
});

describe('sandbank serve: the control plane has an owner', () => {
  const servers: Watched[] = [];
  const start = async (args: string[], env?: Record<string, string>) => {
    const server = await watchServe(args, env);
    servers.push(server);
    return server;
  };
  const call = (server: Watched, line: string, headers = '', host = `localhost:${server.port}`) =>
    rawRequest(server.port, `${line}\r\nhost: ${host}${headers === '' ? '' : `\r\n${headers}`}`);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const server of servers) {
      expect(server.output.filter((line) => line.includes('could not answer'))).toEqual([]);
    }
  });

  it('on loopback: open to loopback callers, says so, and refuses foreign pages that change the bank', async () => {
    const server = await start([]);
    expect(server.output).toContain(`control plane: open to loopback callers at ${server.base}/_sandbank/`);
    expect((await call(server, 'GET /_sandbank/state HTTP/1.1')).status).toBe(200);
    for (const [line, header] of [
      ['POST /_sandbank/reset HTTP/1.1', 'origin: http://evil.example'],
      ['POST /_sandbank/batch HTTP/1.1', 'origin: http://evil.example'],
      ['POST /_sandbank/reset HTTP/1.1', 'origin: null'],
      ['POST /_sandbank/reset HTTP/1.1', 'sec-fetch-site: cross-site'],
      ['PUT /_sandbank/state HTTP/1.1', `origin: http://localhost:${server.port + 1}`],
    ] as const) {
      const answer = await call(server, line, header);
      expect(answer.status, `${line} ${header}`).toBe(403);
      expect(answer.body.tppMessages?.[0]?.code).toBe('FORBIDDEN');
    }
    const own = await call(
      server,
      'POST /_sandbank/reset HTTP/1.1',
      `origin: http://localhost:${server.port}`,
    );
    expect(own.status).toBe(204);
    // A page may still read what a cross-origin fetch cannot see anyway; the PSU's pages stay open.
    expect((await call(server, 'GET /_sandbank/clock HTTP/1.1', 'origin: http://evil.example')).status).toBe(
      200,
    );
  });

  it('on loopback: a loopback caller naming another served host is not the owner', async () => {
    const server = await start(['--public-url', 'https://bank.example']);
    const answer = await call(server, 'GET /_sandbank/state HTTP/1.1', '', 'bank.example');
    expect(answer.status).toBe(403);
    expect(answer.body.tppMessages?.[0]?.code).toBe('FORBIDDEN');
    expect((await call(server, 'GET /_sandbank/state HTTP/1.1', '', `127.0.0.1:${server.port}`)).status).toBe(
      200,
    );
  });

  it('on 0.0.0.0: prints a generated token and wants it as Authorization: Bearer', async () => {
    const server = await start(['--host', '0.0.0.0']);
    expect(server.output).toContain(
      `control plane: needs Authorization: Bearer <control token> at ${server.base}/_sandbank/`,
    );
    const token = server.output.find((line) => line.startsWith('control token (generated'))?.split(': ')[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const missing = await call(server, 'GET /_sandbank/state HTTP/1.1');
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(missing.body.tppMessages?.[0]).toMatchObject({
      code: 'HTTP_HEADER_REQUIRED',
      path: 'Authorization',
    });
    const basic = await call(server, 'GET /_sandbank/state HTTP/1.1', 'authorization: Basic YTpi');
    expect(basic.status).toBe(401);
    const wrong = await call(server, 'GET /_sandbank/state HTTP/1.1', `authorization: Bearer ${token}x`);
    expect(wrong.status).toBe(403);
    expect(wrong.body.tppMessages?.[0]?.code).toBe('FORBIDDEN');
    const right = await call(server, 'GET /_sandbank/clock HTTP/1.1', `authorization: Bearer ${token}`);
    expect(right.status).toBe(200);
    const foreign = await call(
      server,
      'POST /_sandbank/reset HTTP/1.1',
      `authorization: Bearer ${token}\r\norigin: http://evil.example`,
    );
    expect(foreign.status).toBe(403);
    // The PSU's pages are not the control plane: no token (an unknown authorisation is simply unknown).
    expect((await call(server, 'GET /_sandbank/sca/unknown HTTP/1.1')).status).not.toBe(401);
    expect((await call(server, 'GET /_sandbank/consents HTTP/1.1')).status).toBe(200);
  });

  it('builds links on the configured origin, never on the Host the request names', async () => {
    const consent = (server: Watched, host: string) =>
      call(
        server,
        'POST /v1/bank-offered-consents HTTP/1.1',
        'x-request-id: links-1\r\ntpp-redirect-uri: https://tpp.example/cb\r\ntpp-session-id: s-1',
        host,
      );
    const bound = await start(['--signatures', 'off']);
    const viaLocalhost = await consent(bound, `localhost:${bound.port}`);
    expect(viaLocalhost.status).toBe(201);
    const links = viaLocalhost.body._links as { scaRedirect: { href: string } };
    expect(links.scaRedirect.href.startsWith(`${bound.base}/_sandbank/sca/`)).toBe(true);
    expect((await consent(bound, 'evil.example')).status).toBe(400);
    const published = await start(['--signatures', 'off', '--public-url', 'https://bank.example']);
    const viaPublic = await consent(published, 'bank.example');
    expect(viaPublic.status).toBe(201);
    const href = (viaPublic.body._links as { scaRedirect: { href: string } }).scaRedirect.href;
    expect(href.startsWith('https://bank.example/_sandbank/sca/')).toBe(true);
  });

  it('takes the token from --control-token or SANDBANK_CONTROL_TOKEN and does not print it', async () => {
    const flag = await start(['--host', '0.0.0.0', '--control-token', TOKEN]);
    const env = await start(['--host', '0.0.0.0'], { SANDBANK_CONTROL_TOKEN: TOKEN });
    for (const server of [flag, env]) {
      // pnpm echoes the command it runs (lines starting with >); sandbank itself never prints the token.
      const own = server.output.filter((line) => !line.startsWith('>'));
      expect(own.join('\n')).not.toContain(TOKEN);
      const answer = await call(server, 'GET /_sandbank/clock HTTP/1.1', `authorization: Bearer ${TOKEN}`);
      expect(answer.status).toBe(200);
    }
    expect(flag.output).toContain('control token: from --control-token');
    expect(env.output).toContain('control token: from SANDBANK_CONTROL_TOKEN');
  });

  it('production: the control plane is off (404 NOT_FOUND) unless --control-plane on', async () => {
    const off = await start(['--profile', 'production']);
    expect(off.output).toContain('control plane: off (production profile; --control-plane on turns it on)');
    for (const line of [
      'GET /_sandbank/state HTTP/1.1',
      'POST /_sandbank/reset HTTP/1.1',
      'GET /_sandbank/clock HTTP/1.1',
    ]) {
      const answer = await call(off, line);
      expect(answer.status).toBe(404);
      expect(answer.body.tppMessages?.[0]?.code).toBe('NOT_FOUND');
    }
    const on = await start(['--profile', 'production', '--control-plane', 'on']);
    expect((await call(on, 'GET /_sandbank/clock HTTP/1.1')).status).toBe(200);
  });
});
