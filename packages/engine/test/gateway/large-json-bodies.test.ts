import type { RequestLogEntry } from '@sandbank/engine';
import { stateWithTransactions } from '@sandbank/test-support/ais';
import { api, newSandbox } from '@sandbank/test-support/payments';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTextIsAccepted } from '../../src/core/charset.js';
import { largeJsonOf } from '../../src/gateway/json-chunks.js';
import { oneByteJsonOf, oneByteText } from '../../src/gateway/json-text.js';
import { webRequestWithChunks } from '../../src/node/guard.js';
import { cut } from './chunks.js';

/**
 * The one-byte text json-text.ts makes of a body in chunks, and what json-chunks.ts reads of its
 * characters from them, or null.
 */
function jsonTextOfChunks(
  chunks: readonly Uint8Array[],
  size: number,
  minBytes?: number,
  maxLength?: number,
) {
  const json = oneByteJsonOf(chunks, size, minBytes, maxLength);
  return json === null
    ? null
    : { text: oneByteText(json), accepted: largeJsonOf(chunks, size, minBytes)?.accepted };
}

/** `jsonTextOfChunks` of a body in one piece. */
function jsonTextOf(bytes: Uint8Array, minBytes?: number, maxLength?: number) {
  return jsonTextOfChunks([bytes], bytes.length, minBytes, maxLength);
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** What `JSON.parse` makes of a text: its value, or that it failed. */
function parsed(text: string): { value: unknown } | 'fails' {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return 'fails';
  }
}

function isOneByte(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return false;
  return true;
}

/** A JSON text with characters from everywhere in Unicode, in keys and values. */
const anyJson = fc.jsonValue({ stringUnit: 'binary' }).map((value) => JSON.stringify(value));

/** Characters beyond ASCII a body can hold: Latin-1, the rest of the BMP, and beyond it. */
const wideCharacter = fc.constantFrom('ø', 'Å', 'ü', '\u00a0', '–', '€', '\u2028', '\ufeff', '😀', '𝄞');

describe('a large JSON body is parsed from a one-byte text equal to it as JSON (gateway/json-text.ts)', () => {
  it('gives the value the exact text gives, in a one-byte text, for any JSON', () => {
    fc.assert(
      fc.property(anyJson, (text) => {
        const fast = jsonTextOf(encoder.encode(text), 0);
        // null only where the exact decoder must be used: a backslash right before a wide character.
        // (Not `return expect(…)`: fast-check counts any value but `true` or `undefined` as a failure.)
        if (fast === null) {
          expect(text).toMatch(/\\[\u0080-\u{10ffff}]/u);
          return;
        }
        expect(isOneByte(fast.text)).toBe(true);
        expect(parsed(fast.text)).toEqual(parsed(text));
        // What the bytes say of the characters is what the text scan says of the exact text.
        expect(fast.accepted).toBe(jsonTextIsAccepted(text));
      }),
      { numRuns: 500 },
    );
  });

  it('fails to parse exactly where the exact text fails, with characters put anywhere', () => {
    fc.assert(
      fc.property(anyJson, fc.array(fc.tuple(fc.nat(), wideCharacter), { maxLength: 4 }), (json, inserts) => {
        let text = json;
        for (const [at, character] of inserts) {
          const cut = at % (text.length + 1);
          text = `${text.slice(0, cut)}${character}${text.slice(cut)}`;
        }
        // What the bank reads of the bytes: a lone surrogate the cut made becomes U+FFFD.
        const bytes = encoder.encode(text);
        const exact = decoder.decode(bytes);
        const fast = jsonTextOf(bytes, 0);
        if (fast === null) return;
        expect(parsed(fast.text)).toEqual(parsed(exact));
        if (parsed(exact) !== 'fails') expect(fast.accepted).toBe(jsonTextIsAccepted(exact));
      }),
      { numRuns: 1000 },
    );
  });

  it('finds characters beyond ASCII on either side of the blocks it skips natively, and across them', () => {
    const bytes = encoder.encode(`["${'a'.repeat(140_000)}"]`);
    // Byte positions where a character starts: before, on and across 1 KiB and 64 KiB boundaries.
    const placed: Array<[number, string]> = [
      [2, 'ø'],
      [1021, 'ø'],
      [1023, 'ø'],
      [1025, '–'],
      [2046, '–'],
      [65_534, '–'],
      [65_537, '😀'],
      [131_070, '😀'],
      [bytes.length - 6, '😀'],
    ];
    for (const [at, character] of placed) bytes.set(encoder.encode(character), at);
    const text = decoder.decode(bytes);
    expect([...text].filter((c) => c !== 'a').length).toBe(placed.length + 4);
    const fast = jsonTextOf(bytes, 0);
    expect(fast?.accepted).toBe(false); // the emoji
    expect(JSON.parse(fast?.text as string)).toEqual(JSON.parse(text));
  });

  it('is the exact text for a body of ASCII alone', () => {
    const text = JSON.stringify({ name: 'Kari Nordmann', list: [1, 2, 3] });
    expect(jsonTextOf(encoder.encode(text), 0)).toEqual({ text, accepted: true });
  });

  it('leaves to the exact decoder what it cannot make equal, and small bodies', () => {
    const large = (text: string) => jsonTextOf(encoder.encode(text), 0);
    expect(jsonTextOf(encoder.encode('{"a":"ø"}'))).toBeNull(); // below LARGE_JSON_BYTES
    expect(large('\ufeff{"a":"ø"}')).toBeNull(); // a byte-order mark, which the decoder drops
    expect(large('\u00a0 {"a":"ø"}')).toBeNull(); // white space `trim` removes and JSON refuses
    expect(large('{"a":"\\ø"}')).toBeNull(); // an invalid escape an escape after it would make valid
    expect(large('{"a":"\\\\ø"}')).toBeNull(); // an escaped backslash before it, which the byte scan does not tell apart
    expect(jsonTextOf(new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]), 0)).toBeNull(); // not UTF-8
    expect(large(`"${'ø'.repeat(100_000)}"`)).toBeNull(); // mostly beyond ASCII
  });

  it('reads from the chunks what the one-byte text cannot stand for, and leaves the rest to the decoder', () => {
    const read = (text: string | Uint8Array, minBytes = 0) => {
      const bytes = typeof text === 'string' ? encoder.encode(text) : text;
      return largeJsonOf(cut(bytes, [3]), bytes.length, minBytes);
    };
    // Read in pieces from its UTF-8, a backslash before a wide character is what it is: an invalid escape.
    expect(read('{"a":"\\ø"}')?.lead).toBe('{');
    expect(read('{"a":"\\\\ø"}')?.accepted).toBe(true);
    expect(read(' \n[1]')?.lead).toBe('[');
    expect(read('   ')?.lead).toBe('');
    expect(read('{"a":"ø"}', 1024)).toBeNull(); // below LARGE_JSON_BYTES
    expect(read('\ufeff{"a":"ø"}')).toBeNull(); // a byte-order mark, which the decoder drops
    expect(read('\u00a0 {"a":"ø"}')).toBeNull(); // white space `trim` removes and JSON refuses
    expect(read(new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]))).toBeNull(); // not UTF-8
    expect(read(new Uint8Array([0x7b, 0x22, 0x22, 0x7d, 0xe2, 0x82]))).toBeNull(); // a character cut off at the end
    expect(read(`"${'ø'.repeat(100_000)}"`)).toBeNull(); // mostly beyond ASCII
  });
});

describe('a body that arrived in chunks is made into its text without joining them first', () => {
  it('gives what the joined bytes give, cut anywhere, inside a character too', () => {
    fc.assert(
      fc.property(
        anyJson,
        fc.array(fc.tuple(fc.nat(), wideCharacter), { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (json, inserts, cuts) => {
          let text = json;
          for (const [at, character] of inserts) {
            const place = at % (text.length + 1);
            text = `${text.slice(0, place)}${character}${text.slice(place)}`;
          }
          const bytes = encoder.encode(text);
          const copy = bytes.slice();
          const chunks = cut(bytes, cuts);
          expect(jsonTextOfChunks(chunks, bytes.length, 0)).toEqual(jsonTextOf(copy, 0));
          // The chunks are the caller's: read, never written.
          expect(bytes).toEqual(copy);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('writes characters that grow before ones that shrink without overtaking what it has not read', () => {
    // Each emoji and en dash grows (12 and 6 bytes written for 4 and 3 read), each ø shrinks (1 for 2):
    // the text is shorter than the bytes overall, but its first part is longer. (Few enough characters
    // beyond ASCII among the rest that the decoder is not left to do it.)
    const text = JSON.stringify({
      grows: '😀–'.repeat(500),
      shrinks: 'ø'.repeat(10_000),
      rest: 'x'.repeat(200_000),
    });
    const bytes = encoder.encode(text);
    const fast = jsonTextOfChunks(cut(bytes, [5, 2_001, 2_002, 2_003, 100_000]), bytes.length, 0);
    expect(fast?.text.length).toBeLessThan(bytes.length);
    expect(JSON.parse(fast?.text as string)).toEqual(JSON.parse(text));
    expect(fast?.accepted).toBe(false);
  });

  it('imports a large state streamed in small chunks, every character and the logged body as sent', async () => {
    const { text, accountId } = await largeExport();
    const bytes = encoder.encode(text);
    // 4 093 bytes: chunks that end inside characters of two and three bytes.
    const streamed = (body: Uint8Array) => streamedImport(cut(body, everyNth(body, 4_093)));
    const sandbox = newSandbox();
    const logged: RequestLogEntry[] = [];
    sandbox.subscribe((event) => {
      if (event.type === 'request') logged.push(event.entry);
    });
    expect((await sandbox.fetch(streamed(bytes))).status).toBe(204);
    const back = await api(sandbox, 'GET', '/_sandbank/state');
    expect(back.body.transactions[accountId][0][0].creditorName).toBe('Bakeri – Tromsø € ü');
    expect(back.body).toEqual(JSON.parse(text));
    expect(logged.find((entry) => entry.method === 'PUT')?.requestBody).toBe(text);
    // A syntax error is named in the exact text's words, decoded from the chunks.
    const { broken, words } = brokenJson(text);
    const refused = await sandbox.fetch(streamed(encoder.encode(broken)));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { tppMessages: Array<{ text: string }> }).tppMessages[0]?.text).toBe(
      `body is not valid JSON: ${words}`,
    );
  });
});

describe('the text scan reads \\u escapes (core/charset.ts jsonTextIsAccepted)', () => {
  it('accepts an escape of an accepted character and refuses one of a refused character', () => {
    expect(jsonTextIsAccepted('{"name":"Troms\\u00f8 \\u2013 \\u20AC"}')).toBe(true);
    expect(jsonTextIsAccepted('{"name":"Pizza \\ud83c\\udf55"}')).toBe(false); // a surrogate pair: an emoji
    expect(jsonTextIsAccepted('{"name":"\\u2603"}')).toBe(false); // a snowman
    expect(jsonTextIsAccepted('{"name":"\\u0007"}')).toBe(false); // a control character
    expect(jsonTextIsAccepted('{"name":"\\\\u2603"}')).toBe(true); // an escaped backslash, then text
  });
});

/** The positions of every `n`th byte of `bytes`. */
function everyNth(bytes: Uint8Array, n: number): number[] {
  return Array.from({ length: Math.floor(bytes.length / n) }, (_, i) => (i + 1) * n);
}

/** `PUT /_sandbank/state` with a body streamed in these chunks, as a socket or a file gives it. */
function streamedImport(chunks: readonly Uint8Array[]): Request {
  return webRequestWithChunks(
    new URL('http://localhost/_sandbank/state'),
    { method: 'PUT', headers: { 'content-type': 'application/json' } },
    chunks,
  );
}

/** The text with a syntax error at its end, and the words `JSON.parse` says it in. */
function brokenJson(text: string): { broken: string; words: string } {
  const broken = `${text.slice(0, -1)},}`;
  try {
    JSON.parse(broken);
  } catch (error) {
    return { broken, words: (error as Error).message };
  }
  throw new Error('the broken text parsed');
}

/** An export of a bank whose ledger makes it larger than 1 MiB (LARGE_JSON_BYTES), with names beyond Latin-1. */
async function largeExport(): Promise<{ text: string; accountId: string }> {
  const { state, accountId } = stateWithTransactions(5_000);
  const source = newSandbox({ initialState: state });
  const answer = await api(source, 'GET', '/_sandbank/state');
  const exported = answer.body as { transactions: Record<string, Array<Array<Record<string, unknown>>>> };
  const first = exported.transactions[accountId]?.[0]?.[0] as Record<string, unknown>;
  first.creditorName = 'Bakeri – Tromsø € ü';
  const text = JSON.stringify(exported);
  // Large enough, and made into the one-byte text: what these cases test is that path.
  expect(jsonTextOf(encoder.encode(text))).not.toBeNull();
  return { text, accountId };
}

describe('importing a large state (PUT /_sandbank/state) through the one-byte text', () => {
  it('keeps every character as sent, and the request log shows the body as sent', async () => {
    const { text, accountId } = await largeExport();
    const sandbox = newSandbox();
    const logged: RequestLogEntry[] = [];
    sandbox.subscribe((event) => {
      if (event.type === 'request') logged.push(event.entry);
    });
    const answer = await api(sandbox, 'PUT', '/_sandbank/state', { body: text });
    expect(answer.status).toBe(204);
    const back = await api(sandbox, 'GET', '/_sandbank/state');
    expect(back.body.transactions[accountId][0][0].creditorName).toBe('Bakeri – Tromsø € ü');
    expect(back.body).toEqual(JSON.parse(text));
    expect(logged.find((entry) => entry.method === 'PUT')?.requestBody).toBe(text);
  });

  it('refuses a character the bank cannot process, naming its path', async () => {
    const { text, accountId } = await largeExport();
    const sandbox = newSandbox();
    const before = await api(sandbox, 'GET', '/_sandbank/state');
    const answer = await api(sandbox, 'PUT', '/_sandbank/state', {
      body: text.replace('Bakeri – Tromsø € ü', 'Pizza 🍕'),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: `transactions.${accountId}[0][0].creditorName`,
    });
    expect((await api(sandbox, 'GET', '/_sandbank/state')).body).toEqual(before.body);
  });

  it('refuses a refused character written as an escape, or as DEL, naming its path', async () => {
    const { text, accountId } = await largeExport();
    const sandbox = newSandbox();
    const before = await api(sandbox, 'GET', '/_sandbank/state');
    // The bytes say which characters the body holds; an escape is read, not taken for ASCII.
    for (const written of [
      'Sn\\u2603w',
      'Bell\\u0007',
      'Back\\bspace',
      'Pizza \\ud83c\\udf55',
      'Del\u007f',
    ]) {
      const answer = await api(sandbox, 'PUT', '/_sandbank/state', {
        body: text.replace('Bakeri – Tromsø € ü', written),
      });
      expect(answer.status, written).toBe(400);
      expect(answer.body.tppMessages[0]).toMatchObject({
        code: 'FORMAT_ERROR',
        path: `transactions.${accountId}[0][0].creditorName`,
      });
    }
    expect((await api(sandbox, 'GET', '/_sandbank/state')).body).toEqual(before.body);
  });

  it('names a syntax error in the words the exact text gives', async () => {
    const { text } = await largeExport();
    const { broken, words } = brokenJson(text);
    const answer = await api(newSandbox(), 'PUT', '/_sandbank/state', { body: broken });
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0].code).toBe('FORMAT_ERROR');
    expect(answer.body.tppMessages[0].text).toBe(`body is not valid JSON: ${words}`);
  });

  it('refuses bytes that are not UTF-8 where a chunk cuts them, naming the field, and keeps the state', async () => {
    const { text, accountId } = await largeExport();
    const bytes = encoder.encode(text);
    // The ø of the creditor's name made a lead byte followed by `(`, cut between the two.
    const at =
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf('Tromsø € ü') + 'Troms'.length;
    expect([bytes[at], bytes[at + 1]]).toEqual([0xc3, 0xb8]);
    bytes[at + 1] = 0x28;
    const sandbox = newSandbox();
    const before = await api(sandbox, 'GET', '/_sandbank/state');
    const answer = await sandbox.fetch(streamedImport(cut(bytes, [...everyNth(bytes, 65_536), at + 1])));
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { tppMessages: unknown[] }).tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: `transactions.${accountId}[0][0].creditorName`,
      text: expect.stringContaining('is not valid UTF-8'),
    });
    expect((await api(sandbox, 'GET', '/_sandbank/state')).body).toEqual(before.body);
  });

  it('reads a backslash before a character beyond ASCII as sent: an escaped one kept, a lone one refused', async () => {
    const { text, accountId } = await largeExport();
    const sandbox = newSandbox();
    const kept = await sandbox.fetch(
      streamedImport([encoder.encode(text.replace('Bakeri – Tromsø € ü', 'Back\\\\ø'))]),
    );
    expect(kept.status).toBe(204);
    const back = await api(sandbox, 'GET', '/_sandbank/state');
    expect(back.body.transactions[accountId][0][0].creditorName).toBe('Back\\ø');
    const lone = text.replace('Bakeri – Tromsø € ü', 'Back\\ø');
    let words = '';
    try {
      JSON.parse(lone);
    } catch (error) {
      words = (error as Error).message;
    }
    const refused = await sandbox.fetch(streamedImport([encoder.encode(lone)]));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { tppMessages: Array<{ text: string }> }).tppMessages[0]?.text).toBe(
      `body is not valid JSON: ${words}`,
    );
  });
});
