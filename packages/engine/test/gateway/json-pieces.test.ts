import { stateWithTransactions } from '@sandbank/test-support/ais';
import { api, newSandbox } from '@sandbank/test-support/payments';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseInPieces } from '../../src/gateway/json-pieces.js';
import { oneByteJsonOf, oneByteText } from '../../src/gateway/json-text.js';

/** The one-byte text json-text.ts makes of a body, and what its bytes say of its characters, or null. */
function jsonTextOf(bytes: Uint8Array, minBytes?: number, maxLength?: number) {
  const json = oneByteJsonOf([bytes], bytes.length, minBytes, maxLength);
  return json === null ? null : { text: oneByteText(json), accepted: json.accepted };
}

const encoder = new TextEncoder();

/**
 * The one-byte text json-text.ts makes of a JSON text, as the bytes `parseInPieces` reads, or null
 * where it leaves the text to the exact decoder (a backslash right before a character beyond ASCII).
 */
function oneByteOrNull(text: string): Buffer | null {
  const made = jsonTextOf(encoder.encode(text), 0);
  return made === null ? null : Buffer.from(made.text, 'latin1');
}

function oneByte(text: string): Buffer {
  const bytes = oneByteOrNull(text);
  if (bytes === null) throw new Error('no one-byte text for this JSON');
  return bytes;
}

/** `parseInPieces`' value, or that it would not give one. */
function inPieces(bytes: Buffer, piece: number, end = bytes.length): { value: unknown } | 'throws' {
  try {
    return { value: parseInPieces(bytes, end, Number.POSITIVE_INFINITY, piece) };
  } catch {
    return 'throws';
  }
}

/** JSON values whose arrays hold objects and arrays, as a state's ledgers do, with any characters. */
const record = fc.dictionary(fc.string({ unit: 'binary', maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), {
  maxKeys: 5,
});
const document = fc.oneof(
  fc.jsonValue({ stringUnit: 'binary' }),
  fc.array(record, { maxLength: 80 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.array(fc.array(record, { maxLength: 12 }), { maxLength: 8 })),
);
/** As `JSON.stringify` writes it, or with white space between the tokens. */
const written = fc
  .tuple(document, fc.constantFrom(undefined, 1, 2, '\t'))
  .map(([value, space]) => JSON.stringify(value, null, space));

describe('a large JSON text read in pieces (gateway/json-pieces.ts)', () => {
  it('is the value JSON.parse makes of the whole text, whatever the pieces', () => {
    fc.assert(
      // Pieces from a few elements long (elements of a quarter of a piece or more are read one by one).
      fc.property(written, fc.integer({ min: 16, max: 1_000 }), (text, piece) => {
        const bytes = oneByteOrNull(text);
        if (bytes === null) {
          expect(text).toMatch(/\\[\u0080-\u{10ffff}]/u);
          return;
        }
        expect(inPieces(bytes, piece)).toEqual({ value: JSON.parse(text) });
      }),
      { numRuns: 600 },
    );
  });

  it('never gives a value for a text JSON.parse refuses, and gives its value for one it takes', () => {
    fc.assert(
      fc.property(
        written,
        fc.nat(),
        fc.constantFrom('', ',', ']', '}', '[', '{', '"', '\\', ':', ' ', '1', 'x'),
        fc.integer({ min: 16, max: 400 }),
        (text, at, replacement, piece) => {
          // One character replaced by another, or dropped.
          const cut = at % (text.length + 1);
          const changed = `${text.slice(0, cut)}${replacement}${text.slice(cut + 1)}`;
          // As the bank reads it: a surrogate the cut split becomes U+FFFD.
          const bytes = encoder.encode(changed);
          let expected: { value: unknown } | 'throws';
          try {
            expected = { value: JSON.parse(new TextDecoder().decode(bytes)) };
          } catch {
            expected = 'throws';
          }
          const made = jsonTextOf(bytes, 0);
          if (made === null) return;
          const got = inPieces(Buffer.from(made.text, 'latin1'), piece);
          if (expected === 'throws') expect(got).toBe('throws');
          else if (got !== 'throws') expect(got).toEqual(expected);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('reads on one by one where a cut falls inside a string or an element, or past the array', () => {
    // Strings that hold the separator and the closing, elements that hold arrays of objects (so a
    // closing `}]` inside them), arrays of arrays and of objects side by side.
    const element = (i: number) => ({
      id: `t${i}`,
      note: i % 3 === 0 ? 'a },{ and a }] inside' : 'plain',
      lines: i % 4 === 0 ? [{ n: i }, { n: i + 1 }] : [],
    });
    const text = JSON.stringify({
      flat: Array.from({ length: 300 }, (_, i) => element(i)),
      nested: Array.from({ length: 5 }, (_, j) => Array.from({ length: 40 }, (_, i) => element(j * 40 + i))),
      tail: [1, 2, 3],
    });
    for (const piece of [64, 200, 1_000, 4_000]) {
      expect(inPieces(oneByte(text), piece), `pieces of ${piece}`).toEqual({ value: JSON.parse(text) });
    }
  });

  it('cuts in pieces an array whose elements each end an array of their own (a `}]` inside each)', () => {
    const text = JSON.stringify(Array.from({ length: 3_000 }, (_, i) => ({ id: i, lines: [{ n: i }] })));
    const bytes = oneByte(text);
    // An eighth of the text read token by token at most: the rest must go in pieces.
    expect(parseInPieces(bytes, bytes.length, text.length / 8, 1_024)).toEqual(JSON.parse(text));
  });

  it('reads nothing past the end it is given', () => {
    // The bytes past `end` close what the text leaves open: they must not make it a value.
    const bytes = Buffer.from('[{"a":1},{"a":2}]]}', 'latin1');
    expect(inPieces(bytes, 1, 15)).toBe('throws');
    expect(inPieces(bytes, 1, 17)).toEqual({ value: [{ a: 1 }, { a: 2 }] });
    expect(inPieces(Buffer.from('"abc" "', 'latin1'), 1, 4)).toBe('throws');
  });

  it('keeps __proto__ an own property, and the last of duplicate keys, as JSON.parse does', () => {
    const text = '[{"__proto__":{"x":1},"a":1,"a":2},{"__proto__":[],"b":3}]';
    const got = inPieces(oneByte(text), 1);
    expect(got).toEqual({ value: JSON.parse(text) });
    const first = (got as { value: Array<Record<string, unknown>> }).value[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    expect(Object.keys(first)).toEqual(['__proto__', 'a']);
  });

  it('reads a large export in pieces, within its budget, to the value JSON.parse makes', async () => {
    const { state } = stateWithTransactions(20_000);
    const answer = await api(newSandbox({ initialState: state }), 'GET', '/_sandbank/state');
    const text = JSON.stringify(answer.body);
    const bytes = oneByte(text);
    // The default budget: no more than an eighth of the text read token by token.
    expect(parseInPieces(bytes, bytes.length)).toEqual(JSON.parse(text));
  });

  it('leaves to JSON.parse a text whose arrays do not cut, past its budget', () => {
    const text = JSON.stringify(Array.from({ length: 5_000 }, (_, i) => i));
    expect(() => parseInPieces(Buffer.from(text, 'latin1'), text.length, 1_000)).toThrow();
  });
});
