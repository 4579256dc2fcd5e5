/**
 * Where a profiled frame's code lives, for the bench's CPU and allocation profiles: the engine's own
 * areas (its bundled dist/ read back to its sources through the chunks' source maps), Node's undici and
 * crypto, immer, zod, MSW, the bench itself.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/** A frame as V8's CPU and sampling heap profiles give it. */
export interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

const sourceMaps = new Map<string, SourceMap | null>();

/**
 * The file a frame's code was written in: for the engine's dist/, which is bundled (a few chunks,
 * not a file per module), the source its chunk's map names at the frame's position.
 */
export function sourceOf(frame: Frame): string {
  const { url } = frame;
  if (!url.includes('/packages/engine/dist/')) return url;
  let map = sourceMaps.get(url);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, 'utf8')));
    } catch {
      map = null;
    }
    sourceMaps.set(url, map);
  }
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  return entry !== undefined && 'originalSource' in entry ? new URL(entry.originalSource, url).href : url;
}

/** Where a sampled frame's code lives. */
export function groupOf(frame: Frame): string {
  const { functionName } = frame;
  const url = sourceOf(frame);
  if (functionName === '(idle)') return 'idle (waiting: I/O, timers, the thread pool)';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)' || (url === '' && functionName !== '')) return 'native (no script)';
  if (url.includes('undici') || url.includes('internal/webstreams') || url.includes('internal/encoding'))
    return 'Node undici: Request, Response, Headers, streams';
  if (url.includes('internal/crypto')) return 'Node crypto (RSA verify, hashes, WebCrypto)';
  if (url.includes('/immer/')) return 'immer';
  if (url.includes('/zod/')) return 'zod';
  if (url.includes('/msw/') || url.includes('/@mswjs/')) return 'MSW';
  // The engine as the bench runs it, built (dist/), or from its sources (src/) when run with the condition.
  const engine = /packages\/engine\/(?:src|dist)\/(?:(security|gateway|core)\/)?/.exec(url);
  if (engine !== null) return `engine ${engine[1] ?? 'operations'}`;
  if (url.startsWith('node:')) return 'Node internals (other)';
  if (url.includes('/bench/')) return 'bench loop';
  return 'other';
}
