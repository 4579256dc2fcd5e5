/**
 * Where a bank is reached from outside when that is not the root of its own origin: a hosted bank
 * lives under `https://host/t/{bankId}`. Requests arrive with the prefix, which is removed once
 * before routing; links are built with it, on the public origin when one is given.
 */
export interface Mount {
  /** The public origin links are built on; null to take each request's own origin. */
  origin: string | null;
  /** The path prefix without a trailing slash; '' when the bank sits at the root. */
  prefix: string;
}

/** `https://host/t/abc` (origin and prefix) or `/t/abc` (prefix only); undefined is the root. */
export function parseMount(publicUrl: string | undefined): Mount {
  if (publicUrl === undefined) return { origin: null, prefix: '' };
  const relative = publicUrl.startsWith('/');
  const url = new URL(publicUrl, 'http://relative.invalid');
  if (url.search !== '' || url.hash !== '') {
    throw new TypeError(`publicUrl must be an origin with an optional path, got ${publicUrl}`);
  }
  return { origin: relative ? null : url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

/** The path below the mount, or null when the request is outside it. */
export function pathBelow(mount: Mount, pathname: string): string | null {
  if (mount.prefix === '') return pathname;
  if (pathname === mount.prefix) return '/';
  return pathname.startsWith(`${mount.prefix}/`) ? pathname.slice(mount.prefix.length) : null;
}
