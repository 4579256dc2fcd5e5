/**
 * Parts of an answer whose JSON is already written: a transaction list item is the same text on every
 * page that shows it, so a page joins the texts instead of building 200 objects and serialising them.
 * `JSON.stringify` of a page made a rope of parts that undici then flattened, about 95 KB of garbage
 * a page beside the views' 36 KB, and that garbage set how often a scavenge paused a page
 * (docs/benchmarks.md, "Session 8").
 */
export class WrittenJson {
  constructor(readonly text: string) {
    Object.freeze(this);
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

function write(value: unknown, out: string[]): void {
  if (value instanceof WrittenJson) {
    out.push(value.text);
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
 * its place. One `join`: a flat string, which undici encodes without copying it first.
 */
export function writeJson(value: unknown): string {
  const out: string[] = [];
  write(value, out);
  return out.join('');
}

/** The answer as plain values (a schema check, the request log), the written parts parsed again. */
export function plainJson(value: unknown): unknown {
  return JSON.parse(writeJson(value));
}
