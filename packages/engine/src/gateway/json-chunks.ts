/**
 * A large JSON body read from the chunks it arrived in, without joining them or making its text
 * (docs/decisions/large-json-bodies.md, "From the chunks").
 *
 * An import of 1 000 000 transactions is a body of 334 MB in chunks of 64 KiB or so. Every copy of
 * that size is memory touched for the first time, which on a machine that hands fresh pages out
 * slowly costs a second or more (docs/benchmarks.md, "Session 19"). So the chunks are checked where
 * they lie (the encoding, what the text starts with, the characters the bank refuses) and parsed in
 * pieces (json-pieces.ts) through `ChunkedText`, which finds bytes and decodes short runs of them
 * across the chunks' edges. Only where the pieces cannot stand for the text is the whole text made
 * (json-text.ts's one-byte text, or the exact one). Node only, like json-text.ts: elsewhere
 * `largeJsonOf` answers null and the body is decoded as it always was.
 */

import { isAcceptedCodePoint } from '../core/charset.js';
import type { EngineRequest } from '../core/http.js';
import { parseInPieces, type TextSource } from './json-pieces.js';
import {
  codePointOf,
  LARGE_JSON_BYTES,
  MANY_NON_ASCII,
  MOST_NON_ASCII,
  type NodeBufferModule,
  type NodeBytes,
  nextNonAscii,
  node,
  oneByteJsonOf,
  oneByteText,
  sequenceLength,
} from './json-text.js';

/** Runs of bytes that span chunks are decoded from one scratch buffer of this size, or a larger copy. */
const SCRATCH_BYTES = 256 * 1024;

/** The bytes of a body's chunks as one text's (json-pieces.ts `TextSource`), the chunks left as they are. */
export class ChunkedText implements TextSource {
  readonly length: number;
  /** The chunks (empty ones left out), as views of the caller's bytes. */
  readonly chunks: NodeBytes[] = [];
  /** Where each chunk starts in the text, and the text's length last. */
  private readonly starts: number[] = [];
  /** The chunk the last lookup found: reads go forward, mostly within one chunk. */
  private last = 0;
  private scratch: NodeBytes | null = null;

  constructor(
    chunks: readonly Uint8Array[],
    private readonly buffer: NodeBufferModule,
  ) {
    let at = 0;
    for (const chunk of chunks) {
      if (chunk.byteLength === 0) continue;
      this.chunks.push(buffer.Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      this.starts.push(at);
      at += chunk.byteLength;
    }
    this.starts.push(at);
    this.length = at;
  }

  /** The chunk that holds byte `index` (within the text). */
  private chunkOf(index: number): number {
    const starts = this.starts;
    const last = this.last;
    if (index >= (starts[last] as number) && index < (starts[last + 1] as number)) return last;
    if (index >= (starts[last + 1] as number) && index < (starts[last + 2] ?? -1)) {
      this.last = last + 1;
      return last + 1;
    }
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= index) low = middle;
      else high = middle - 1;
    }
    this.last = low;
    return low;
  }

  byteAt(index: number): number | undefined {
    if (!(index >= 0 && index < this.length)) return undefined;
    const chunk = this.chunkOf(index);
    return (this.chunks[chunk] as NodeBytes)[index - (this.starts[chunk] as number)];
  }

  indexOf(value: Uint8Array | number, from: number): number {
    const start = Math.max(0, from);
    if (start >= this.length) return -1;
    const width = typeof value === 'number' ? 1 : value.length;
    for (
      let i = this.chunkOf(start), offset = start - (this.starts[i] as number);
      i < this.chunks.length;
      i++
    ) {
      const chunk = this.chunks[i] as NodeBytes;
      const base = this.starts[i] as number;
      const found = chunk.indexOf(value, offset);
      if (found !== -1) return base + found;
      // A match that starts in this chunk's last bytes runs on into the next ones.
      for (let at = Math.max(offset, chunk.length - width + 1); at < chunk.length; at++) {
        if (this.matches(value as Uint8Array, base + at)) return base + at;
      }
      offset = 0;
    }
    return -1;
  }

  private matches(value: Uint8Array, at: number): boolean {
    for (let i = 0; i < value.length; i++) if (this.byteAt(at + i) !== value[i]) return false;
    return true;
  }

  text(from: number, to: number): string {
    if (from >= to) return '';
    const first = this.chunkOf(from);
    const base = this.starts[first] as number;
    if (to <= (this.starts[first + 1] as number)) {
      return (this.chunks[first] as NodeBytes).toString('utf8', from - base, to - base);
    }
    // Across chunks: copied into one buffer first, since a chunk's edge may cut a character.
    const length = to - from;
    if (length <= SCRATCH_BYTES) this.scratch ??= this.buffer.Buffer.allocUnsafe(SCRATCH_BYTES);
    const into =
      length <= SCRATCH_BYTES ? (this.scratch as NodeBytes) : this.buffer.Buffer.allocUnsafe(length);
    let written = 0;
    for (let i = first, offset = from - base; written < length; i++, offset = 0) {
      const chunk = this.chunks[i] as NodeBytes;
      const end = Math.min(chunk.length, offset + length - written);
      into.set(chunk.subarray(offset, end), written);
      written += end - offset;
    }
    return into.toString('utf8', 0, length);
  }

  /** The first byte from `from` on that is not ASCII, or the length. */
  nonAscii(from: number): number {
    if (from >= this.length) return this.length;
    const isAscii = this.buffer.isAscii;
    for (
      let i = this.chunkOf(from), offset = from - (this.starts[i] as number);
      i < this.chunks.length;
      i++
    ) {
      const chunk = this.chunks[i] as NodeBytes;
      const at = nextNonAscii(chunk, offset, isAscii);
      if (at < chunk.length) return (this.starts[i] as number) + at;
      offset = 0;
    }
    return this.length;
  }
}

/**
 * Whether the chunks together are UTF-8, checked natively chunk by chunk: a character a chunk's end
 * cuts is carried over and checked once whole.
 */
export function chunksAreUtf8(
  chunks: readonly Uint8Array[],
  isUtf8: (bytes: Uint8Array) => boolean,
): boolean {
  let carried: number[] = [];
  for (const chunk of chunks) {
    let from = 0;
    if (carried.length > 0) {
      const whole = sequenceLength(carried[0] as number);
      from = Math.min(whole - carried.length, chunk.length);
      for (let i = 0; i < from; i++) carried.push(chunk[i] as number);
      if (carried.length < whole) continue;
      if (!isUtf8(Uint8Array.from(carried))) return false;
      carried = [];
    }
    let to = chunk.length;
    // A lead byte among the last three whose sequence runs past the end.
    for (let back = 1; back <= 3 && back <= to - from; back++) {
      const byte = chunk[to - back] as number;
      if (byte < 0x80) break;
      if (byte >= 0xc0) {
        if (sequenceLength(byte) > back) to -= back;
        break;
      }
    }
    if (!isUtf8(chunk.subarray(from, to))) return false;
    for (let i = to; i < chunk.length; i++) carried.push(chunk[i] as number);
  }
  return carried.length === 0;
}

/** The value of four hex digits at `at`, or -1. */
function hexAt(text: TextSource, at: number): number {
  let value = 0;
  for (let i = at; i < at + 4; i++) {
    const c = text.byteAt(i) ?? 0;
    const lower = c | 0x20;
    const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/** No DEL, and no escape that makes a refused character (`\b`, `\f`, a `\uXXXX` of one), found natively. */
function escapesAccepted(text: ChunkedText): boolean {
  if (text.indexOf(0x7f, 0) !== -1) return false;
  for (let at = text.indexOf(0x5c, 0); at !== -1; at = text.indexOf(0x5c, at + 2)) {
    const escaped = text.byteAt(at + 1);
    if (escaped === 0x62 || escaped === 0x66) return false;
    if (escaped === 0x75) {
      const unit = hexAt(text, at + 2);
      if (unit < 0 || !isAcceptedCodePoint(unit)) return false;
    }
  }
  return true;
}

/**
 * Whether every character beyond ASCII is one the bank accepts (core/charset.ts), read from the
 * bytes; null for a body mostly beyond ASCII, which the decoder reads as fast.
 */
function wideCharactersAccepted(text: ChunkedText): boolean | null {
  let accepted = true;
  let characters = 0;
  for (let at = text.nonAscii(0); at < text.length; at = text.nonAscii(at + 1)) {
    const lead = text.byteAt(at) as number;
    // A continuation byte: its lead was read.
    if (lead < 0xc0) continue;
    characters++;
    if (characters > MANY_NON_ASCII && characters > text.length * MOST_NON_ASCII) return null;
    if (
      accepted &&
      !isAcceptedCodePoint(codePointOf((index) => text.byteAt(index), at, sequenceLength(lead)))
    )
      accepted = false;
  }
  return accepted;
}

/** The first byte that is not JSON white space, or -1 for none. */
function leadByte(text: ChunkedText): number {
  for (let at = 0; at < text.length; at++) {
    const byte = text.byteAt(at) as number;
    if (byte !== 0x20 && (byte < 0x09 || byte > 0x0d)) return byte;
  }
  return -1;
}

/** A large body as its chunks, checked, and what the reducer needs to know of it before parsing it. */
export interface LargeJson {
  text: ChunkedText;
  /** The text's first character that is not white space, or '' for none. */
  lead: string;
  /**
   * Whether no string the body parses to holds a character the bank refuses (core/charset.ts), read
   * from the bytes: the characters beyond ASCII, DEL, and the escapes. Raw control characters are not
   * looked for: a body holding one does not parse, and this is asked only of a body that did.
   */
  accepted: boolean;
}

/**
 * A large body read from its chunks, or null where its exact text must be decoded as before: outside
 * Node, below `minBytes`, bytes that are not UTF-8 (the decoder names the field), a body that starts
 * with a character beyond ASCII (a byte-order mark, white space `trim` removes and JSON refuses), or
 * a body mostly beyond ASCII (the decoder is as fast there). The chunks are the caller's: read, never written.
 */
export function largeJsonOf(
  chunks: readonly Uint8Array[],
  size: number,
  minBytes = LARGE_JSON_BYTES,
): LargeJson | null {
  if (node === null || size < minBytes) return null;
  const text = new ChunkedText(chunks, node);
  const lead = leadByte(text);
  if (lead >= 0x80 || !chunksAreUtf8(chunks, node.isUtf8)) return null;
  const wide = wideCharactersAccepted(text);
  if (wide === null) return null;
  return {
    text,
    lead: lead === -1 ? '' : String.fromCharCode(lead),
    accepted: wide && escapesAccepted(text),
  };
}

/**
 * What the reducer gets of a large body (`EngineRequest.largeJson`): its value parsed in pieces from
 * the chunks, or from the whole text where the pieces cannot stand for it (then also its
 * `SyntaxError`); the whole text (one-byte where it can be, else `exact`) made at most once, and only
 * if asked for.
 */
export function largeJsonBody(json: LargeJson, exact: () => string): NonNullable<EngineRequest['largeJson']> {
  let whole: string | undefined;
  const textOf = () => {
    if (whole === undefined) {
      const oneByte = oneByteJsonOf(json.text.chunks, json.text.length, 0);
      whole = oneByte === null ? exact() : oneByteText(oneByte);
    }
    return whole;
  };
  return {
    exact,
    accepted: json.accepted,
    lead: json.lead,
    text: textOf,
    parse: () => {
      try {
        return parseInPieces(json.text);
      } catch {
        // A syntax error, or a text that does not cut: `JSON.parse` of the whole text says which.
        return JSON.parse(textOf());
      }
    },
  };
}
