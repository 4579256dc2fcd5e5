import { createSandbox, type Sandbox } from '@sandbank/engine';
import { call, fixedSandbox, type Message, messages } from '@sandbank/test-support/http';
import { describe, expect, it } from 'vitest';

describe('JSON only (part 1)', () => {
  it('rejects an XML body with 415 and says to send JSON', async () => {
    const answer = await call(fixedSandbox(), 'POST', '/v1/sandbox/initialize', {
      headers: { 'content-type': 'application/xml' },
      body: '<Document><x/></Document>',
    });
    expect(answer.status).toBe(415);
    expect(messages(answer)[0]?.text).toContain('XML is not supported');
  });

  it('rejects XML sent without a content type', async () => {
    const answer = await call(fixedSandbox(), 'POST', '/v1/sandbox/initialize', { body: '<x/>' });
    expect(answer.status).toBe(415);
  });

  it('rejects another media type with 415', async () => {
    const answer = await call(fixedSandbox(), 'POST', '/v1/sandbox/initialize', {
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(answer.status).toBe(415);
    expect(messages(answer)[0]?.text).toContain('application/json');
  });

  it('rejects malformed JSON with 400 FORMAT_ERROR', async () => {
    const answer = await call(fixedSandbox(), 'POST', '/v1/sandbox/initialize', {
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(answer.status).toBe(400);
    expect(messages(answer)[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      text: expect.stringContaining('not valid JSON'),
    });
  });

  it('accepts a vendor +json media type', async () => {
    const answer = await call(fixedSandbox(), 'POST', '/v1/sandbox/initialize', {
      headers: { 'content-type': 'application/vnd.api+json; charset=utf-8' },
      body: '{}',
    });
    expect(answer.status).toBe(204);
  });

  it('rejects a body nested deeper than the limit', async () => {
    const body = `${'['.repeat(100)}${']'.repeat(100)}`;
    const answer = await call(fixedSandbox(), 'POST', '/v1/sandbox/initialize', {
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(answer.status).toBe(400);
    expect(messages(answer)[0]?.text).toContain('nested');
  });

  it('reads a body that arrives in several chunks, a character split between two of them', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ seed: 'Ærlige Øyvind på Åsen' }));
    const split = bytes.indexOf(0xc3) + 1;
    const parts = [bytes.slice(0, 5), bytes.slice(5, split), bytes.slice(split)];
    const answer = await sendStream(createSandbox({ now: () => FIXED }), streamOf(parts));
    expect(answer.status).toBe(204);
  });

  it('stops reading a streamed body as soon as it passes the size limit, with 413', async () => {
    const chunk = new TextEncoder().encode(`"${'x'.repeat(400)}",`);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('['));
      },
      pull(controller) {
        pulled++;
        controller.enqueue(chunk);
      },
    });
    const answer = await sendStream(createSandbox({ now: () => FIXED, maxControlBodyBytes: 1000 }), endless);
    expect(answer.status).toBe(413);
    expect(((await answer.json()) as { tppMessages: Message[] }).tppMessages[0]?.text).toContain(
      '1000 bytes',
    );
    expect(pulled).toBeLessThan(10);
  });

  it('rejects a body over the size limit with 413', async () => {
    const sandbox = fixedSandbox({ maxBodyBytes: 1000 });
    const answer = await call(sandbox, 'POST', '/v1/sandbox/initialize', {
      body: { filler: 'x'.repeat(2000) },
    });
    expect(answer.status).toBe(413);
    expect(messages(answer)[0]?.text).toContain('1000 bytes');
  });
});

function streamOf(parts: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

const FIXED = Date.parse('2026-03-02T10:00:00Z');

/** A request whose body is a stream (no content length), as a browser's or a proxy's may be. */
function sendStream(sandbox: Sandbox, body: ReadableStream<Uint8Array>): Promise<Response> {
  return sandbox.fetch(
    new Request('https://bank.example/_sandbank/reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'streamed-1' },
      body,
      duplex: 'half',
    } as RequestInit),
  );
}
