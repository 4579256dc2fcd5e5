import { ChunkedText } from '../../src/gateway/json-chunks.js';
import { type NodeBufferModule, node } from '../../src/gateway/json-text.js';

const encoder = new TextEncoder();

/** The bytes cut at the given positions (any byte, inside a character too), as a body arrives in chunks. */
export function cut(bytes: Uint8Array, at: readonly number[] = []): Uint8Array[] {
  const ends = [...new Set(at.map((n) => n % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const end of [...ends, bytes.length]) {
    if (end > from) chunks.push(bytes.subarray(from, end));
    from = Math.max(from, end);
  }
  return chunks;
}

/** A text's UTF-8 bytes as `parseInPieces` reads them from a body's chunks, cut where `cuts` say. */
export function chunked(text: string | Uint8Array, cuts: readonly number[] = []): ChunkedText {
  const bytes = typeof text === 'string' ? encoder.encode(text) : text;
  return new ChunkedText(cut(bytes, cuts), node as NodeBufferModule);
}
