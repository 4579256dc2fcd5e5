import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import { hashString, ownEntry } from '../core/ids.js';
import type { PageSession, State } from '../core/state.js';
import { sameToken, secretToken } from '../core/tokens.js';

/**
 * The browser on the bank's pages (docs/decisions/sca-pages.md, "One browser"): an HttpOnly cookie
 * names a page session kept in the state, every form carries the session's CSRF token, and a sign-in
 * binds the authorisation (or the consent overview) to that session.
 */

/** A page session lasts an hour of bank time from its first page; the SCA link itself lasts 15 minutes. */
export const PAGE_SESSION_MS = 60 * 60_000;
/** Live sessions kept at once; past this the oldest is forgotten (its browser starts again). */
export const MAX_PAGE_SESSIONS = 1000;
/** The hidden form field that carries the CSRF token. */
export const CSRF_FIELD = 'csrfToken';

export interface Browser {
  id: string;
  session: PageSession;
}

type CookieContext = Pick<RequestContext, 'origin' | 'mount'>;

/**
 * The cookie's name, one per bank: banks on two ports of one host share the browser's cookies for
 * that host, and must not overwrite each other's.
 */
export function cookieName(ctx: CookieContext): string {
  return `sandbank_${hashString(`${ctx.origin}${ctx.mount ?? ''}`).toString(36)}`;
}

/** Every value of the bank's cookie in a Cookie header (RFC 6265 §4.2.1: `name=value; name=value`). */
function cookieValues(header: string | undefined, name: string): string[] {
  if (header === undefined) return [];
  const values: string[] = [];
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) values.push(pair.slice(at + 1).trim());
  }
  return values;
}

/** The live page session the request's cookie names, or null. */
export function currentBrowser(
  state: State,
  headers: Record<string, string>,
  ctx: Pick<RequestContext, 'origin' | 'mount' | 'now'>,
): Browser | null {
  for (const id of cookieValues(headers.cookie, cookieName(ctx))) {
    const session = ownEntry(state.pages.sessions, id);
    if (session !== undefined && ctx.now < session.expiresAt) return { id, session };
  }
  return null;
}

/**
 * `Set-Cookie` for the session: HttpOnly (no script reads it), SameSite=Lax (sent when the PSU
 * comes back to the link from the TPP's site, never on a cross-site form post), scoped to the
 * bank's pages, Secure when the bank is served over https. No Expires: the state ends the session
 * on the bank clock, which a test may move anywhere.
 */
export function sessionCookie(id: string, ctx: CookieContext): string {
  const secure = ctx.origin.startsWith('https:') ? '; Secure' : '';
  return `${cookieName(ctx)}=${id}; Path=${ctx.mount ?? ''}/_sandbank/; HttpOnly; SameSite=Lax${secure}`;
}

function forgetOldSessions(draft: Draft<State>, now: number): void {
  const sessions = draft.pages.sessions;
  const live = Object.entries(sessions).filter(([id, session]) => {
    if (now < session.expiresAt) return true;
    delete sessions[id];
    return false;
  });
  if (live.length < MAX_PAGE_SESSIONS) return;
  let oldest = live[0];
  for (const entry of live)
    if (oldest === undefined || entry[1].createdAt < oldest[1].createdAt) oldest = entry;
  if (oldest !== undefined) delete sessions[oldest[0]];
}

/** A new page session with its tokens from the state's counter; the caller sets its cookie. */
export function openBrowser(draft: Draft<State>, ctx: RequestContext): Browser {
  forgetOldSessions(draft, ctx.now);
  const pages = draft.pages;
  pages.counter += 1;
  const secret = ctx.secret ?? '';
  // The clock too: a state imported from an earlier export has an earlier counter, and must not hand
  // out again a token some browser already holds.
  const nonce = `${pages.counter}\u0000${ctx.sourceNow}`;
  const id = secretToken(draft.meta.seed, secret, 'page session', nonce);
  const session: PageSession = {
    csrf: secretToken(draft.meta.seed, secret, 'csrf', nonce),
    createdAt: ctx.now,
    expiresAt: ctx.now + PAGE_SESSION_MS,
    nationalId: null,
  };
  pages.sessions[id] = session;
  return { id, session };
}

/** The browser of a page view: the one its cookie names, else a new one (`cookie` to set). */
export function browserFor(
  draft: Draft<State>,
  headers: Record<string, string>,
  ctx: RequestContext,
): Browser & { cookie: string | null } {
  const known = currentBrowser(draft, headers, ctx);
  if (known !== null) return { id: known.id, session: known.session, cookie: null };
  const opened = openBrowser(draft, ctx);
  return { id: opened.id, session: opened.session, cookie: sessionCookie(opened.id, ctx) };
}

/** A form post comes from a page the bank showed this browser: its cookie and its CSRF token match. */
export function postingBrowser(
  state: State,
  headers: Record<string, string>,
  fields: Record<string, string[]>,
  ctx: RequestContext,
): Browser | null {
  const browser = currentBrowser(state, headers, ctx);
  const token = fields[CSRF_FIELD]?.[0];
  if (browser === null || token === undefined || !sameToken(token, browser.session.csrf)) return null;
  return browser;
}
