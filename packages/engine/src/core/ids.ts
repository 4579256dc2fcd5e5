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
