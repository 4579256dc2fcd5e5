import { apiError } from './errors.js';

/**
 * part 1: "If the bank's downstream systems cannot process a UTF-8 character (for example an emoji),
 * the request is rejected with HTTP 400." The accepted set (docs/decisions/character-set.md):
 * printable ASCII, Latin-1 Supplement and Latin Extended-A (Norwegian æøå ÆØÅ, Sámi č đ ŋ š ŧ ž,
 * other European letters), the euro sign and common typographic punctuation. Control characters
 * other than tab, line feed and carriage return, emoji, and every other script are refused.
 */
const EXTRA = new Set([
  0x20ac, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2022, 0x2026,
]);

export function isAcceptedCodePoint(cp: number): boolean {
  if (cp >= 0x20 && cp <= 0x7e) return true;
  if (cp === 0x09 || cp === 0x0a || cp === 0x0d) return true;
  if (cp >= 0xa0 && cp <= 0x17f) return true;
  return EXTRA.has(cp);
}

function isPrintableAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

/** The first character of `text` outside the accepted set, or null. */
export function firstRejectedCharacter(text: string): string | null {
  // Most values are short and printable ASCII: a loop over char codes, cheaper than a regular
  // expression per value (an import checks millions), then the walk per character for the rest.
  if (isPrintableAscii(text)) return null;
  for (const ch of text) {
    if (!isAcceptedCodePoint(ch.codePointAt(0) as number)) return ch;
  }
  return null;
}

function describe(ch: string): string {
  const cp = (ch.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0');
  return cp.length <= 4 && (ch.codePointAt(0) as number) < 0x20 ? `U+${cp}` : `'${ch}' (U+${cp})`;
}

/** Throws 400 FORMAT_ERROR naming `path` when `text` holds a character downstream systems refuse. */
export function assertAcceptedText(text: string, path: string): void {
  const bad = firstRejectedCharacter(text);
  if (bad !== null) {
    throw apiError(
      'FORMAT_ERROR',
      `${path} contains ${describe(bad)}, a character the bank's systems cannot process; use Latin letters (æ ø å are fine), digits and ordinary punctuation`,
      { path },
    );
  }
}

export const MAX_JSON_DEPTH = 32;

/** A field path in the form zod reports it: `creditorAccount.bban`, `[0].amount`. */
export function childPath(parent: string, key: string): string {
  if (parent === 'body') return key;
  return key.startsWith('[') ? `${parent}${key}` : `${parent}.${key}`;
}

/** The path `childPath` builds, written out only when a check fails. */
function pathOf(segments: readonly (string | number)[]): string {
  return segments.reduce<string>(
    (path, segment) => childPath(path, typeof segment === 'number' ? `[${segment}]` : segment),
    'body',
  );
}

/** Everything but printable ASCII, and the backslash that starts an escape. */
const NOT_PLAIN = /[^\x20-\x5b\x5d-\x7e]/g;

/** The value of the four hex digits at `at`, or -1. */
function hex4(text: string, at: number): number {
  let value = 0;
  for (let i = at; i < at + 4; i++) {
    const c = text.charCodeAt(i);
    const lower = c | 0x20;
    const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/**
 * Whether no string that `text` (JSON) can parse to holds a refused character: every character of the
 * text is accepted, and no escape makes a refused one (`\b` and `\f` do; `\uXXXX` does unless it
 * names an accepted character: a surrogate never is; `\"`, `\\`, `\/`, `\n`, `\r`, `\t` never do). One
 * native scan of the text instead of a check of every parsed value: a large import is printable ASCII
 * but for a few names (which a large body's text holds as escapes, gateway/json-text.ts). False does
 * not mean refused, only "look at each value".
 */
export function jsonTextIsAccepted(text: string): boolean {
  NOT_PLAIN.lastIndex = 0;
  while (NOT_PLAIN.test(text)) {
    const at = NOT_PLAIN.lastIndex - 1;
    const c = text.charCodeAt(at);
    if (c === 0x5c) {
      const escaped = text.charCodeAt(at + 1);
      if (escaped === 0x62 || escaped === 0x66) return false;
      if (escaped === 0x75) {
        const unit = hex4(text, at + 2);
        if (unit < 0 || !isAcceptedCodePoint(unit)) return false;
        NOT_PLAIN.lastIndex = at + 6;
      } else {
        NOT_PLAIN.lastIndex = at + 2;
      }
    } else if (!isAcceptedCodePoint(c)) {
      return false;
    }
  }
  return true;
}

/**
 * Whether `value` nests an object or array MAX_JSON_DEPTH levels deep or deeper (`'too deep'`), else
 * whether a key of `watched` occurs anywhere. Checks no string: for a value whose JSON text
 * `jsonTextIsAccepted`. Keeps no path and recurses only into objects and arrays (a value's strings and
 * numbers cost one `typeof`): on an import of 1 000 000 transactions this walk is a fifth of the cost
 * of `assertAcceptedJson`'s, which keeps the path to name a problem (docs/benchmarks.md). `for...in`
 * also lists inherited enumerable keys, so it sees at least every key that walk sees.
 */
function depthAndKeys(root: unknown, watched: ReadonlySet<string>): boolean | 'too deep' {
  let seen = false;
  let tooDeep = false;
  const visit = (node: object, depth: number): void => {
    if (depth >= MAX_JSON_DEPTH) {
      tooDeep = true;
      return;
    }
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item === 'object' && item !== null) visit(item, depth + 1);
      }
      return;
    }
    for (const key in node) {
      if (watched.has(key)) seen = true;
      const item: unknown = (node as Record<string, unknown>)[key];
      if (typeof item === 'object' && item !== null) visit(item, depth + 1);
    }
  };
  if (typeof root === 'object' && root !== null) visit(root, 0);
  return tooDeep ? 'too deep' : seen;
}

/**
 * Walks a parsed JSON value checking keys, strings and depth. The walk recurses at most
 * MAX_JSON_DEPTH levels (deeper is refused) and keeps one path that it writes out only for an
 * error: an import of a large state visits millions of values, and a path string or a stack entry
 * made for each was most of its cost. Depth first, children last to first, as a stack-based walk
 * visits them, so the first problem named is the same. `textAccepted` says the text the value was
 * parsed from shows no refused character (`jsonTextIsAccepted`, or a large body's bytes,
 * gateway/json-text.ts): then strings and keys need no check one by one, the depth is checked by
 * `depthAndKeys` alone, and only a value too deep is walked again, here, to name where. Answers
 * whether a key of `watched` occurs anywhere (the caller's next walk, for prototype keys, is needed
 * only then).
 */
export function assertAcceptedJson(
  value: unknown,
  textAccepted = false,
  watched: ReadonlySet<string> = new Set(),
): boolean {
  const strings = !textAccepted;
  if (!strings) {
    const found = depthAndKeys(value, watched);
    if (found !== 'too deep') return found;
  }
  let seen = false;
  const path: (string | number)[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (typeof node === 'string') {
      if (strings && firstRejectedCharacter(node) !== null) assertAcceptedText(node, pathOf(path));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    if (depth >= MAX_JSON_DEPTH) {
      const at = pathOf(path);
      throw apiError('FORMAT_ERROR', `${at} is nested more than ${MAX_JSON_DEPTH} levels deep`, { path: at });
    }
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        path.push(i);
        visit(node[i], depth + 1);
        path.pop();
      }
      return;
    }
    const keys = Object.keys(node);
    for (const key of keys) {
      if (watched.has(key)) seen = true;
      if (!strings || firstRejectedCharacter(key) === null) continue;
      path.push(key);
      assertAcceptedText(key, pathOf(path));
    }
    for (let k = keys.length - 1; k >= 0; k--) {
      const key = keys[k] as string;
      path.push(key);
      visit((node as Record<string, unknown>)[key], depth + 1);
      path.pop();
    }
  };
  visit(value, 0);
  return seen;
}
