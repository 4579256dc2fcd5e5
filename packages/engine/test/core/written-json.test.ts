// An answer with parts already written (core/written-json.ts) goes on the wire byte for byte as
// JSON.stringify would write the same answer built from objects: key order, escapes, numbers, the
// values JSON leaves out or writes as null, and objects with their own toJSON.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainJson, WrittenJson, writeJson, writeJsonBytes } from '../../src/core/written-json.js';

const utf8 = new TextEncoder();

/** Replaces some objects and arrays of a JSON value by WrittenJson of their text. */
function withWrittenParts(value: unknown, pick: () => boolean): unknown {
  if (value !== null && typeof value === 'object' && pick()) return new WrittenJson(JSON.stringify(value));
  if (Array.isArray(value)) return value.map((item) => withWrittenParts(item, pick));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      out[key] = withWrittenParts((value as Record<string, unknown>)[key], pick);
    }
    return out;
  }
  return value;
}

describe('writeJson', () => {
  it('writes what JSON.stringify writes, with written parts anywhere in the value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.infiniteStream(fc.boolean()), (value, coins) => {
        const picks = coins[Symbol.iterator]();
        const mixed = withWrittenParts(value, () => picks.next().value === true);
        const expected = JSON.stringify(value);
        expect(writeJson(mixed)).toBe(expected);
        expect(JSON.stringify(mixed)).toBe(expected);
        expect(plainJson(mixed)).toEqual(JSON.parse(expected));
      }),
      { numRuns: 500, seed: 8 },
    );
  });

  it('leaves out and writes as null what JSON.stringify does, and calls toJSON', () => {
    const value = {
      gone: undefined,
      fn: () => 1,
      sym: Symbol('x'),
      list: [undefined, () => 1, Symbol('y'), new WrittenJson('{"a":1}')],
      when: new Date(Date.UTC(2026, 0, 2)),
      own: { toJSON: () => ({ replaced: true }) },
      '10': 'integer keys first',
      quote: 'a "quoted" \u2028 line\n',
      nested: Object.assign(Object.create(null) as object, { b: new WrittenJson('[1,2]') }),
    };
    expect(writeJson(value)).toBe(JSON.stringify(value));
  });
});

describe('writeJsonBytes', () => {
  it('writes the UTF-8 bytes of what JSON.stringify writes, written parts reused or not', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'binary' }), fc.infiniteStream(fc.boolean()), (value, coins) => {
        const picks = coins[Symbol.iterator]();
        const mixed = withWrittenParts(value, () => picks.next().value === true);
        const expected = utf8.encode(JSON.stringify(value));
        expect(writeJsonBytes(mixed)).toEqual(expected);
        // The second time each written part's bytes are those kept from the first.
        expect(writeJsonBytes(mixed)).toEqual(expected);
        expect(writeJsonBytes([mixed, mixed])).toEqual(utf8.encode(JSON.stringify([value, value])));
      }),
      { numRuns: 500, seed: 8 },
    );
  });

  it('writes characters beyond ASCII around and inside written parts', () => {
    const value = {
      'kontonavn æøå': 'Lønnskonto – «felles» 😀',
      items: [new WrittenJson('{"remittance":"Husleie for mars – Ålesund"}'), 'tekst \u2028 ü'],
    };
    expect(new TextDecoder().decode(writeJsonBytes(value))).toBe(JSON.stringify(value));
    expect(writeJsonBytes(value)).toEqual(utf8.encode(JSON.stringify(value)));
  });
});
