import { createHash } from 'node:crypto';
import { paymentList } from '@sandbank/engine';
import { NDCT, NOW, ndctBody, paymentHeaders } from '@sandbank/test-support/payments';
import { accountBody, KARI } from '@sandbank/test-support/sandbox-api';
import { describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/index.js';

// part 4.1: Digest is required on P (create payment) and S (create sandbox account). Turning request
// signatures off turns off what needs a key, not the body check that needs none (docs/security.md).

function sha256(text: string): string {
  return `SHA-256=${createHash('sha256').update(text).digest('base64')}`;
}

async function post(sb: Sandbox, path: string, body: unknown, headers: Record<string, string | undefined>) {
  const text = JSON.stringify(body);
  const all: Record<string, string> = { 'x-request-id': 'r-1', 'content-type': 'application/json' };
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) all[name] = value;
  const response = await sb.fetch(
    new Request(`http://bank.test${path}`, { method: 'POST', headers: all, body: text }),
  );
  return { status: response.status, body: await response.json() };
}

function unsigned(profile: 'sandbox' | 'production' = 'sandbox'): Sandbox {
  return createSandbox({ now: () => NOW, signatures: 'off', profile });
}

describe.each(['sandbox', 'production'] as const)("Digest with signatures: 'off' (%s profile)", (profile) => {
  it('refuses a payment whose Digest does not match the body', async () => {
    const sb = unsigned(profile);
    const body = ndctBody(sb.getState());
    const answer = await post(sb, `/v1/payments/${NDCT}`, body, {
      ...paymentHeaders(),
      digest: sha256(JSON.stringify({ ...body, creditorName: 'Someone Else' })),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages).toEqual([
      expect.objectContaining({
        category: 'ERROR',
        path: 'Digest',
        text: expect.stringContaining('does not match the body'),
      }),
    ]);
    expect(paymentList(sb.getState()).map((e) => e.paymentId)).toEqual([]);
  });

  it('accepts a payment whose Digest matches the body', async () => {
    const sb = unsigned(profile);
    const body = ndctBody(sb.getState());
    const answer = await post(sb, `/v1/payments/${NDCT}`, body, {
      ...paymentHeaders(),
      digest: sha256(JSON.stringify(body)),
    });
    expect(answer.status).toBe(201);
  });

  it('refuses a payment without Digest: 400 HTTP_HEADER_REQUIRED', async () => {
    const sb = unsigned(profile);
    const answer = await post(sb, `/v1/payments/${NDCT}`, ndctBody(sb.getState()), paymentHeaders());
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages).toEqual([
      expect.objectContaining({ code: 'HTTP_HEADER_REQUIRED', path: 'Digest' }),
    ]);
  });

  it('checks a Digest on an operation that does not require one too', async () => {
    const sb = unsigned(profile);
    const answer = await post(
      sb,
      '/v1/bank-offered-consents',
      {},
      {
        'tpp-redirect-uri': 'https://tpp.example/cb',
        'tpp-session-id': 's-1',
        digest: sha256('{"other":"body"}'),
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0].path).toBe('Digest');
  });
});

describe("sandbox account creation (S) with signatures: 'off'", () => {
  it('refuses it without Digest: 400 HTTP_HEADER_REQUIRED naming Digest', async () => {
    const sb = unsigned();
    const answer = await post(sb, '/v1/sandbox/accounts', accountBody(KARI), {});
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages).toEqual([
      expect.objectContaining({ code: 'HTTP_HEADER_REQUIRED', path: 'Digest' }),
    ]);
  });

  it('refuses it with a Digest of another body, and creates it with the right one', async () => {
    const sb = unsigned();
    const body = accountBody(KARI);
    const wrong = await post(sb, '/v1/sandbox/accounts', body, { digest: sha256('{}') });
    expect(wrong.status).toBe(400);
    expect(wrong.body.tppMessages[0].path).toBe('Digest');
    const right = await post(sb, '/v1/sandbox/accounts', body, { digest: sha256(JSON.stringify(body)) });
    expect(right.status).toBe(201);
  });
});
