import { call, fixedSandbox, messages } from '@sandbank/test-support/http';
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

  it('rejects a body over the size limit with 413', async () => {
    const sandbox = fixedSandbox({ maxBodyBytes: 1000 });
    const answer = await call(sandbox, 'POST', '/v1/sandbox/initialize', {
      body: { filler: 'x'.repeat(2000) },
    });
    expect(answer.status).toBe(413);
    expect(messages(answer)[0]?.text).toContain('1000 bytes');
  });
});
