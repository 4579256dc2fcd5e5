import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSandbox } from '../../src/index.js';
import { sandboxHandlers } from '../../src/testing/msw.js';

const sandbox = createSandbox({ now: () => Date.parse('2026-03-02T10:00:00Z') });
const server = setupServer(
  ...sandboxHandlers(sandbox),
  http.get('https://elsewhere.test/hello', () => HttpResponse.json({ hello: 'world' })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('sandboxHandlers with MSW setupServer', () => {
  test('answers the control plane from the sandbox', async () => {
    const response = await fetch('https://app.test/_sandbank/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMinutes: 15 }),
    });
    expect(await response.json()).toEqual({ now: '2026-03-02T10:15:00.000Z', offsetMs: 900_000 });
    expect(sandbox.getState().clock.offsetMs).toBe(900_000);
  });

  test('answers the API base path from the sandbox', async () => {
    const response = await fetch('https://app.test/v1/unknown?x=1', {
      headers: { 'x-request-id': crypto.randomUUID() },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ tppMessages: [{ code: 'NOT_FOUND' }] });
  });

  test('leaves other paths to the other handlers', async () => {
    const response = await fetch('https://elsewhere.test/hello');
    expect(await response.json()).toEqual({ hello: 'world' });
  });

  test('does not claim paths that merely start with the base path', async () => {
    await expect(fetch('https://app.test/v1other')).rejects.toThrow();
  });
});
