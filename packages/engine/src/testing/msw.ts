import { type HttpHandler, http } from 'msw';
import { CONTROL_ROOT } from '../core/router.js';
import type { Sandbox } from '../sandbox.js';
import { NODE_ORIGIN, pageOrigin } from './paths.js';

export interface SandboxHandlersOptions {
  /**
   * The origin the sandbox answers on; requests to other origins are left to the other handlers.
   * Default: the page's origin in a browser (as a service worker sees only its own), else
   * `http://localhost` (NODE_ORIGIN). `'*'` answers the base path on every origin.
   */
  origin?: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `https://bank.test:443/` → `https://bank.test`: MSW matches the URL as the request has it. */
function normaliseOrigin(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    throw new TypeError(
      `[sandbank] sandboxHandlers: origin must be a URL such as http://localhost, got ${origin}`,
    );
  }
}

/**
 * MSW v2 request handlers answering the sandbox's base path and `/_sandbank/` from `sandbox`, on
 * one origin (see `origin`), for `setupServer(...sandboxHandlers(sandbox))` or `setupWorker(...)`.
 */
export function sandboxHandlers(sandbox: Sandbox, options: SandboxHandlersOptions = {}): HttpHandler[] {
  const wanted = options.origin ?? pageOrigin() ?? NODE_ORIGIN;
  const origin = wanted === '*' ? '[a-z][a-z0-9+.-]*://[^/]+' : escapeRegExp(normaliseOrigin(wanted));
  const paths = [sandbox.options.basePath, CONTROL_ROOT];
  return paths.map((path) =>
    http.all(new RegExp(`^${origin}${escapeRegExp(path)}(?:[/?#]|$)`, 'i'), ({ request }) =>
      sandbox.fetch(request),
    ),
  );
}
