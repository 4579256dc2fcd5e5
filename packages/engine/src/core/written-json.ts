/**
 * Parts of an answer whose JSON is already written: a transaction list item is the same text on every
 * page that shows it, so a page copies their bytes instead of building 200 objects and serialising
 * them. `JSON.stringify` of a page made a rope of parts that undici then flattened, about 95 KB of
 * garbage a page beside the views' 36 KB, and that garbage set how often a scavenge paused a page
 * (docs/benchmarks.md, "Session 8"); the joined text that replaced it was 39 KB more ("Session 10").
 */
export class WrittenJson {
  /** The text as UTF-8, encoded the first time an answer is written as bytes (a private field: frozen all the same). */
  #bytes: Uint8Array | undefined;

  constructor(readonly text: string) {
    Object.freeze(this);
  }

  get bytes(): Uint8Array {
    this.#bytes ??= utf8.encode(this.text);
    return this.#bytes;
  }

  /** Whatever serialises the answer without `writeJson` (a log, a test) sees the value itself. */
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** What JSON.stringify leaves out of an object and writes as null in an array. */
function hasNoJson(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

const utf8 = new TextEncoder();

function write(value: unknown, out: Array<string | WrittenJson>): void {
  if (value instanceof WrittenJson) {
    out.push(value);
  } else if (Array.isArray(value)) {
    out.push('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.push(',');
      const item: unknown = value[i];
      if (hasNoJson(item)) out.push('null');
      else write(item, out);
    }
    out.push(']');
  } else if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  ) {
    let first = true;
    out.push('{');
    for (const key of Object.keys(value)) {
      const item: unknown = (value as Record<string, unknown>)[key];
      if (hasNoJson(item)) continue;
      out.push(first ? '' : ',', JSON.stringify(key), ':');
      first = false;
      write(item, out);
    }
    out.push('}');
  } else {
    // Strings, numbers, booleans, null, and objects with their own JSON (a Date's toJSON).
    out.push(JSON.stringify(value));
  }
}

/**
 * The answer's JSON text, byte for byte what `JSON.stringify` writes, with each WrittenJson's text in
 * its place: for what reads the answer as values (the schema check, the request log); the wire takes
 * `writeJsonBytes`.
 */
export function writeJson(value: unknown): string {
  const out: Array<string | WrittenJson> = [];
  write(value, out);
  return out.map((part) => (typeof part === 'string' ? part : part.text)).join('');
}

/** UTF-8 length of a string of ASCII alone, or -1 when it holds anything else. */
function asciiLength(text: string): number {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return -1;
  return text.length;
}

/**
 * The answer's JSON as UTF-8 bytes, the same bytes `writeJson`'s text encodes to: each WrittenJson's
 * bytes (encoded once and kept with it) copied in place, the few parts around them written byte by
 * byte. No text of the whole answer is made: on a page of 200 transactions that text was 39 KB of the
 * 148 KB a page allocated (docs/benchmarks.md, "Session 10").
 */
export function writeJsonBytes(value: unknown): Uint8Array<ArrayBuffer> {
  const out: Array<string | WrittenJson | Uint8Array> = [];
  write(value, out as Array<string | WrittenJson>);
  let size = 0;
  for (let i = 0; i < out.length; i++) {
    const part = out[i] as string | WrittenJson | Uint8Array;
    if (typeof part !== 'string') {
      size += part instanceof WrittenJson ? part.bytes.length : part.length;
      continue;
    }
    const ascii = asciiLength(part);
    if (ascii >= 0) {
      size += ascii;
      continue;
    }
    const encoded = utf8.encode(part);
    out[i] = encoded;
    size += encoded.length;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const part of out) {
    if (typeof part === 'string') {
      for (let i = 0; i < part.length; i++) bytes[at++] = part.charCodeAt(i);
    } else {
      const from = part instanceof WrittenJson ? part.bytes : part;
      bytes.set(from, at);
      at += from.length;
    }
  }
  return bytes;
}

/** The answer as plain values (a schema check, the request log), the written parts parsed again. */
export function plainJson(value: unknown): unknown {
  return JSON.parse(writeJson(value));
}
