/**
 * `pnpm bench:get-floor`: how much of the signed `GET /v1/accounts` is the engine's own work. Beside
 * the contenders of `pnpm bench:node`'s GET (the bare function, MSW's static handler, Sandbank),
 * interleaved the same way, a fourth does only what no bank can skip for that request: the RSA
 * verification of the request's signature (its signing string and key worked out once, before the
 * timing, and checked to verify) and the bank's answer, the same body and headers, as a `Response`
 * the client reads. What Sandbank takes beyond it is the engine's: parsing and checking the request,
 * the consent, the operation and the answer's serialisation. `BENCH_ROUNDS` rounds (default 2 000).
 */
import { verify, X509Certificate } from 'node:crypto';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { interleaved } from './lib/measure.js';
import { copies, globalRequest, NodeResponse } from './lib/requests.js';
import { drain, ORIGIN, requestKinds } from './node.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 2000);
const { raw, accounts } = await requestKinds(1);
const answer = await raw.fetch(accounts.clone());
const body = await answer.text();
const headers = Object.fromEntries(answer.headers);

// The signing string the request's Signature header names (draft-cavage, as the bank builds it).
const signature = accounts.headers.get('signature') ?? '';
const param = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(signature)?.[1] ?? '';
const url = new URL(accounts.url);
const signingString = param('headers')
  .split(' ')
  .map((name) =>
    name === '(request-target)'
      ? `${name}: get ${url.pathname}${url.search}`
      : `${name}: ${accounts.headers.get(name)}`,
  )
  .join('\n');
const key = new X509Certificate(
  Buffer.from(accounts.headers.get('tpp-signature-certificate') ?? '', 'base64'),
).publicKey;
const signatureBytes = Buffer.from(param('signature'), 'base64');
if (!verify('sha256', Buffer.from(signingString), key, signatureBytes)) {
  throw new Error('bench:get-floor: the signing string worked out here does not verify');
}

const server = setupServer(http.get(`${ORIGIN}/v1/accounts`, () => HttpResponse.json(JSON.parse(body))));
server.listen({ onUnhandledRequest: 'bypass' });
const request = copies(accounts);
const mswRequest = copies(accounts, globalRequest);
try {
  const results = await interleaved(
    {
      "bare function, `new Response('{}')`": () =>
        drain((async (_: Request) => new NodeResponse('{}'))(request())),
      'the verify and the same answer': () =>
        drain(
          (async (_: Request) => {
            if (!verify('sha256', Buffer.from(signingString), key, signatureBytes))
              throw new Error('not verified');
            return new NodeResponse(body, { status: answer.status, headers });
          })(request()),
        ),
      'MSW `setupServer`, fixed JSON': () => drain(fetch(mswRequest())),
      'Sandbank signed GET /v1/accounts': () => drain(raw.fetch(request())),
    },
    rounds,
  );
  const msw = results['MSW `setupServer`, fixed JSON']?.p50 ?? Number.NaN;
  console.log(`signed GET /v1/accounts, ${rounds} interleaved rounds (Node ${process.versions.node})`);
  console.log('| contender | p50 | p99 | p50 vs MSW |\n|---|---|---|---|');
  for (const [name, s] of Object.entries(results)) {
    console.log(
      `| ${name} | ${(s.p50 * 1000).toFixed(1)} µs | ${(s.p99 * 1000).toFixed(1)} µs | ${(s.p50 / msw).toFixed(2)}× |`,
    );
  }
} finally {
  server.close();
}
