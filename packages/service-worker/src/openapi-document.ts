// The worker's GET /_sandbank/openapi.json document. The worker build (bundle-plugins.ts) puts this
// module in the place of the engine's openapi-document.ts, which generates the document from the route
// table and the docs text: about 20 KB of the gzipped script that a service worker could not load
// lazily. The build writes the generated document, with a mark for the base path, to OPENAPI_FILE
// beside the worker script; the worker reads it on the first request for the document and answers
// the same bytes the engine would (docs/decisions/worker-openapi-file.md).
import { apiError } from '@sandbank/engine';
import { OPENAPI_BASE_PATH_MARK, OPENAPI_FILE } from './protocol.js';

let text: string | null = null;
let problem = 'it was not read yet';
let reading: Promise<void> | null = null;

/** Reads OPENAPI_FILE beside `scriptUrl` once it is there; a failed read is tried again next time. */
export function loadOpenApiDocument(scriptUrl: string): Promise<void> {
  if (text !== null) return Promise.resolve();
  reading ??= (async () => {
    const url = new URL(OPENAPI_FILE, scriptUrl);
    try {
      // A worker's own fetch() does not pass through its fetch event: this goes to the server.
      const response = await fetch(url, { cache: 'no-cache' });
      if (response.ok) text = await response.text();
      else problem = `${url.pathname} answered ${response.status}`;
    } catch (error) {
      problem = `${url.pathname} could not be fetched (${(error as Error).message})`;
    } finally {
      reading = null;
    }
  })();
  return reading;
}

/** The document for `basePath`, as the engine's openApiDocumentFor gives it. */
export function openApiDocumentFor(_routes: readonly unknown[], basePath: string): Record<string, unknown> {
  if (text === null) {
    throw apiError(
      'NOT_FOUND',
      `the worker serves the OpenAPI document from ${OPENAPI_FILE} beside its script, and ${problem}: ` +
        'copy that file with the script (sandbank-sw init and the Vite plugin do)',
      { status: 404 },
    );
  }
  const escaped = JSON.stringify(basePath).slice(1, -1);
  return JSON.parse(text.split(OPENAPI_BASE_PATH_MARK).join(escaped)) as Record<string, unknown>;
}
