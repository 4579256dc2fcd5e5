import { call, fixedSandbox, messages } from '@sandbank/test-support/http';
import { describe, expect, it } from 'vitest';

const post = (body: unknown) => call(fixedSandbox(), 'POST', '/v1/sandbox/initialize', { body });

describe('UTF-8 and the accepted character set (part 1)', () => {
  it('accepts Norwegian letters æ ø å Æ Ø Å and Sámi letters', async () => {
    expect((await post({ name: 'Ærlige Øyvind på Åsen, Čáhcesuolu' })).status).toBe(204);
  });

  it('rejects an emoji with 400 naming the field', async () => {
    const answer = await post({ creditor: { name: 'Kaffe ☕ AS' } });
    expect(answer.status).toBe(400);
    expect(messages(answer)[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'creditor.name' });
    expect(messages(answer)[0]?.text).toContain('U+2615');
  });

  it('rejects a character outside the Latin scripts, naming its array position', async () => {
    const answer = await post({ lines: ['ok', '東京'] });
    expect(messages(answer)[0]?.path).toBe('lines[1]');
  });

  it('rejects control characters', async () => {
    const answer = await post({ text: 'a\u0007b' });
    expect(answer.status).toBe(400);
  });

  it('rejects invalid UTF-8 bytes with 400 naming the field', async () => {
    const prefix = new TextEncoder().encode('{"creditorName":"Bj');
    const suffix = new TextEncoder().encode('rn"}');
    const bytes = new Uint8Array([...prefix, 0xf8, ...suffix]);
    const answer = await call(fixedSandbox(), 'POST', '/v1/sandbox/initialize', { body: bytes });
    expect(answer.status).toBe(400);
    expect(messages(answer)[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'creditorName' });
    expect(messages(answer)[0]?.text).toContain('not valid UTF-8');
  });

  it('rejects a header value with an unaccepted character', async () => {
    const answer = await call(fixedSandbox(), 'POST', '/v1/sandbox/initialize', {
      headers: { 'TPP-Brand-Logging-Information': 'Brand\u0001' },
    });
    expect(answer.status).toBe(400);
    expect(messages(answer)[0]?.path).toBe('TPP-Brand-Logging-Information');
  });
});
