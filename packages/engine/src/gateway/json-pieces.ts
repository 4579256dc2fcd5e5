/**
 * `JSON.parse` of a large JSON text held as UTF-8 bytes, without making the text
 * (docs/decisions/large-json-bodies.md, "In pieces").
 *
 * A state import's text is 334 MB for 1 000 000 transactions. Made into one string, it is a copy of
 * that size in fresh memory, which on a machine where fresh memory is slow to touch costs more than a
 * second, and it is held beside the parsed value. Almost all of it is long arrays of small objects
 * (each ledger chunk's transactions), so those are parsed in pieces of about `PIECE` bytes, each by
 * `JSON.parse` of `[` + piece + `]`, and the rest token by token here. A piece is cut where the
 * array's first two elements were separated (say `},{`, white space included), the array's last piece
 * where its first element's last byte is followed by `]`; both are found natively. A cut inside a
 * string, inside an element or past the array's end leaves the piece unbalanced or a string
 * unterminated, and `JSON.parse` refuses it; the elements up to that cut are then read one by one. So
 * every piece that parses is a run of whole elements, and the value is the one `JSON.parse` makes of
 * the whole text: the same values, keys in the same order, the last of duplicate keys, `__proto__` an
 * own property. Elements of a quarter of a piece or more (a ledger's chunks) are read one by one,
 * each in pieces inside: a piece of whole ones would be a string too long for V8's young generation,
 * made in fresh memory again.
 *
 * Anything else (a syntax error, nesting too deep for the call stack, a text whose arrays do not cut,
 * so that more than `budget` bytes would be read token by token) throws, and the caller parses the
 * whole text as before, so every error is the one `JSON.parse` gives.
 */

/** A text's UTF-8 bytes, wherever they are held (json-chunks.ts reads them from a body's chunks). */
export interface TextSource {
  readonly length: number;
  /** The byte at `index`, or undefined outside `[0, length)`. */
  byteAt(index: number): number | undefined;
  /** Where `value` (a byte, or bytes in a row) first occurs from `from` on, or -1. */
  indexOf(value: Uint8Array | number, from: number): number;
  /** The text of the bytes in `[from, to)`, which hold whole characters. */
  text(from: number, to: number): string;
}

/** About how long a piece is: `JSON.parse`'s cost per call is nothing beside it, and its string is young. */
export const PIECE = 32 * 1024;

class NotInPieces extends Error {}

const fail = (why: string): never => {
  throw new NotInPieces(why);
};

const isSpace = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * The value of the text `source` holds; throws where it cannot be read in pieces (see above).
 * `budget` bounds the bytes read token by token; `piece` is for tests, which cut small texts.
 */
export function parseInPieces(
  source: TextSource,
  budget = Math.max(1024 * 1024, source.length / 8),
  piece = PIECE,
): unknown {
  const end = source.length;
  let at = 0;
  let spent = 0;
  const byteAt = (index: number) => source.byteAt(index);
  const text = (from: number, to: number) => source.text(from, to);
  /** The bytes in `[from, to)`, a few. */
  const bytesOf = (from: number, to: number) =>
    Uint8Array.from({ length: to - from }, (_, i) => byteAt(from + i) ?? 0);
  const skipSpace = () => {
    while (isSpace(byteAt(at))) at++;
  };
  const take = (from: number, to: number): unknown => {
    spent += to - from;
    if (spent > budget) fail('too much of the text does not cut into pieces');
    return JSON.parse(text(from, to));
  };

  function string(): string {
    const from = at;
    let close = source.indexOf(0x22, from + 1);
    for (;;) {
      if (close === -1) fail('unterminated string');
      let slashes = 0;
      while (byteAt(close - 1 - slashes) === 0x5c) slashes++;
      if (slashes % 2 === 0) break;
      close = source.indexOf(0x22, close + 1);
    }
    at = close + 1;
    return take(from, at) as string;
  }

  function scalar(): unknown {
    const from = at;
    for (let byte = byteAt(at); byte !== undefined; byte = byteAt(++at)) {
      if (byte === 0x2c || byte === 0x5d || byte === 0x7d || isSpace(byte)) break;
    }
    if (at === from) fail('a value is missing');
    return take(from, at);
  }

  function object(): Record<string, unknown> {
    at++;
    const out: Record<string, unknown> = {};
    skipSpace();
    if (byteAt(at) === 0x7d) {
      at++;
      return out;
    }
    for (;;) {
      skipSpace();
      if (byteAt(at) !== 0x22) fail('a key is missing');
      const key = string();
      skipSpace();
      if (byteAt(at) !== 0x3a) fail('a colon is missing');
      at++;
      const item = value();
      // As JSON.parse: an own property, even for `__proto__`.
      if (key === '__proto__') {
        Object.defineProperty(out, key, {
          value: item,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else {
        out[key] = item;
      }
      skipSpace();
      const next = byteAt(at++);
      if (next === 0x7d) return out;
      if (next !== 0x2c) fail('a comma is missing');
    }
  }

  /** `JSON.parse` of the elements in `[from, to)`, or null where they are not a run of whole elements. */
  function elements(from: number, to: number): unknown[] | null {
    try {
      return JSON.parse(`[${text(from, to)}]`) as unknown[];
    } catch {
      return null;
    }
  }

  function array(): unknown[] {
    const opened = at;
    at++;
    const out: unknown[] = [];
    skipSpace();
    if (byteAt(at) === 0x5d) {
      at++;
      return out;
    }
    // How the first two elements are separated, from the one's closing bracket to the other's opening,
    // and how the last would end the array (its closing bracket, then the array's).
    let separator: Uint8Array | null = null;
    let closing: Uint8Array | null = null;
    // Where the array probably ends (the first `closing` from `at` on), and the first separator a piece
    // on; `end` where there is none. Each is looked for again only once `at` has passed what it found.
    let close = -1;
    let cut = -1;
    // Elements are read one by one up to here, where a piece failed.
    let oneByOne = 0;
    const found = (index: number) => (index === -1 ? end : index);
    const run = (to: number): boolean => {
      const items = elements(at, to);
      if (items === null) return false;
      for (const item of items) out.push(item);
      return true;
    };
    for (;;) {
      if (separator !== null && closing !== null && at >= oneByOne) {
        if (close < at) close = found(source.indexOf(closing, at));
        if (cut < at + piece) cut = found(source.indexOf(separator, at + piece));
        // A piece up to a separator before the array's probable end; else the rest of the array in one
        // piece; else (the probable end was inside an element) the piece up to the separator after it.
        if (cut < close && run(cut + 1)) {
          at = cut + separator.length - 1;
          continue;
        }
        if (close < end && run(close + 1)) {
          at = close + 2;
          return out;
        }
        if (close <= cut && cut < end && run(cut + 1)) {
          at = cut + separator.length - 1;
          continue;
        }
        oneByOne = Math.min(cut, close) + 1;
      }
      out.push(value());
      const closed = at;
      skipSpace();
      const next = byteAt(at++);
      if (next === 0x5d) return out;
      if (next !== 0x2c) fail('a comma is missing');
      skipSpace();
      if (separator === null && out.length === 1) {
        const last = byteAt(closed - 1);
        const first = byteAt(at);
        // Elements long enough to be pieces of their own are read one by one (each read in pieces
        // inside): one piece would be one element, and a string that long is made in fresh memory.
        const small = closed - opened < piece / 4;
        if (small && (last === 0x7d || last === 0x5d) && (first === 0x7b || first === 0x5b)) {
          separator = bytesOf(closed - 1, at + 1);
          closing = Uint8Array.of(last, 0x5d);
        }
      }
    }
  }

  function value(): unknown {
    skipSpace();
    const byte = byteAt(at);
    if (byte === 0x7b) return object();
    if (byte === 0x5b) return array();
    if (byte === 0x22) return string();
    return scalar();
  }

  const result = value();
  skipSpace();
  if (at !== end) fail('text after the value');
  return result;
}
