import { CONTROL_ROOT } from '../core/router.js';

/** Whether the sandbox answers this path: the API under its base path, the control plane and SCA pages. */
export function isSandboxPath(pathname: string, basePath: string): boolean {
  const base = basePath.replace(/\/+$/, '');
  return (
    pathname === base ||
    pathname.startsWith(`${base}/`) ||
    pathname === CONTROL_ROOT ||
    pathname.startsWith(`${CONTROL_ROOT}/`)
  );
}
