import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { type EngineResponse, headersWith, html } from '../core/http.js';
import { CSRF_FIELD } from './browser-session.js';

/** HTML text escaping for the bank's pages: every value from state or a request goes through it. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f3f5f7; color: #1b2733; }
  main { max-width: 32rem; margin: 2rem auto; background: #fff; padding: 1.5rem 2rem; border-radius: 8px;
    box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  header { font-weight: 700; color: #004b87; letter-spacing: .02em; margin-bottom: 1rem; }
  h1 { font-size: 1.35rem; margin: 0 0 1rem; }
  label { display: block; margin: .4rem 0; }
  input[type=text] { font-size: 1.1rem; padding: .4rem .5rem; width: 100%; box-sizing: border-box; }
  fieldset { border: 1px solid #c9d2db; border-radius: 6px; margin: 1rem 0; }
  .notice { background: #fff4d6; border-left: 4px solid #e0a100; padding: .5rem .75rem; }
  .error { background: #fde7e7; border-left: 4px solid #c62828; padding: .5rem .75rem; }
  .actions { display: flex; gap: .75rem; margin-top: 1.25rem; }
  button { font-size: 1rem; padding: .5rem 1.25rem; border-radius: 4px; border: 1px solid #004b87; cursor: pointer; }
  button[value=approve] { background: #004b87; color: #fff; }
  button[value=cancel] { background: #fff; color: #004b87; }
  small { color: #5a6b7b; }
`;

let styleSource: string | undefined;

/**
 * CSP allows exactly this style sheet (CSP3 hash source) and nothing else: the pages have no script.
 * Hashed when the first page is answered, not when the engine loads: every process and every
 * service worker start imports this module, and most never show a page.
 */
function styleSourceOf(): string {
  styleSource ??= `'sha256-${btoa(String.fromCharCode(...sha256(utf8ToBytes(STYLE))))}'`;
  return styleSource;
}

/** A complete page: works without JavaScript, one form posting back to the same address. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Sandbank</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header>Sandbank <small>sandbox authorisation</small></header>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

export function actions(approveLabel: string): string {
  return `<div class="actions">
<button type="submit" name="action" value="approve">${escapeHtml(approveLabel)}</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>`;
}

export function notice(text: string | null, kind: 'notice' | 'error' = 'error'): string {
  return text === null
    ? ''
    : `<p class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</p>`;
}

/** The hidden field that proves a form post comes from a page the bank showed this browser. */
export function csrfField(token: string): string {
  return `<input type="hidden" name="${CSRF_FIELD}" value="${escapeHtml(token)}">`;
}

/** A CSP source for where a form may end up: the origin of an http(s) URI, the scheme of an app's one. */
function sourceOf(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  return /^[a-z][a-z0-9+.-]*:$/.test(url.protocol) ? url.protocol : null;
}

export interface PageOptions {
  /** `Set-Cookie` for a browser the page just opened a session for. */
  cookie?: string | null;
  /**
   * Where a form of the page may be redirected after it posts (the TPP-Redirect-URI): browsers hold
   * the redirect that follows a form post to the page's `form-action` too.
   */
  redirectUri?: string | null;
}

/**
 * Headers of every answer from the bank's pages: no framing (clickjacking of the approve button), no
 * script, no referrer carrying the link onwards, no copy in any cache.
 */
function pageHeaders(options: PageOptions): Record<string, string> {
  const target = options.redirectUri == null ? null : sourceOf(options.redirectUri);
  const headers: Record<string, string> = {
    'content-security-policy': `default-src 'none'; style-src ${styleSourceOf()}; form-action 'self'${
      target === null ? '' : ` ${target}`
    }; frame-ancestors 'none'; base-uri 'none'`,
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
  if (options.cookie != null) headers['set-cookie'] = options.cookie;
  return headers;
}

/** A bank page as a response; never cached, since each shows one step of one authorisation. */
export function htmlPage(status: number, body: string, options: PageOptions = {}): EngineResponse {
  return html(status, body, pageHeaders(options));
}

/** The end of a page flow: `303 See Other` with the pages' headers (no Referer to the target). */
export function pageRedirect(location: string, options: PageOptions = {}): EngineResponse {
  return { status: 303, headers: headersWith(pageHeaders(options), { location }) };
}

/**
 * A form post the bank cannot match to a page it showed this browser (no session cookie, or a CSRF
 * token that is missing or not this session's): 403, nothing changes, and a way back to the page.
 */
export function staleFormPage(href: string): EngineResponse {
  return htmlPage(
    403,
    page(
      'Form not accepted',
      `${notice(
        'The bank could not match this form to your browser: it was not sent from a page the bank showed you here, or your session with the bank has ended.',
      )}
<p>Open the page again to continue. The bank's pages need cookies for their own address.</p>
<p><a href="${escapeHtml(href)}">Open the page again</a></p>`,
    ),
  );
}
