/**
 * Deterministic, opaque resource ids shaped like the platform's (`enc!!H6fD9HS7…==`, docs/platform-facts.md §2),
 * derived from the sandbox seed and a counter kept in state, so the same requests from the same seed
 * give the same ids. Not cryptographic: ids only need to be unique and opaque. The base64url alphabet
 * keeps them safe inside a URL path.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function mix(seed: number, value: number): number {
  // splitmix32-style finaliser: spreads every input bit over the output.
  let h = (seed ^ Math.imul(value, 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The multiplicative inverse of an odd number modulo 2^32 (Newton's iteration, 5 steps for 32 bits). */
function inverseOf(odd: number): number {
  let inverse = odd;
  for (let i = 0; i < 5; i++) inverse = Math.imul(inverse, 2 - Math.imul(odd, inverse)) >>> 0;
  return inverse;
}
const GOLDEN_INVERSE = inverseOf(0x9e3779b9);
const FIRST_INVERSE = inverseOf(0x85ebca6b);
const SECOND_INVERSE = inverseOf(0xc2b2ae35);

/** The `value` that `mix(seed, value)` turned into `mixed`: each step of the finaliser undone. */
function unmix(seed: number, mixed: number): number {
  let h = (mixed ^ (mixed >>> 16)) >>> 0;
  h = Math.imul(h, SECOND_INVERSE) >>> 0;
  h = (h ^ (h >>> 13) ^ (h >>> 26)) >>> 0;
  h = Math.imul(h, FIRST_INVERSE) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  return Math.imul((h ^ seed) >>> 0, GOLDEN_INVERSE) >>> 0;
}

const VALUE_OF = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE_OF[ALPHABET.charCodeAt(i)] = i;

/** The 30 bits characters `from`…`from + 4` of an id carry (one word of `opaqueId`), or -1. */
function wordAt(id: string, from: number): number {
  let word = 0;
  for (let i = 4; i >= 0; i--) {
    const code = id.charCodeAt(from + i);
    const value = code < 128 ? (VALUE_OF[code] as number) : -1;
    if (value < 0) return -1;
    word = word * 64 + value;
  }
  return word;
}

/**
 * The counter `opaqueId` made `id` from for `seed`, or null when `id` is not one of its ids (ids
 * written by hand) or its counter is not in (`above`, `upTo`]. An id made for another seed is
 * usually not one of this seed's; for about one pair of seeds in a hundred, whose hashes differ only
 * in bits that adding a word's index never carries into, it is, at an unrelated counter.
 */
export function counterOf(seed: string, id: string, above = -1, upTo = 0xffffffff): number | null {
  return counterReader(seed, above, upTo)(id);
}

/**
 * `counterOf` for many ids of one seed (an import reads every id of a file): the seed hashed once.
 * Arithmetic only for most ids: `mix` is a bijection (each xor-shift and odd multiply undone), so the
 * first word gives the counter but for its top two bits, which are not in the id. Each of the four
 * candidates in range is checked against the second word, and only one that matches it is confirmed
 * by making the whole id again.
 */
export function counterReader(seed: string, above = -1, upTo = 0xffffffff): (id: string) => number | null {
  const base = hashString(seed);
  return (id) => {
    const length = id.length - 7;
    if ((length !== 38 && length !== 28) || !id.startsWith('enc!!') || !id.endsWith('==')) return null;
    const first = wordAt(id, 5);
    if (first < 0) return null;
    let second = -2;
    for (let top = 0; top < 4; top++) {
      const counter = unmix(base, (top * 2 ** 30 + first) >>> 0);
      if (counter <= above || counter > upTo) continue;
      if (second === -2) second = wordAt(id, 10);
      if ((mix(base + 5, counter) & 0x3fffffff) !== second) continue;
      if (opaqueId(seed, counter, length) === id) return counter;
    }
    return null;
  };
}

/** The id numbered `counter` for `seed`: `enc!!` + `length` (38) base64url characters + `==`. */
export function opaqueId(seed: string, counter: number, length = 38): string {
  const base = hashString(seed);
  // Built from char codes in one go: a flat string, not a rope of 38 concatenations (heap per id).
  const codes: number[] = [];
  let word = 0;
  for (let i = 0; i < length; i++) {
    if (i % 5 === 0) word = mix(base + i, counter);
    codes.push(ALPHABET.charCodeAt(word & 63));
    word >>>= 6;
  }
  return `enc!!${String.fromCharCode(...codes)}==`;
}

/** A UUID-shaped id (version 4 layout) for `seed` and `counter`, for values the contract types as UUID. */
export function deterministicUuid(seed: string, counter: number): string {
  const base = hashString(`uuid:${seed}`);
  let hex = '';
  for (let i = 0; i < 4; i++)
    hex += mix(base + i, counter)
      .toString(16)
      .padStart(8, '0');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Takes the next id from the state's counter (works on an immer draft or a plain state being built). */
export function allocateId(state: { meta: { seed: string; counter: number } }): string {
  state.meta.counter += 1;
  return opaqueId(state.meta.seed, state.meta.counter);
}

/**
 * The next id in the same shape but 35 characters long, for ids Berlin Group 1.3.6 types as
 * Max35Text (`cardTransactionId`).
 */
export function allocateShortId(state: { meta: { seed: string; counter: number } }): string {
  state.meta.counter += 1;
  return opaqueId(state.meta.seed, state.meta.counter, 28);
}

/** `record[id]` only when `id` is the record's own key (never `__proto__`, `constructor`, …). */
export function ownEntry<T>(record: Readonly<Record<string, T>>, id: string): T | undefined {
  return Object.hasOwn(record, id) ? record[id] : undefined;
}
