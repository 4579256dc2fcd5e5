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

/** The first character of `text` outside the accepted set, or null. */
const PLAIN_ASCII = /^[\x20-\x7e\t\n\r]*$/;

export function firstRejectedCharacter(text: string): string | null {
  // Most values are plain ASCII: one regular-expression test instead of a walk per character.
  if (PLAIN_ASCII.test(text)) return null;
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

/** Walks a parsed JSON value (iteratively: no recursion limit) checking keys and strings and depth. */
export function assertAcceptedJson(value: unknown): void {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: 'body', depth: 0 }];
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof v === 'string') {
      assertAcceptedText(v, path);
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_JSON_DEPTH) {
        throw apiError('FORMAT_ERROR', `${path} is nested more than ${MAX_JSON_DEPTH} levels deep`, { path });
      }
      if (Array.isArray(v)) {
        v.forEach((item, i) => {
          stack.push({ value: item, path: childPath(path, `[${i}]`), depth: depth + 1 });
        });
      } else {
        for (const [key, item] of Object.entries(v)) {
          assertAcceptedText(key, childPath(path, key));
          stack.push({ value: item, path: childPath(path, key), depth: depth + 1 });
        }
      }
    }
  }
}
