import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTextIsAccepted } from '../../src/core/charset.js';
import { chunksAreUtf8, largeJsonOf } from '../../src/gateway/json-chunks.js';
import { chunked, cut } from './chunks.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** For a span inside a body: U+FEFF there is a character of a string, not a byte-order mark to drop. */
const spanDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Text with characters of one to four bytes, so that cuts fall inside them. */
const text = fc.string({ unit: 'binary', maxLength: 300 });
const cuts = fc.array(fc.nat(), { maxLength: 30 });

describe("a body's chunks read as one text (gateway/json-chunks.ts ChunkedText)", () => {
  it('has the bytes, finds the runs of bytes and decodes the spans the joined bytes have', () => {
    fc.assert(
      fc.property(
        text,
        cuts,
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 6 }),
        (value, at, a, b, width) => {
          const bytes = encoder.encode(value);
          const source = chunked(bytes, at);
          const joined = Buffer.from(bytes);
          expect(source.length).toBe(bytes.length);
          // Every byte, in an order that goes back and forth over the chunks.
          for (let i = bytes.length; i >= -1; i -= 3) expect(source.byteAt(i)).toBe(bytes[i]);
          // A run of bytes that is there (taken from the text), and one byte, from any start.
          const from = a % (bytes.length + 1);
          const run = joined.subarray(from, from + width);
          const start = b % (bytes.length + 2);
          if (run.length > 0) expect(source.indexOf(run, start)).toBe(joined.indexOf(run, start));
          expect(source.indexOf(0x22, start)).toBe(joined.indexOf(0x22, start));
          // A span between two character boundaries decodes to the characters in it.
          const characters = [...value];
          const first = a % (characters.length + 1);
          const last = first + (b % (characters.length - first + 1));
          const begin = encoder.encode(characters.slice(0, first).join('')).length;
          const end = begin + encoder.encode(characters.slice(first, last).join('')).length;
          expect(source.text(begin, end)).toBe(spanDecoder.decode(bytes.subarray(begin, end)));
        },
      ),
      // A span that starts with U+FEFF keeps it (the decoder of the whole body drops a leading one).
      { numRuns: 1500, examples: [['\uFEFFa', [], 0, 1, 1]] },
    );
  });

  it('decodes spans longer than its scratch buffer across chunks', () => {
    const long = `${'ø'.repeat(200_000)}–${'a'.repeat(100_001)}`;
    const bytes = encoder.encode(long);
    expect(chunked(bytes, [1, 65_537, 300_001]).text(0, bytes.length)).toBe(long);
  });

  it('tells UTF-8 from bytes that are not, wherever the chunks are cut', () => {
    // Mostly UTF-8, with a byte changed, dropped or added now and then.
    const damaged = fc
      .tuple(text, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 3 }))
      .map(([value, changes]) => {
        const bytes = [...encoder.encode(value)];
        for (const [at, byte] of changes) bytes.splice(at % (bytes.length + 1), byte % 3, byte);
        return Uint8Array.from(bytes);
      });
    fc.assert(
      fc.property(damaged, cuts, (bytes, at) => {
        expect(chunksAreUtf8(cut(bytes, at), isUtf8)).toBe(isUtf8(bytes));
      }),
      { numRuns: 3000 },
    );
  });

  it("reads from the chunks what the text scan reads of the exact text's characters", () => {
    // Keys and values from everywhere in Unicode, escapes of refused characters too.
    const json = fc.jsonValue({ stringUnit: 'binary' }).map((value) => JSON.stringify(value));
    fc.assert(
      fc.property(json, fc.constantFrom('', '\\\\', '\\u2603', '\\b', '\u007f'), cuts, (value, extra, at) => {
        const sent = value.startsWith('"') ? `"${extra}${value.slice(1)}` : value;
        const bytes = encoder.encode(sent);
        const large = largeJsonOf(cut(bytes, at), bytes.length, 0);
        expect(large?.accepted).toBe(jsonTextIsAccepted(decoder.decode(bytes)));
      }),
      { numRuns: 1500 },
    );
  });
});
