/**
 * A large JSON body's whole text, made fast where the runtime is Node (docs/decisions/large-json-bodies.md),
 * for what cannot be read in pieces from its chunks (json-chunks.ts).
 *
 * Node 20's `TextDecoder` decodes bytes holding any character beyond ASCII through ICU into a
 * two-byte string: about 1.1 s for the 334 MB of an import of 1 000 000 transactions, and 668 MB held
 * while it runs. `oneByteJsonOf` makes instead a one-byte text that is equal to the body as JSON:
 * ASCII and Latin-1 characters as they are, every other character as a `\uXXXX` escape. `JSON.parse`
 * makes the same value of it, or fails where it fails on the exact text (the caller then names the
 * error from the exact text). Node's native `isAscii` and `isUtf8` find the few characters beyond
 * ASCII and check the encoding; the bytes are copied once, and read as Latin-1. Elsewhere (browsers,
 * workerd without Node's buffer module) there is no `node` here, and the body is decoded as it always was.
 */

/** Bodies from this size on are worth it; below, decoding costs little either way. */
export const LARGE_JSON_BYTES = 1024 * 1024;

/**
 * V8's longest string on 64-bit Node (2^29 - 24 characters, `buffer.constants.MAX_STRING_LENGTH`):
 * a longer text cannot be made (ERR_STRING_TOO_LONG). A UTF-8 body never decodes to more UTF-16 units
 * than it has bytes, so a body of at most this many bytes always decodes; its escaped text here can be
 * longer, and is then left to the decoder.
 */
export const MAX_TEXT_LENGTH = 2 ** 29 - 24;

/** A `Buffer`, as the large-body code reads it. */
export type NodeBytes = Uint8Array & {
  toString(encoding: 'latin1' | 'utf8', start?: number, end?: number): string;
  indexOf(value: Uint8Array | number, byteOffset?: number): number;
};

export interface NodeBufferModule {
  isAscii(bytes: ArrayBufferView): boolean;
  isUtf8(bytes: ArrayBufferView): boolean;
  Buffer: {
    allocUnsafe(size: number): NodeBytes;
    from(buffer: ArrayBufferLike, byteOffset: number, length: number): NodeBytes;
  };
}

/** Node's `node:buffer`, without importing it (the engine runs in browsers too), or null. */
function nodeBuffer(): NodeBufferModule | null {
  try {
    const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    if (typeof runtime?.getBuiltinModule !== 'function') return null;
    const module = runtime.getBuiltinModule('node:buffer') as Partial<NodeBufferModule> | undefined;
    const usable =
      typeof module?.isAscii === 'function' &&
      typeof module.isUtf8 === 'function' &&
      typeof module.Buffer?.allocUnsafe === 'function';
    return usable ? (module as NodeBufferModule) : null;
  } catch {
    return null;
  }
}

/** Node's buffer module, or null where the runtime is not Node. */
export const node = /* @__PURE__ */ nodeBuffer();

/** A body with more characters beyond ASCII than this share (and this count) is left to the decoder. */
export const MOST_NON_ASCII = 1 / 16;
export const MANY_NON_ASCII = 4096;

/** The index of the first byte from `from` on that is not ASCII, or the length. */
export function nextNonAscii(bytes: Uint8Array, from: number, isAscii: NodeBufferModule['isAscii']): number {
  const end = bytes.length;
  let at = from;
  while (at < end) {
    if ((at & 1023) === 0) {
      // Whole blocks of ASCII are skipped natively: 64 KiB where aligned, then 1 KiB.
      if ((at & 65535) === 0 && at + 65536 <= end && isAscii(bytes.subarray(at, at + 65536))) {
        at += 65536;
        continue;
      }
      if (at + 1024 <= end && isAscii(bytes.subarray(at, at + 1024))) {
        at += 1024;
        continue;
      }
    }
    if ((bytes[at] as number) >= 0x80) return at;
    at++;
  }
  return end;
}

/** Whether the first byte that is not ASCII white space is ASCII (so `trim` and a sniff see alike). */
function startsWithAscii(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte === 0x20 || (byte >= 0x09 && byte <= 0x0d)) continue;
    return byte < 0x80;
  }
  return true;
}

/** The byte length of the UTF-8 sequence a lead byte starts (the bytes are valid UTF-8). */
export function sequenceLength(lead: number): number {
  return lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
}

/** The code point of the UTF-8 sequence of `length` bytes at `at`, its bytes read with `byteAt`. */
export function codePointOf(
  byteAt: (index: number) => number | undefined,
  at: number,
  length: number,
): number {
  const lead = byteAt(at) as number;
  let cp = lead & (length === 2 ? 0x1f : length === 3 ? 0x0f : 0x07);
  for (let i = 1; i < length; i++) cp = (cp << 6) | ((byteAt(at + i) as number) & 0x3f);
  return cp;
}

const HEX = '0123456789abcdef';

function writeEscape(out: Uint8Array, at: number, unit: number): number {
  out[at] = 0x5c;
  out[at + 1] = 0x75;
  for (let i = 0; i < 4; i++) out[at + 2 + i] = HEX.charCodeAt((unit >> (12 - 4 * i)) & 0xf);
  return at + 6;
}

function writeCharacter(out: Uint8Array, at: number, cp: number): number {
  if (cp <= 0xff) {
    out[at] = cp;
    return at + 1;
  }
  if (cp <= 0xffff) return writeEscape(out, at, cp);
  const v = cp - 0x10000;
  return writeEscape(out, writeEscape(out, at, 0xd800 + (v >> 10)), 0xdc00 + (v & 0x3ff));
}

/**
 * A large body's one-byte text as bytes (`bytes[0, length)`; what lies past them is not the text),
 * equal to the body as JSON: `JSON.parse` makes the same value of it, or fails where it fails.
 */
export interface OneByteJson {
  bytes: NodeBytes;
  length: number;
}

/**
 * What the characters beyond ASCII add to the text: `net`, the one-byte text's length less the
 * bytes', and `slack`, the sum of what the characters that grow add (a Latin-1 character shrinks from
 * two bytes to one; any other grows into one or two escapes). Counted from each sequence's lead byte,
 * so a sequence split across chunks counts once. Null for a body mostly beyond ASCII.
 */
function growthOf(
  chunks: readonly Uint8Array[],
  size: number,
  isAscii: NodeBufferModule['isAscii'],
): { ascii: boolean; net: number; slack: number } | null {
  let ascii = true;
  let net = 0;
  let slack = 0;
  let characters = 0;
  for (const chunk of chunks) {
    if (isAscii(chunk)) continue;
    ascii = false;
    for (
      let at = nextNonAscii(chunk, 0, isAscii);
      at < chunk.length;
      at = nextNonAscii(chunk, at + 1, isAscii)
    ) {
      const lead = chunk[at] as number;
      // A continuation byte (the lead counted it), or a byte no UTF-8 has (`isUtf8` refuses the body).
      if (lead < 0xc2 || lead > 0xf4) continue;
      characters++;
      if (characters > MANY_NON_ASCII && characters > size * MOST_NON_ASCII) return null;
      // Written as one byte (up to U+00FF, two bytes in UTF-8), one escape of six (the rest of the
      // BMP, two or three bytes) or two (beyond it, four bytes).
      const grows = lead <= 0xc3 ? -1 : lead <= 0xdf ? 4 : lead <= 0xef ? 3 : 8;
      net += grows;
      if (grows > 0) slack += grows;
    }
  }
  return { ascii, net, slack };
}

/**
 * A large body's one-byte text as bytes, made from the chunks it arrived in, or null where the exact text
 * must be decoded: outside Node, below `minBytes`, bytes that are not UTF-8 (the decoder names the
 * field), a body that starts with a character beyond ASCII (a byte-order mark, non-ASCII white space),
 * a backslash right before such a character (an invalid escape an escape written after it would make
 * valid), a body mostly beyond ASCII (the decoder is as fast there), or a text longer than
 * `maxLength`. A body of ASCII alone is its exact text.
 *
 * The chunks are copied once, into the buffer the text is read from: behind `slack` bytes, and the
 * text written over them from the front, each character beyond ASCII replaced as it is reached (the
 * writing never overtakes the reading, since no prefix grows by more than `slack`). Joining the
 * chunks first and copying again cost a second buffer of the body's size (docs/benchmarks.md).
 */
export function oneByteJsonOf(
  chunks: readonly Uint8Array[],
  size: number,
  minBytes = LARGE_JSON_BYTES,
  maxLength = MAX_TEXT_LENGTH,
): OneByteJson | null {
  if (node === null || size < minBytes) return null;
  const { isAscii, isUtf8, Buffer } = node;
  const growth = growthOf(chunks, size, isAscii);
  // The escapes made the text longer than a string can be: the decoder's exact text is not.
  if (growth === null || size + growth.net > maxLength) return null;
  const only = chunks.length === 1 ? (chunks[0] as Uint8Array) : null;
  if (growth.ascii && only !== null) {
    return { bytes: Buffer.from(only.buffer, only.byteOffset, only.byteLength), length: size };
  }
  const from = growth.slack;
  const out = Buffer.allocUnsafe(size + from);
  let end = from;
  for (const chunk of chunks) {
    out.set(chunk, end);
    end += chunk.byteLength;
  }
  const bytes = out.subarray(from, end) as NodeBytes;
  if (growth.ascii) return { bytes: out, length: size };
  if (!isUtf8(bytes) || !startsWithAscii(bytes)) return null;
  const starts: number[] = [];
  for (let at = nextNonAscii(bytes, 0, isAscii); at < size; ) {
    if (bytes[at - 1] === 0x5c) return null;
    starts.push(at);
    at = nextNonAscii(bytes, at + sequenceLength(bytes[at] as number), isAscii);
  }
  let read = 0;
  let written = 0;
  for (const at of starts) {
    if (written !== from + read) out.copyWithin(written, from + read, from + at);
    written += at - read;
    const length = sequenceLength(bytes[at] as number);
    written = writeCharacter(
      out,
      written,
      codePointOf((index) => bytes[index], at, length),
    );
    read = at + length;
  }
  if (written !== from + read) out.copyWithin(written, from + read, from + size);
  written += size - read;
  return { bytes: out, length: written };
}

/** The one-byte text as a string: one copy of the body's size, made only where pieces will not do. */
export function oneByteText({ bytes, length }: OneByteJson): string {
  return bytes.toString('latin1', 0, length);
}
