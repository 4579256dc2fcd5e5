import { createSandbox } from '@sandbank/engine';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The engine answers with the runtime's own Response where the global only wraps it (MSW's
// setupServer replaces it with a Proxy while it listens), and with whatever class replaced the global
// otherwise: an answer is always an instance of the Response its caller sees
// (docs/decisions/native-response.md).

const NOW = Date.parse('2026-03-02T10:00:00Z');
const original = globalThis.Response;

afterEach(() => {
  globalThis.Response = original;
});

describe('answers in a test suite that mocks other hosts', () => {
  it('are whole Responses while MSW listens, and MSW still answers its own hosts', async () => {
    const sandbox = createSandbox({ now: () => NOW });
    const server = setupServer(
      http.get('https://other.example/ping', () => HttpResponse.json({ pong: true })),
    );
    server.listen({ onUnhandledRequest: 'bypass' });
    try {
      expect(globalThis.Response).not.toBe(original);
      const answer = await sandbox.fetch(new Request('https://bank.example/_sandbank/clock'));
      expect(answer).toBeInstanceOf(globalThis.Response);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await answer.json()).toEqual({ now: '2026-03-02T10:00:00.000Z', offsetMs: 0 });
      const mocked = await fetch('https://other.example/ping');
      expect(await mocked.json()).toEqual({ pong: true });
    } finally {
      server.close();
    }
  });

  it('are instances of a Response class that replaced the global', async () => {
    const sandbox = createSandbox({ now: () => NOW });
    class Tagged extends original {}
    globalThis.Response = Tagged;
    const answer = await sandbox.fetch(new Request('https://bank.example/_sandbank/clock'));
    expect(answer).toBeInstanceOf(Tagged);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ now: '2026-03-02T10:00:00.000Z', offsetMs: 0 });
  });

  it('keep an error answer whole when the global was replaced', async () => {
    const sandbox = createSandbox({ now: () => NOW });
    class Tagged extends original {}
    globalThis.Response = Tagged;
    const answer = await sandbox.fetch(new Request('https://bank.example/v1/no-such-thing'));
    expect(answer).toBeInstanceOf(Tagged);
    expect(answer.status).toBe(404);
    const body = (await answer.json()) as { tppMessages: Array<{ code: string }> };
    expect(body.tppMessages[0]?.code).toBe('NOT_FOUND');
  });

  it('are made with a Response installed after the engine loaded where there was none', async () => {
    vi.resetModules();
    const global = globalThis as { Response?: typeof Response };
    delete global.Response;
    let fresh: typeof createSandbox;
    try {
      ({ createSandbox: fresh } = await import('@sandbank/engine'));
    } finally {
      globalThis.Response = original;
    }
    class Polyfill extends original {}
    globalThis.Response = Polyfill;
    const answer = await fresh({ now: () => NOW }).fetch(new Request('https://bank.example/_sandbank/clock'));
    expect(answer).toBeInstanceOf(Polyfill);
    expect(await answer.json()).toEqual({ now: '2026-03-02T10:00:00.000Z', offsetMs: 0 });
  });
});
