import { forgetSigningClock } from '../core/signing-clock.js';
import type { FaultControls } from '../faults/client.js';
import { isSandboxPath } from '../gateway/paths.js';
import { createSandbox, type SandboxOptions, type SandboxWithFaults } from '../sandbox.js';
import { NODE_ORIGIN, pageLocation } from './paths.js';
import { relativeRequestClass } from './relative-request.js';
import { abortError, normaliseRequest, targetUrl, toRuntimeRequest } from './request.js';

/** What to do with a request the sandbox does not answer (the names and default follow MSW's option). */
export type UnhandledRequestStrategy = 'bypass' | 'warn' | 'error';

export interface InstallSandboxOptions extends SandboxOptions {
  /** Default `warn`: the request goes to the original fetch with a warning. `error` rejects the fetch. */
  onUnhandledRequest?: UnhandledRequestStrategy;
  /**
   * Only requests to this origin are answered. Default: the page's origin where there is a
   * `location` (jsdom, browsers); any origin in Node, where there is none. In Node, relative URLs
   * (`fetch('/v1/...')`, `new Request('/v1/...')`) resolve against it (default `http://localhost`).
   */
  origin?: string;
}

export interface InstalledSandbox extends FaultControls {
  /** The engine answering requests now (a new one after `reset()`); its state through `getState()`. */
  readonly sandbox: SandboxWithFaults;
  /** Replaces the engine by a freshly seeded one with the same options (no fault rules); returns it. */
  reset(): SandboxWithFaults;
  /** Puts the original fetch and Request back. */
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

function describe(input: unknown, init: RequestInit | undefined, url: URL | null): string {
  const method = (init?.method ?? (input as { method?: string } | null)?.method ?? 'GET').toUpperCase();
  return `${method} ${url?.href ?? String(input)}`;
}

/**
 * Routes the global `fetch` for the sandbox's base path and `/_sandbank/` to an in-process engine;
 * every other request goes to the original fetch (see `onUnhandledRequest`). While installed,
 * relative URLs work as in a page: `fetch` and `Request` resolve them against the page's location
 * (jsdom), or against `origin` (default `http://localhost`) in Node.
 */
export function installSandbox(options: InstallSandboxOptions = {}): InstalledSandbox {
  const { onUnhandledRequest = 'warn', origin, ...sandboxOptions } = options;
  ensureWebCrypto();
  const original: Fetch = globalThis.fetch;
  const OriginalRequest = globalThis.Request;
  let sandbox = createSandbox(sandboxOptions);
  const basePath = sandbox.options.basePath;
  const relativeBase = () => pageLocation() ?? origin ?? NODE_ORIGIN;
  const RelativeRequest = relativeRequestClass(OriginalRequest, relativeBase);

  const routed = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const page = pageLocation();
    const url = targetUrl(input, relativeBase());
    const wantedOrigin = origin ?? (page === undefined ? undefined : new URL(page).origin);
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
    // An injected network failure (Response.error()) rejects, as fetch does when the network fails.
    const answer = sandbox.fetch(toRuntimeRequest(normalised)).then((response) => {
      if (response.type !== 'error') return response;
      throw new TypeError('Failed to fetch: a network failure injected by a fault rule (docs/faults.md)');
    });
    if (signal === null) return answer;
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(abortError(signal));
      signal.addEventListener('abort', onAbort, { once: true });
      answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  };

  globalThis.fetch = routed as Fetch;
  globalThis.Request = RelativeRequest;
  return {
    get sandbox() {
      return sandbox;
    },
    reset() {
      sandbox = createSandbox(sandboxOptions);
      return sandbox;
    },
    // Fault rules of the engine answering now (docs/faults.md); reset() starts without any.
    faults: {
      add: (rule) => sandbox.faults.add(rule),
      list: () => sandbox.faults.list(),
      remove: (id) => sandbox.faults.remove(id),
      clear: () => sandbox.faults.clear(),
    },
    scenario: (name) => sandbox.scenario(name),
    uninstall() {
      if (globalThis.fetch === routed) globalThis.fetch = original;
      if (globalThis.Request === RelativeRequest) globalThis.Request = OriginalRequest;
      if (sandboxOptions.now !== undefined) forgetSigningClock(sandboxOptions.now);
    },
  };
}
