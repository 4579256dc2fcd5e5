import { type CookieJar, createMemoryCookieJar, type StoredCookie } from '@sandbank/engine';

/**
 * The cookie jar of the bank's pages inside the worker. A service worker can neither read the
 * browser's Cookie header nor set a cookie with its answers (browsers strip both), so the worker
 * keeps the jar in the browser's place. It is kept in Cache Storage, so a worker the browser stopped
 * between two pages of an SCA finds its session again, as a browser keeps its cookies.
 */
const CACHE_NAME = 'sandbank-cookies';
const ENTRY = '/_sandbank/cookie-jar';

function isStoredCookie(value: unknown): value is StoredCookie {
  if (value === null || typeof value !== 'object') return false;
  const { name, value: text, path } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof text === 'string' && typeof path === 'string';
}

/** The jar as stored, or an empty one where Cache Storage is missing or refuses (a private window). */
export async function openCookieJar(origin: string): Promise<CookieJar> {
  const key = new URL(ENTRY, origin).href;
  let cache: Cache | null = null;
  let stored: StoredCookie[] = [];
  try {
    cache = await caches.open(CACHE_NAME);
    const found = await cache.match(key);
    const parsed: unknown = found === undefined ? [] : await found.json();
    if (Array.isArray(parsed)) stored = parsed.filter(isStoredCookie);
  } catch (error) {
    console.warn('[sandbank] the bank pages keep their cookies in memory only', error);
  }
  return createMemoryCookieJar(stored, async (cookies) => {
    try {
      await cache?.put(
        key,
        new Response(JSON.stringify(cookies), { headers: { 'content-type': 'application/json' } }),
      );
    } catch (error) {
      console.error('[sandbank] storing the bank pages’ cookies failed', error);
    }
  });
}
