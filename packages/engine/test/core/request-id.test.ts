import { fixedSandbox, messages, ORIGIN } from '@sandbank/test-support/http';
import { describe, expect, it } from 'vitest';

async function send(headers: Record<string, string>) {
  const response = await fixedSandbox().fetch(
    new Request(`${ORIGIN}/v1/sandbox/initialize`, { method: 'POST', headers }),
  );
  return {
    status: response.status,
    body: (await response.json().catch(() => ({}))) as { tppMessages?: unknown[] },
  };
}

describe('X-Request-ID (part 4.1: required on all calls)', () => {
  it('rejects a call without it with 400 HTTP_HEADER_REQUIRED naming the header', async () => {
    const answer = await send({});
    expect(answer.status).toBe(400);
    expect(messages({ ...answer, headers: new Headers(), text: '' })).toEqual([
      {
        category: 'ERROR',
        code: 'HTTP_HEADER_REQUIRED',
        path: 'X-Request-ID',
        text: expect.stringContaining('X-Request-ID'),
      },
    ]);
  });

  it('reads header names case-insensitively', async () => {
    expect((await send({ 'X-REQUEST-ID': '1' })).status).toBe(204);
    expect((await send({ 'x-request-id': '2' })).status).toBe(204);
  });

  it('rejects an empty value', async () => {
    const answer = await send({ 'x-request-id': ' ' });
    expect(answer.status).toBe(400);
  });
});
