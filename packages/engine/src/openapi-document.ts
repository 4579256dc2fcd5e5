// GET /_sandbank/openapi.json's document: generated from the route table and each area's docs. The
// worker build puts packages/service-worker/src/openapi-document.ts in this module's place, which
// serves the same document from a file generated at build time beside the worker script, so the
// generator and the docs text stay out of the script (docs/decisions/worker-openapi-file.md).
import { openApiDocument } from './control/openapi.js';
import type { Route } from './core/router.js';
import { openApiSources } from './route-docs.js';

export function openApiDocumentFor(routes: readonly Route[], basePath: string): Record<string, unknown> {
  return openApiDocument(routes, basePath, openApiSources);
}
