// @sandbank/service-worker/docs: an API reference whose Try it runs against the bank in this page's
// service worker (docs/interactive-docs.md). `mountSandbankDocs` registers the worker with
// auto-signing and renders the reference; `mountReference` only renders (the page registered).
// The renderer is Swagger UI (docs/decisions/api-reference.md), loaded on first use: install
// `swagger-ui-dist` beside this package and load its stylesheet (`swagger-ui-dist/swagger-ui.css`).
import { type AutoSignIdentity, SIGN_AS_HEADER } from './auto-sign-options.js';
import { type RegisteredSandbox, type RegisterSandboxOptions, registerSandbox } from './register.js';

export type { AutoSignIdentity } from './auto-sign-options.js';

/** Headers the worker's auto-signing fills in (part 5.1), so Try it need not ask the reader for them. */
const FILLED_BY_SIGNER = new Set(['x-request-id', 'date', 'digest']);

/** Where the SCA redirect brings the PSU back to: this page, with this query flag. */
export const SCA_CALLBACK_FLAG = 'sandbank-sca-callback';

/** What the bank told the TPP after SCA (part 5.3), as the callback page passes it to the reference. */
export interface ScaCallback {
  psuId: string | null;
  psuCorporateId: string | null;
  context: string | null;
  tppSessionId: string | null;
  /** On a failed SCA: `status`, `code`, `message`. */
  error: { status: string | null; code: string | null; message: string | null } | null;
}

export interface MountReferenceOptions {
  /** The element the reference is rendered into. */
  element: HTMLElement;
  /** The TPP identity Try it signs as (default `both`); change it later with `setIdentity`. */
  identity?: AutoSignIdentity;
  /** Where the document is served (default `/_sandbank/openapi.json`). */
  documentUrl?: string;
  /**
   * Open each `scaRedirect` an answer carries in a popup (default true): the PSU signs in there and
   * the bank sends the popup back to this page, which hands the psu-id to the reference.
   */
  followScaRedirects?: boolean;
  /** Told when an SCA in the popup finished (with the psu-id Try it now sends as PSU-ID). */
  onScaCallback?: (callback: ScaCallback) => void;
}

export interface SandbankReference {
  /** The identity Try it signs as from now on. */
  setIdentity(identity: AutoSignIdentity): void;
  identity(): AutoSignIdentity;
  /** The psu-id the last SCA gave, sent as PSU-ID by Try it where the reader left PSU-ID empty. */
  psuId(): string | null;
  unmount(): void;
}

type Json = Record<string, unknown>;

/**
 * The document as Try it should offer it: the headers the worker signs with are optional (it sets
 * them), every other rule as the bank states it.
 */
export function forTryIt(document: Json): Json {
  const copy = structuredClone(document) as { paths?: Record<string, Record<string, Json>> };
  for (const operations of Object.values(copy.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const parameter of (operation.parameters ?? []) as Json[]) {
        if (parameter.in === 'header' && FILLED_BY_SIGNER.has(String(parameter.name).toLowerCase())) {
          parameter.required = false;
        }
      }
    }
  }
  return copy as Json;
}

/** Swagger UI's request, a plain object. */
interface RendererRequest {
  url: string;
  method?: string;
  headers: Record<string, string>;
}

function headerKey(headers: Record<string, string>, name: string): string | undefined {
  return Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase());
}

/** An address on `tpp.example` (RFC 2606), as the document's examples use: never a reader's own. */
function isExampleAddress(value: string | undefined): boolean {
  try {
    return value !== undefined && new URL(value).hostname === 'tpp.example';
  } catch {
    return false;
  }
}

function callbackUrl(): string {
  const url = new URL(location.href);
  url.hash = '';
  url.search = `?${SCA_CALLBACK_FLAG}=1`;
  return url.href;
}

/**
 * On the page the bank redirected the SCA popup to: hands the part 5.3 parameters to the page that
 * opened it and closes the popup. Returns true when this page was such a callback (render nothing).
 */
export function completeScaCallback(): boolean {
  if (typeof location === 'undefined') return false;
  const query = new URLSearchParams(location.search);
  if (!query.has(SCA_CALLBACK_FLAG) || window.opener === null) return false;
  const failed = query.has('code') || query.has('status');
  const callback: ScaCallback = {
    psuId: query.get('psu-id'),
    psuCorporateId: query.get('psu-corporate-id'),
    context: query.get('context'),
    tppSessionId: query.get('tpp-session-id'),
    error: failed
      ? { status: query.get('status'), code: query.get('code'), message: query.get('message') }
      : null,
  };
  (window.opener as Window).postMessage({ type: 'sandbank:sca-callback', callback }, location.origin);
  window.close();
  return true;
}

function scaRedirectOf(body: unknown): string | null {
  const links = (body as { _links?: { scaRedirect?: { href?: unknown } } } | null)?._links;
  const href = links?.scaRedirect?.href;
  return typeof href === 'string' ? href : null;
}

/** What this module uses of Swagger UI's options (swagger-ui-dist ships no types). */
interface RendererOptions {
  domNode: HTMLElement;
  spec: Json;
  deepLinking: boolean;
  tryItOutEnabled: boolean;
  requestInterceptor: (request: RendererRequest) => RendererRequest;
  responseInterceptor: (response: { body?: unknown; obj?: unknown }) => unknown;
}

/**
 * Swagger UI's self-contained bundle (it carries the React it was built for), loaded on first use.
 * The file is UMD: a bundler hands it over as the default export, a plain ESM loader as the module.
 */
async function loadRenderer(): Promise<(options: RendererOptions) => unknown> {
  const loaded = (await import('swagger-ui-dist/swagger-ui-bundle.js')) as { default?: unknown };
  const renderer = typeof loaded.default === 'function' ? loaded.default : (loaded as unknown);
  if (typeof renderer !== 'function')
    throw new Error('[sandbank] swagger-ui-dist did not load: is it installed?');
  return renderer as (options: RendererOptions) => unknown;
}

/** Renders the reference into `element`; Try it requests are signed by the worker as the chosen identity. */
export async function mountReference(options: MountReferenceOptions): Promise<SandbankReference> {
  let identity: AutoSignIdentity = options.identity ?? 'both';
  let psuId: string | null = null;
  const follow = options.followScaRedirects ?? true;
  const response = await fetch(options.documentUrl ?? '/_sandbank/openapi.json');
  if (!response.ok) {
    throw new Error(
      `[sandbank] the OpenAPI document answered ${response.status}: is the worker registered and its control plane on?`,
    );
  }
  const spec = forTryIt((await response.json()) as Json);
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; callback?: ScaCallback } | null;
    if (event.origin !== location.origin || data?.type !== 'sandbank:sca-callback' || !data.callback) return;
    if (data.callback.psuId !== null) psuId = data.callback.psuId;
    options.onScaCallback?.(data.callback);
  };
  window.addEventListener('message', onMessage);
  const SwaggerUI = await loadRenderer();
  SwaggerUI({
    domNode: options.element,
    spec,
    deepLinking: false,
    tryItOutEnabled: true,
    requestInterceptor: (request) => {
      const headers = request.headers;
      headers[SIGN_AS_HEADER] = identity;
      // A fresh X-Request-ID per call: the bank refuses a write that repeats one (replay, 409).
      const requestId = headerKey(headers, 'x-request-id');
      if (requestId !== undefined) delete headers[requestId];
      headers['X-Request-ID'] = crypto.randomUUID();
      // The browser drops Date from fetch; the worker dates the signature with X-Date instead.
      const date = headerKey(headers, 'date');
      if (date !== undefined) delete headers[date];
      // The SCA comes back to this page, which hands the psu-id to the next Try it (part 5.3).
      // Absent, or the document's example (the reserved tpp.example): part 5.2 rule 2 sends it on every call.
      const redirect = headerKey(headers, 'tpp-redirect-uri');
      if (follow && (redirect === undefined || isExampleAddress(headers[redirect]))) {
        if (redirect !== undefined) delete headers[redirect];
        headers['TPP-Redirect-URI'] = callbackUrl();
      }
      if (psuId !== null && headerKey(headers, 'psu-id') === undefined) {
        headers['PSU-ID'] = psuId;
      }
      return request;
    },
    responseInterceptor: (answer) => {
      const href = scaRedirectOf(answer.obj ?? answer.body);
      if (follow && href !== null) window.open(href, 'sandbank-sca', 'popup,width=520,height=720');
      return answer;
    },
  });
  return {
    setIdentity(next) {
      identity = next;
    },
    identity: () => identity,
    psuId: () => psuId,
    unmount() {
      window.removeEventListener('message', onMessage);
      options.element.replaceChildren();
    },
  };
}

export interface MountSandbankDocsOptions
  extends Omit<MountReferenceOptions, 'element'>,
    Omit<RegisterSandboxOptions, 'autoSign' | 'profile'> {
  /** The element, or a CSS selector for it. */
  element: HTMLElement | string;
}

/**
 * Registers the worker with auto-signing (sandbox profile) and renders the reference into `element`:
 * all a docs site needs for a Try it that reaches a live bank in the page.
 */
export async function mountSandbankDocs(
  options: MountSandbankDocsOptions,
): Promise<SandbankReference & { sandbox: RegisteredSandbox }> {
  if (completeScaCallback()) return new Promise(() => undefined);
  const element =
    typeof options.element === 'string'
      ? document.querySelector<HTMLElement>(options.element)
      : options.element;
  if (element === null) throw new Error(`[sandbank] no element matches ${String(options.element)}`);
  const { identity, documentUrl, followScaRedirects, onScaCallback, element: _, ...registration } = options;
  const sandbox = await registerSandbox({ ...registration, autoSign: identity ?? 'both', fallback: false });
  const reference = await mountReference({
    element,
    ...(identity === undefined ? {} : { identity }),
    ...(documentUrl === undefined ? {} : { documentUrl }),
    ...(followScaRedirects === undefined ? {} : { followScaRedirects }),
    ...(onScaCallback === undefined ? {} : { onScaCallback }),
  });
  return { ...reference, sandbox };
}
