import type { FaultControls, Profile } from '@sandbank/engine';
import { type AutoSignIdentity, autoSignRefusal } from './auto-sign-options.js';
import {
  CHANNEL_NAME,
  type RegisteredTpps,
  type SandbankEvent,
  type WorkerReply,
  writeWorkerConfig,
} from './protocol.js';
import { VERSION } from './version.js';

export interface RegisterSandboxOptions {
  /** Where the worker script is served (default `/sandbank-sw.js`; `sandbank-sw init` copies it there). */
  url?: string;
  /** The worker's scope (default `/`): the pages it controls. */
  scope?: string;
  profile?: Profile;
  basePath?: string;
  seed?: string;
  controlPlane?: boolean;
  /** part 5.1: every `/v1` request must be signed (`required`, the default) or nothing is checked (`off`). */
  signatures?: 'required' | 'off';
  /** part 5.1 rule 10: sign every response with the bank's key (default false). */
  signResponses?: boolean;
  /**
   * part 5.1 rule 1: `bank-or-source` (default) accepts a signed date within 60 s of the bank clock or
   * of the real time, so the page's requests keep passing after the bank clock is moved; `bank-only`
   * checks the bank clock alone (docs/security.md).
   */
  clockSkew?: 'bank-or-source' | 'bank-only';
  /**
   * part 9: `bank-clock` (default) makes each x-accept-fix fix the default from its date on the bank
   * clock; `legacy` keeps every fix opt-in, as the platform's recorded traffic answers.
   */
  acceptFixDefaults?: 'bank-clock' | 'legacy';
  /** TPPs in the bank's register from the start (the production profile accepts only these). */
  registeredTpps?: RegisteredTpps;
  /** Largest accepted request body in bytes (default 1 MiB), e.g. to import a big state. */
  maxBodyBytes?: number;
  /** Without service workers (jsdom, old browsers, insecure pages) answer from an in-page engine (default true). */
  fallback?: boolean;
  /** Fold the worker's change log into a snapshot after this many changes (default 100). */
  compactEvery?: number;
  /** How long a pause in the writes the worker waits for before compacting (default 200 ms). */
  compactIdleMs?: number;
  /** How long to wait for the worker to take control (default 10 s). */
  timeoutMs?: number;
  /**
   * Sign `/v1` requests that carry no Signature inside the worker, as this preset TPP of the TPP kit
   * (a request may pick another with `X-Sandbank-Sign-As`); the request log says "signed by the
   * sandbox for you". For docs pages and prototypes; refused in the production profile.
   */
  autoSign?: AutoSignIdentity;
}

/**
 * `faults` and `scenario` (docs/faults.md): the bank's fault rules through its control plane at
 * `/_sandbank/`, the same methods as createSandbox's and installSandbox's.
 */
export interface RegisteredSandbox extends FaultControls {
  /** `service-worker` when the worker controls the page; `in-page` when the fallback answers. */
  mode: 'service-worker' | 'in-page';
  registration: ServiceWorkerRegistration | null;
  /** The worker script's version (the library's in the in-page mode). */
  workerVersion: string;
  /** State changes and the request log, from whichever tab made them. */
  subscribe(listener: (event: SandbankEvent) => void): () => void;
  /** Unregisters the worker (or uninstalls the in-page engine). */
  unregister(): Promise<void>;
}

const RELOAD_FLAG = 'sandbank:reloaded-for-control';

/**
 * The fault API over the page's own fetch, which the worker answers. The client code comes with the
 * engine's module, loaded on first use only, so pages that never use faults do not download it.
 */
function pageFaultControls(): FaultControls {
  let loaded: Promise<FaultControls> | null = null;
  const controls = () => {
    loaded ??= import('@sandbank/engine').then(({ faultControls }) =>
      faultControls(
        (request) => fetch(request),
        () => `${location.origin}/_sandbank`,
      ),
    );
    return loaded;
  };
  return {
    faults: {
      add: async (rule) => (await controls()).faults.add(rule),
      list: async () => (await controls()).faults.list(),
      remove: async (id) => (await controls()).faults.remove(id),
      clear: async () => (await controls()).faults.clear(),
    },
    scenario: async (name) => (await controls()).scenario(name),
  };
}

const HOW_TO_SERVE =
  'Serve the worker script at the site root: add the Vite plugin (sandbankServiceWorker() from @sandbank/service-worker/vite), ' +
  'or run `npx sandbank-sw init <publicDir>` (the same as `npx sandbank init <publicDir>`) to copy it into the folder your ' +
  'framework serves as is (public/ for Vite, Next.js and Create React App, static/ for SvelteKit), or pass registerSandbox({ url }) where it is served.';

/**
 * What the server answers at the worker's URL, when that explains a failed registration: nothing (an
 * error status) or an HTML page (an SPA fallback answering every unknown path with index.html).
 */
async function describeServedScript(url: URL): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(url.href, { cache: 'no-store', credentials: 'same-origin' });
  } catch {
    return null;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok) {
    return `Nothing is served at ${url.pathname}: the server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`;
  }
  const start = (await response.text().catch(() => '')).trimStart().slice(0, 200);
  if (/html/i.test(type) || /^<(!doctype|html|head|body)/i.test(start)) {
    return `The server answered ${url.pathname} with an HTML page (content-type ${type || 'none'}), not the worker script: the file is missing and an SPA fallback served the app's index.html in its place.`;
  }
  if (!/javascript|ecmascript/i.test(type)) {
    return `The server sends ${url.pathname} as ${type || 'no content type'}; a service worker must be served as text/javascript.`;
  }
  return null;
}

function channelSubscribe(listener: (event: SandbankEvent) => void): () => void {
  if (typeof BroadcastChannel !== 'function') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (message: MessageEvent) => listener(message.data as SandbankEvent);
  return () => channel.close();
}

/** The options that configure the engine, whether it runs in the worker or in the page. */
const ENGINE_OPTIONS = [
  'profile',
  'basePath',
  'seed',
  'controlPlane',
  'signatures',
  'signResponses',
  'clockSkew',
  'acceptFixDefaults',
  'registeredTpps',
  'maxBodyBytes',
] as const;

/** What the worker reads from its script URL: the engine's options and the worker's own. */
const WORKER_OPTIONS = [...ENGINE_OPTIONS, 'compactEvery', 'compactIdleMs', 'autoSign'] as const;

/**
 * The `keys` the page set, and only those: an option left unset stays absent (not `undefined`), so the
 * engine's and the worker's own defaults apply.
 */
function setOptions<K extends keyof RegisterSandboxOptions>(
  options: RegisterSandboxOptions,
  keys: readonly K[],
): Pick<RegisterSandboxOptions, K> {
  const set: Partial<Pick<RegisterSandboxOptions, K>> = {};
  for (const key of keys) if (options[key] !== undefined) set[key] = options[key];
  return set as Pick<RegisterSandboxOptions, K>;
}

async function inPage(options: RegisterSandboxOptions, why: string | null): Promise<RegisteredSandbox> {
  if (why !== null) console.warn(`[sandbank] ${why} Requests are answered by an in-page engine instead.`);
  if (options.autoSign !== undefined) {
    console.warn(
      '[sandbank] autoSign works in the service worker only: the in-page engine needs signed requests.',
    );
  }
  // Loaded only here, so pages with a worker do not download the engine.
  const { installSandbox } = await import('@sandbank/engine/testing');
  const installed = installSandbox({
    onUnhandledRequest: 'bypass',
    ...setOptions(options, ENGINE_OPTIONS),
  });
  return {
    mode: 'in-page',
    registration: null,
    workerVersion: VERSION,
    faults: installed.faults,
    scenario: (name) => installed.scenario(name),
    subscribe(listener) {
      return installed.sandbox.subscribe((event) => {
        listener(
          event.type === 'commit'
            ? { type: 'state-change', seq: event.commit.seq, patches: event.commit.patches }
            : { type: 'request', entry: event.entry },
        );
      });
    },
    async unregister() {
      installed.uninstall();
    },
  };
}

function ask(
  worker: ServiceWorker,
  message: { type: string },
  timeoutMs: number,
): Promise<WorkerReply | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), timeoutMs);
    channel.port1.onmessage = (event: MessageEvent) => {
      clearTimeout(timer);
      resolve(event.data as WorkerReply);
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/** Resolves true once the page is controlled by the worker with this script URL. */
function waitForController(
  container: ServiceWorkerContainer,
  scriptURL: string,
  timeoutMs: number,
): Promise<boolean> {
  const ours = () => container.controller?.scriptURL === scriptURL;
  if (ours()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (result: boolean) => {
      clearTimeout(timer);
      container.removeEventListener('controllerchange', check);
      resolve(result);
    };
    const check = () => {
      if (ours()) done(true);
    };
    const timer = setTimeout(() => done(ours()), timeoutMs);
    container.addEventListener('controllerchange', check);
  });
}

/** The worker this registration ends up with: a newly installing one (changed script or options) wins. */
function newestWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  const incoming = registration.installing ?? registration.waiting;
  if (incoming === null) {
    if (registration.active !== null) return Promise.resolve(registration.active);
    return Promise.reject(new Error('[sandbank] the worker registered but never became active'));
  }
  return new Promise((resolve, reject) => {
    const check = () => {
      if (incoming.state === 'activated') resolve(incoming);
      if (incoming.state === 'redundant') {
        reject(new Error('[sandbank] the worker failed to install: see the worker console for its error'));
      }
    };
    incoming.addEventListener('statechange', check);
    check();
  });
}

/**
 * Registers the Sandbank worker and resolves once it controls this page, so the page's next
 * `fetch('/v1/...')` is answered by the sandbox.
 */
export async function registerSandbox(options: RegisterSandboxOptions = {}): Promise<RegisteredSandbox> {
  const fallback = options.fallback ?? true;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const refusal = autoSignRefusal(options.profile, options.autoSign);
  if (refusal !== null) throw new Error(`[sandbank] ${refusal}`);
  // Browsers hide service workers from insecure pages, so that reason is checked first.
  const unavailable =
    typeof isSecureContext === 'boolean' && !isSecureContext
      ? `${location.origin} is not a secure context, so the browser offers no service workers: serve the app over https:// or from http://localhost (not an IP address or another host name).`
      : typeof navigator === 'undefined' || !('serviceWorker' in navigator)
        ? 'This environment has no service workers (jsdom, an old browser, or a private window that disables them).'
        : null;
  if (unavailable !== null) {
    if (fallback) return inPage(options, unavailable);
    throw new Error(`[sandbank] ${unavailable}`);
  }

  const container = navigator.serviceWorker;
  const scriptUrl = new URL(options.url ?? '/sandbank-sw.js', location.href);
  const search = writeWorkerConfig(setOptions(options, WORKER_OPTIONS));
  scriptUrl.search = search.toString();
  const scope = new URL(options.scope ?? '/', location.href);
  if (!location.href.startsWith(scope.href)) {
    // A worker never controls a page outside its scope, so waiting for control would hang.
    throw new Error(
      `[sandbank] this page (${location.pathname}) is outside the worker's scope ${scope.pathname}, so the worker can never answer its requests. Register with a scope that contains the page, e.g. scope: '/'.`,
    );
  }

  let registration: ServiceWorkerRegistration;
  try {
    registration = await container.register(scriptUrl.href, {
      scope: scope.href,
      updateViaCache: 'none',
    });
  } catch (error) {
    const reason = (error as Error).message;
    // The browser's reasons mention the scope even when the script is simply not there (a 404, or an
    // SPA fallback answering with index.html): look at what the server sends before blaming the scope.
    const served = await describeServedScript(scriptUrl);
    const hint =
      served !== null
        ? ` ${served} ${HOW_TO_SERVE}`
        : reason.includes('scope') && !/MIME type|HTTP response code/i.test(reason)
          ? ` A worker served from ${scriptUrl.pathname} may only control pages under its own folder: serve it from the site root (sandbank-sw init <publicDir>) or send the header Service-Worker-Allowed: ${scope.pathname}.`
          : ` Is the worker script served at ${scriptUrl.pathname}? ${HOW_TO_SERVE}`;
    throw new Error(`[sandbank] registering the worker failed: ${reason}.${hint}`);
  }

  const worker = await newestWorker(registration);
  if (container.controller?.scriptURL !== worker.scriptURL) {
    // A hard reload (shift-reload) loads the page without its worker, and a page opened before an
    // update is controlled by the old one: ask this worker to claim the page.
    await ask(worker, { type: 'sandbank:claim' }, timeoutMs);
  }
  const controlled = await waitForController(container, worker.scriptURL, timeoutMs);
  if (!controlled) {
    if (typeof sessionStorage !== 'undefined' && sessionStorage.getItem(RELOAD_FLAG) === null) {
      sessionStorage.setItem(RELOAD_FLAG, '1');
      location.reload();
      return new Promise<never>(() => undefined);
    }
    throw new Error(
      `[sandbank] the worker is active but does not control this page after ${timeoutMs} ms (even after a reload). Check the scope (${scope.pathname}) and that no other service worker claims it.`,
    );
  }
  if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(RELOAD_FLAG);

  const controller = container.controller ?? worker;
  const reply = await ask(controller, { type: 'sandbank:version' }, Math.min(timeoutMs, 3_000));
  const workerVersion = reply?.type === 'sandbank:version' ? reply.version : 'unknown';
  if (workerVersion !== VERSION) {
    console.warn(
      `[sandbank] the worker script at ${scriptUrl.pathname} is version ${workerVersion}, this library is ${VERSION}. Copy the current one with \`sandbank-sw init <publicDir>\` (or use the Vite plugin); the browser will update it on the next load.`,
    );
    registration.update().catch(() => undefined);
  }

  return {
    mode: 'service-worker',
    registration,
    workerVersion,
    ...pageFaultControls(),
    subscribe: channelSubscribe,
    async unregister() {
      await registration.unregister();
    },
  };
}
