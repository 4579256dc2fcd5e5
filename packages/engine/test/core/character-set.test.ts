import { call, fixedSandbox, messages } from '@sandbank/test-support/http';
import { describe, expect, it } from 'vitest';

/** A JSON text sent as it is written (escapes and all), with Content-Type: application/json. */
const json = (text: string) => new TextEncoder().encode(text);
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

  it('rejects a refused character written as a JSON escape, naming the field', async () => {
    for (const [text, escaped] of [
      ['{"a":"ok","b":{"c":"x\\by"}}', 'U+0008'],
      ['{"a":"ok","b":{"c":"x\\fy"}}', 'U+000C'],
      ['{"a":"ok","b":{"c":"x\\u0001y"}}', 'U+0001'],
      ['{"a":"ok","b":{"c":"Pizza \\ud83c\\udf55"}}', 'U+1F355'],
    ] as const) {
      const answer = await post(json(text));
      expect(answer.status).toBe(400);
      expect(messages(answer)[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'b.c' });
      expect(messages(answer)[0]?.text).toContain(escaped);
    }
  });

  it('rejects a refused character in a key', async () => {
    const answer = await post(json('{"ok":1,"kaffe\u2615":2}'));
    expect(answer.status).toBe(400);
    expect(messages(answer)[0]?.path).toBe('kaffe\u2615');
  });

  it('accepts escapes that stand for accepted characters, and an escaped backslash before b, f or u', async () => {
    const text =
      '{"name":"\\u00e6\\u00f8\\u00e5 \\"quoted\\" a\\/b\\tc","path":"C:\\\\users\\\\bank\\\\files"}';
    expect((await post(json(text))).status).toBe(204);
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
