import { type HttpHandler, http } from 'msw';
import { CONTROL_ROOT } from '../core/router.js';
import type { Sandbox } from '../sandbox.js';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * MSW v2 request handlers answering the sandbox's base path and `/_sandbank/` from `sandbox`,
 * for `setupServer(...sandboxHandlers(sandbox))` or `setupWorker(...)`. Paths match on any origin.
 */
export function sandboxHandlers(sandbox: Sandbox): HttpHandler[] {
  const paths = [sandbox.options.basePath, CONTROL_ROOT];
  return paths.map((path) =>
    http.all(new RegExp(`^[a-z][a-z0-9+.-]*://[^/]+${escapeRegExp(path)}(?:[/?#]|$)`, 'i'), ({ request }) =>
      sandbox.fetch(request),
    ),
  );
}
