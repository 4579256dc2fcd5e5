import { call, fixedSandbox, messages } from '@sandbank/test-support/http';
import { describe, expect, it } from 'vitest';

describe('routing', () => {
  it('answers an unknown path with 404 NOT_FOUND in tppMessages form', async () => {
    const answer = await call(fixedSandbox(), 'GET', '/v1/no-such-thing');
    expect(answer.status).toBe(404);
    expect(messages(answer)).toEqual([
      { category: 'ERROR', code: 'NOT_FOUND', text: expect.stringContaining('/v1/no-such-thing') },
    ]);
  });

  it('answers a known path with the wrong method with 405 and an Allow header', async () => {
    const answer = await call(fixedSandbox(), 'DELETE', '/v1/sandbox/initialize');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(messages(answer)[0]?.code).toBe('BAD_REQUEST');
  });

  it('serves the API under a configured base path only', async () => {
    const sandbox = fixedSandbox({ basePath: '/api-sandbox/v1' });
    expect((await call(sandbox, 'POST', '/api-sandbox/v1/sandbox/initialize')).status).toBe(204);
    expect((await call(sandbox, 'POST', '/v1/sandbox/initialize')).status).toBe(404);
  });

  it('hides the control plane when it is switched off', async () => {
    const sandbox = fixedSandbox({ controlPlane: false });
    expect((await call(sandbox, 'GET', '/_sandbank/clock')).status).toBe(404);
  });

  it('hides the sandbox mock-data API in the production profile', async () => {
    const answer = await call(fixedSandbox({ profile: 'production' }), 'POST', '/v1/sandbox/initialize');
    expect(answer.status).toBe(404);
    expect(messages(answer)[0]?.text).toContain('production');
  });

  it('echoes X-Request-ID on every answer, errors included', async () => {
    const answer = await call(fixedSandbox(), 'GET', '/v1/nowhere', {
      headers: { 'X-Request-ID': 'abc-123' },
    });
    expect(answer.headers.get('x-request-id')).toBe('abc-123');
  });
});

describe('ids that are Object.prototype keys', () => {
  it('never reach an operation as if they named a resource', async () => {
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const answer = await call(fixedSandbox(), 'GET', `/v1/sandbox/card-accounts/${id}`);
      expect(answer.status).toBe(404);
    }
  });
});
