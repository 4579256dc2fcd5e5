/**
 * The cookies of the bank's pages where no browser keeps them: a service worker or a page answering
 * with the engine cannot send a `Cookie` header or read a `Set-Cookie` one (browsers strip both
 * from Requests and Responses that scripts make), so the transport keeps the jar and the engine
 * reads from it and writes to it (`createSandbox({ cookieJar })`). Over HTTP the browser is the jar.
 */
export interface CookieJar {
  /** The `Cookie` header a browser would send to `url`, or null. */
  cookie(url: string): string | null | Promise<string | null>;
  /** Takes one `Set-Cookie` the bank answered a request to `url` with. */
  store(url: string, setCookie: string): void | Promise<void>;
}

export interface StoredCookie {
  name: string;
  value: string;
  /** RFC 6265 §5.2.4: the path the cookie is sent below (default: the request's directory). */
  path: string;
}

/** RFC 6265 §5.1.4 path-match. */
function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/** RFC 6265 §5.1.4 default-path: the request path up to its last slash. */
function defaultPath(requestPath: string): string {
  const slash = requestPath.lastIndexOf('/');
  return slash <= 0 ? '/' : requestPath.slice(0, slash);
}

/**
 * Reads one `Set-Cookie` (RFC 6265 §5.2) into the cookie it stores, or the key of the cookie it
 * deletes (`Max-Age` zero or less): what a browser does with the bank's own cookies, for one origin.
 */
export function readSetCookie(
  setCookie: string,
  url: string,
): { cookie: StoredCookie; deleted: boolean } | null {
  const [pair = '', ...attributes] = setCookie.split(';');
  const at = pair.indexOf('=');
  if (at <= 0) return null;
  const name = pair.slice(0, at).trim();
  const value = pair.slice(at + 1).trim();
  let path = defaultPath(new URL(url).pathname);
  let deleted = false;
  for (const attribute of attributes) {
    const [key = '', ...rest] = attribute.split('=');
    const val = rest.join('=').trim();
    const lower = key.trim().toLowerCase();
    if (lower === 'path' && val.startsWith('/')) path = val;
    if (lower === 'max-age' && /^-?\d+$/.test(val) && Number(val) <= 0) deleted = true;
  }
  return { cookie: { name, value, path }, deleted };
}

/** An in-memory jar for one origin, optionally started from (and reporting) a list of cookies. */
export function createMemoryCookieJar(
  initial: readonly StoredCookie[] = [],
  onChange?: (cookies: StoredCookie[]) => void | Promise<void>,
): CookieJar & { cookies(): StoredCookie[] } {
  let cookies = [...initial];
  return {
    cookie(url) {
      const path = new URL(url).pathname;
      const sent = cookies
        .filter((c) => pathMatches(path, c.path))
        // RFC 6265 §5.4: longer paths first.
        .sort((a, b) => b.path.length - a.path.length)
        .map((c) => `${c.name}=${c.value}`);
      return sent.length === 0 ? null : sent.join('; ');
    },
    store(url, setCookie) {
      const read = readSetCookie(setCookie, url);
      if (read === null) return;
      const { cookie, deleted } = read;
      cookies = cookies.filter((c) => c.name !== cookie.name || c.path !== cookie.path);
      if (!deleted) cookies.push(cookie);
      return onChange?.(cookies.slice());
    },
    cookies: () => cookies.slice(),
  };
}

/** The request's own Cookie header joined with what the jar sends to `url` (the engine's request headers). */
export async function addJarCookies(
  jar: CookieJar | undefined,
  url: string,
  headers: Record<string, string>,
): Promise<void> {
  const fromJar = jar === undefined ? null : await jar.cookie(url);
  if (fromJar === null) return;
  headers.cookie = headers.cookie === undefined ? fromJar : `${headers.cookie}; ${fromJar}`;
}

/** Gives the jar the cookie an answer sets. */
export async function keepJarCookies(
  jar: CookieJar | undefined,
  url: string,
  headers: Record<string, string>,
): Promise<void> {
  const setCookie = headers['set-cookie'];
  if (jar !== undefined && setCookie !== undefined) await jar.store(url, setCookie);
}
