import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createSandbox } from '../../src/index.js';
import { sandboxHandlers } from '../../src/testing/msw.js';

const NOW = () => Date.parse('2026-03-02T10:00:00Z');
const sandbox = createSandbox({ now: NOW });
const elsewhere = createSandbox({ now: NOW, seed: 'elsewhere' });
const server = setupServer(
  // Node has no page origin: the handlers answer http://localhost unless told otherwise.
  ...sandboxHandlers(sandbox),
  ...sandboxHandlers(elsewhere, { origin: 'https://bank.test:443' }),
  http.get('https://api.other.test/v1/hello', () => HttpResponse.json({ hello: 'world' })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** No handler answers `url`: MSW fails the fetch and logs the request it could not match. */
async function expectUnhandled(url: string) {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await expect(fetch(url)).rejects.toThrow();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(`GET ${url}`));
  } finally {
    logged.mockRestore();
  }
}

describe('sandboxHandlers with MSW setupServer', () => {
  test('answers the control plane from the sandbox, on http://localhost by default in Node', async () => {
    const response = await fetch('http://localhost/_sandbank/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMinutes: 15 }),
    });
    expect(await response.json()).toEqual({ now: '2026-03-02T10:15:00.000Z', offsetMs: 900_000 });
    expect(sandbox.getState().clock.offsetMs).toBe(900_000);
  });

  test('answers the API base path from the sandbox', async () => {
    const response = await fetch('http://localhost/v1/unknown?x=1', {
      headers: { 'x-request-id': crypto.randomUUID() },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ tppMessages: [{ code: 'NOT_FOUND' }] });
  });

  test('answers only its own origin, so another API under /v1 reaches its own handler', async () => {
    const other = await fetch('https://api.other.test/v1/hello');
    expect(await other.json()).toEqual({ hello: 'world' });
    await fetch('https://bank.test/_sandbank/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMinutes: 5 }),
    });
    expect(elsewhere.getState().clock.offsetMs).toBe(300_000);
    await expectUnhandled('https://unknown.test/v1/accounts');
  });

  test("answers every origin with origin: '*'", () => {
    const [api] = sandboxHandlers(sandbox, { origin: '*' });
    const path = (api?.info as { path: RegExp } | undefined)?.path ?? /never/;
    expect(path.test('https://any.test/v1/accounts')).toBe(true);
    expect(path.test('http://127.0.0.1:8731/v1')).toBe(true);
    expect(path.test('https://any.test/v1other')).toBe(false);
  });

  test('refuses an origin that is not a URL, saying what it expects', () => {
    expect(() => sandboxHandlers(sandbox, { origin: 'bank.test' })).toThrow(
      'origin must be a URL such as http://localhost',
    );
  });

  test('does not claim paths that merely start with the base path', async () => {
    await expectUnhandled('http://localhost/v1other');
  });
});
