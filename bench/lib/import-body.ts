/**
 * The two ways a state reaches `PUT /_sandbank/state` in the import benches: as bytes streamed in
 * chunks (a file read or an upload, what `sandbank serve` receives from curl or Postman) and as one
 * JavaScript string handed to `new Request` (a test that stringifies a state it built).
 */

/** The import's request with the body streamed in chunks of `chunk` bytes (views, not copies: a default stream, which transfers nothing). */
export function streamedImport(url: string, bytes: Uint8Array, chunk = 64 * 1024): Request {
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(at, at + chunk));
      at += chunk;
    },
  });
  return new Request(url, {
    method: 'PUT',
    body,
    headers: { 'content-type': 'application/json' },
    duplex: 'half',
  } as RequestInit);
}

/** The import's request with the body as one string. */
export function stringImport(url: string, text: string): Request {
  return new Request(url, { method: 'PUT', body: text, headers: { 'content-type': 'application/json' } });
}
