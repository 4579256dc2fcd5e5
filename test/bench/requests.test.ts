import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { copies, globalRequest, NodeRequest } from '../../bench/lib/requests.js';

/** Whether MSW's `Request` proxy made this request: it records the raw header names under its own symbol. */
const madeByMsw = (request: Request) =>
  Object.getOwnPropertySymbols(request.headers).some((symbol) => symbol.description === 'kRawHeaders');

const server = setupServer(http.get('https://bank.example/v1/accounts', () => HttpResponse.json({ ok: 1 })));
afterEach(() => server.close());

describe("the bench's requests beside MSW", () => {
  const template = new NodeRequest('https://bank.example/v1/accounts', {
    headers: { 'x-request-id': '99391c7e-ad88-49ec-a2ad-99ddcb1f7721', signature: 'keyId="k"' },
  });

  it("makes a contender's copies with Node's own Request while MSW listens, and MSW's through its proxy", async () => {
    server.listen({ onUnhandledRequest: 'error' });
    expect(globalThis.Request).not.toBe(NodeRequest);
    const ours = copies(template)();
    const theirs = copies(template, globalRequest)();
    expect(madeByMsw(ours)).toBe(false);
    expect(madeByMsw(theirs)).toBe(true);
    // Both are the same request, and MSW answers its own.
    for (const copy of [ours, theirs]) {
      expect([
        copy.method,
        copy.url,
        copy.headers.get('x-request-id'),
        copy.headers.get('signature'),
      ]).toEqual(['GET', template.url, '99391c7e-ad88-49ec-a2ad-99ddcb1f7721', 'keyId="k"']);
    }
    expect(await (await fetch(theirs)).json()).toEqual({ ok: 1 });
  });

  it('makes fresh copies each call, never the template itself', () => {
    const next = copies(template);
    const [a, b] = [next(), next()];
    expect(a).not.toBe(b);
    expect(a).not.toBe(template);
    expect([...a.headers]).toEqual([...template.headers]);
  });
});
