export { isSandboxPath } from '../gateway/paths.js';

/** Where a relative URL points in Node, which has no page: the base URL the testing adapters document. */
export const NODE_ORIGIN = 'http://localhost';

/** The page's `location.href` when there is a page served over http(s) (jsdom, browsers). */
export function pageLocation(): string | undefined {
  const location = (globalThis as { location?: { href?: string } }).location;
  return typeof location?.href === 'string' && /^https?:/.test(location.href) ? location.href : undefined;
}

/** The page's origin, when there is a page. */
export function pageOrigin(): string | undefined {
  const href = pageLocation();
  return href === undefined ? undefined : new URL(href).origin;
}
