import { createSandbox, type Sandbox, type SandboxOptions } from '../sandbox.js';
import { isSandboxPath } from './paths.js';
import { abortError, normaliseRequest, targetUrl, toRuntimeRequest } from './request.js';

/** What to do with a request the sandbox does not answer (the names and default follow MSW's option). */
export type UnhandledRequestStrategy = 'bypass' | 'warn' | 'error';

export interface InstallSandboxOptions extends SandboxOptions {
  /** Default `warn`: the request goes to the original fetch with a warning. `error` rejects the fetch. */
  onUnhandledRequest?: UnhandledRequestStrategy;
  /**
   * Only requests to this origin are answered. Default: the page's origin where there is a
   * `location` (jsdom, browsers); any origin in Node, where there is none.
   */
  origin?: string;
}

export interface InstalledSandbox {
  /** The engine answering requests now (a new one after `reset()`); its state through `getState()`. */
  readonly sandbox: Sandbox;
  /** Replaces the engine by a freshly seeded one with the same options; returns it. */
  reset(): Sandbox;
  /** Puts the original fetch back. */
  uninstall(): void;
}

type Fetch = typeof globalThis.fetch;

interface NodeProcess {
  getBuiltinModule?: (name: string) => unknown;
}

/**
 * jsdom environments may lack `crypto.subtle`, which request signatures need; Node's WebCrypto
 * stands in. Reached through `process.getBuiltinModule` so bundlers for the browser see no import.
 */
function ensureWebCrypto(): void {
  if (globalThis.crypto?.subtle !== undefined) return;
  const proc = (globalThis as { process?: NodeProcess }).process;
  const nodeCrypto = proc?.getBuiltinModule?.('node:crypto') as { webcrypto?: Crypto } | undefined;
  if (nodeCrypto?.webcrypto === undefined) return;
  Object.defineProperty(globalThis, 'crypto', {
    value: nodeCrypto.webcrypto,
    configurable: true,
    writable: true,
  });
}

function pageLocation(): string | undefined {
  const location = (globalThis as { location?: { href?: string } }).location;
  return typeof location?.href === 'string' && location.href.startsWith('http') ? location.href : undefined;
}

function describe(input: unknown, init: RequestInit | undefined, url: URL | null): string {
  const method = (init?.method ?? (input as { method?: string } | null)?.method ?? 'GET').toUpperCase();
  return `${method} ${url?.href ?? String(input)}`;
}

/**
 * Routes the global `fetch` for the sandbox's base path and `/_sandbank/` to an in-process engine;
 * every other request goes to the original fetch (see `onUnhandledRequest`).
 */
export function installSandbox(options: InstallSandboxOptions = {}): InstalledSandbox {
  const { onUnhandledRequest = 'warn', origin, ...sandboxOptions } = options;
  ensureWebCrypto();
  const original: Fetch = globalThis.fetch;
  let sandbox = createSandbox(sandboxOptions);
  const basePath = sandbox.options.basePath;

  const routed = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const base = pageLocation();
    const url = targetUrl(input, base);
    const wantedOrigin = origin ?? (base === undefined ? undefined : new URL(base).origin);
    const ours =
      url !== null &&
      (wantedOrigin === undefined || url.origin === wantedOrigin) &&
      isSandboxPath(url.pathname, basePath);
    if (!ours) {
      const what = describe(input, init, url);
      if (onUnhandledRequest === 'error') {
        const message =
          `[sandbank] unhandled request: ${what}. It is outside ${basePath} and /_sandbank/, and ` +
          `onUnhandledRequest is 'error'. Answer it elsewhere, or pass onUnhandledRequest: 'bypass'.`;
        console.error(message);
        throw new TypeError(message);
      }
      if (onUnhandledRequest === 'warn') {
        console.warn(
          `[sandbank] ${what} is not a sandbox request; it goes to the network. ` +
            `Pass onUnhandledRequest: 'bypass' to silence this.`,
        );
      }
      return original(input, init);
    }
    const normalised = await normaliseRequest(input, init, url);
    const signal = normalised.signal;
    if (signal?.aborted) throw abortError(signal);
    const answer = sandbox.fetch(toRuntimeRequest(normalised));
    if (signal === null) return answer;
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(abortError(signal));
      signal.addEventListener('abort', onAbort, { once: true });
      answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  };

  globalThis.fetch = routed as Fetch;
  return {
    get sandbox() {
      return sandbox;
    },
    reset() {
      sandbox = createSandbox(sandboxOptions);
      return sandbox;
    },
    uninstall() {
      if (globalThis.fetch === routed) globalThis.fetch = original;
    },
  };
}
