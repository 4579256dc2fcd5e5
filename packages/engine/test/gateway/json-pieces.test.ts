import { stateWithTransactions } from '@sandbank/test-support/ais';
import { api, newSandbox } from '@sandbank/test-support/payments';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChunkedText } from '../../src/gateway/json-chunks.js';
import { parseInPieces } from '../../src/gateway/json-pieces.js';
import { chunked } from './chunks.js';

const encoder = new TextEncoder();

/** `parseInPieces`' value, or that it would not give one. */
function inPieces(source: ChunkedText, piece: number): { value: unknown } | 'throws' {
  try {
    return { value: parseInPieces(source, Number.POSITIVE_INFINITY, piece) };
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
  it('is the value JSON.parse makes of the whole text, whatever the pieces and the chunks', () => {
    fc.assert(
      // Pieces from a few elements long (elements of a quarter of a piece or more are read one by one),
      // from chunks cut anywhere, inside characters too.
      fc.property(
        written,
        fc.integer({ min: 16, max: 1_000 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (text, piece, cuts) => {
          expect(inPieces(chunked(text, cuts), piece)).toEqual({ value: JSON.parse(text) });
        },
      ),
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
        fc.array(fc.nat(), { maxLength: 8 }),
        (text, at, replacement, piece, cuts) => {
          // One character replaced by another, or dropped.
          const place = at % (text.length + 1);
          const changed = `${text.slice(0, place)}${replacement}${text.slice(place + 1)}`;
          // As the bank reads it: a surrogate the cut split becomes U+FFFD.
          const bytes = encoder.encode(changed);
          let expected: { value: unknown } | 'throws';
          try {
            expected = { value: JSON.parse(new TextDecoder().decode(bytes)) };
          } catch {
            expected = 'throws';
          }
          const got = inPieces(chunked(bytes, cuts), piece);
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
      expect(inPieces(chunked(text), piece), `pieces of ${piece}`).toEqual({ value: JSON.parse(text) });
    }
  });

  it('cuts in pieces an array whose elements each end an array of their own (a `}]` inside each)', () => {
    const text = JSON.stringify(Array.from({ length: 3_000 }, (_, i) => ({ id: i, lines: [{ n: i }] })));
    // An eighth of the text read token by token at most: the rest must go in pieces.
    expect(parseInPieces(chunked(text), text.length / 8, 1_024)).toEqual(JSON.parse(text));
  });

  it("reads nothing past a chunk's end in the memory it is a view of", () => {
    // The bytes past the view close what the text leaves open: they must not make it a value.
    const bytes = encoder.encode('[{"a":1},{"a":2}]]}');
    expect(inPieces(chunked(bytes.subarray(0, 15)), 1)).toBe('throws');
    expect(inPieces(chunked(bytes.subarray(0, 17)), 1)).toEqual({ value: [{ a: 1 }, { a: 2 }] });
    expect(inPieces(chunked(bytes.subarray(0, 15), [9]), 1)).toBe('throws');
    expect(inPieces(chunked(encoder.encode('"abc" "').subarray(0, 4)), 1)).toBe('throws');
  });

  it('keeps __proto__ an own property, and the last of duplicate keys, as JSON.parse does', () => {
    const text = '[{"__proto__":{"x":1},"a":1,"a":2},{"__proto__":[],"b":3}]';
    const got = inPieces(chunked(text), 1);
    expect(got).toEqual({ value: JSON.parse(text) });
    const first = (got as { value: Array<Record<string, unknown>> }).value[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    expect(Object.keys(first)).toEqual(['__proto__', 'a']);
  });

  it('reads a large export in pieces, within its budget, to the value JSON.parse makes', async () => {
    const { state } = stateWithTransactions(20_000);
    const answer = await api(newSandbox({ initialState: state }), 'GET', '/_sandbank/state');
    const text = JSON.stringify(answer.body);
    // The default budget: no more than an eighth of the text read token by token; in chunks of 64 KiB.
    const cuts = Array.from({ length: Math.floor(text.length / 65_536) }, (_, i) => (i + 1) * 65_536);
    expect(parseInPieces(chunked(text, cuts))).toEqual(JSON.parse(text));
  });

  it('leaves to JSON.parse a text whose arrays do not cut, past its budget', () => {
    const text = JSON.stringify(Array.from({ length: 5_000 }, (_, i) => i));
    expect(() => parseInPieces(chunked(text), 1_000)).toThrow();
  });
});
