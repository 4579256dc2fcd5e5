import {
  apiError,
  createMemoryCookieJar,
  createSandbox,
  isControlPath,
  pageControlRefusal,
  type Sandbox,
  type SandboxOptions,
  toErrorWebResponse,
} from '@sandbank/engine';
import { createRestoredSandbox } from '@sandbank/engine/internal';
import { autoSigned } from './auto-sign.js';
import { openCookieJar } from './cookie-jar.js';
import { loadOpenApiDocument } from './openapi-document.js';
import { CHANNEL_NAME, type SandbankEvent } from './protocol.js';
import { type DurableStore, memoryOnly, openStore } from './storage/index.js';
import type { BegunRead } from './storage/indexeddb.js';
import { VERSION } from './version.js';
import { config } from './worker-config.js';
import type { ServiceWorkerScope } from './worker-types.js';

// The worker's engine and what it answers with. worker.ts, the script's entry, evaluates this module
// once a woken worker has begun reading its stored records (docs/decisions/durable-state.md, "Restarts").

declare const self: ServiceWorkerScope;
const STORAGE_PATH = '/_sandbank/storage';
const OPENAPI_PATH = '/_sandbank/openapi.json';

interface Runtime {
  sandbox: Sandbox;
  store: DurableStore;
}

/** The engine options the page chose (registerSandbox), as read from the script URL. */
function engineOptions(): SandboxOptions {
  return {
    profile: config.profile,
    basePath: config.basePath,
    controlPlane: config.controlPlane,
    signatures: config.signatures,
    signResponses: config.signResponses,
    clockSkew: config.clockSkew,
    acceptFixDefaults: config.acceptFixDefaults,
    ...(config.seed === undefined ? {} : { seed: config.seed }),
    ...(config.registeredTpps === undefined ? {} : { registeredTpps: config.registeredTpps }),
    ...(config.maxBodyBytes === undefined ? {} : { maxBodyBytes: config.maxBodyBytes }),
  };
}

function broadcast(channel: BroadcastChannel | null, event: SandbankEvent): void {
  try {
    channel?.postMessage(event);
  } catch (error) {
    console.error('[sandbank] broadcasting an event failed', error);
  }
}

/**
 * Events wait until the worker has nothing more urgent to do: postMessage clones synchronously (a
 * request entry holds whole bodies), and run at once it would hold up the streaming of the response
 * it describes. A background-priority task (the Prioritized Task Scheduling API, where the browser
 * has it) runs after that; events keep their order.
 */
const queued: SandbankEvent[] = [];
function afterResponses(task: () => void): void {
  const scheduler = (
    self as { scheduler?: { postTask?(task: () => void, options: { priority: string }): unknown } }
  ).scheduler;
  if (typeof scheduler?.postTask === 'function') scheduler.postTask(task, { priority: 'background' });
  else setTimeout(task, 0);
}

async function start(begun: BegunRead | null): Promise<Runtime> {
  const [store, cookieJar] = await Promise.all([
    openStore(
      {
        compactEvery: config.compactEvery,
        ...(config.compactIdleMs === undefined ? {} : { compactIdleMs: config.compactIdleMs }),
      },
      begun,
    ),
    openCookieJar(self.location.origin),
  ]);
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  // The log's number, not the engine's counter: it keeps rising across worker restarts.
  let logSeq = store.lastSeq;
  // Its stored state was checked as the store read it back (ledgers when first read).
  const sandbox = createRestoredSandbox({
    ...engineOptions(),
    cookieJar,
    ...(store.restored === null ? {} : { initialState: store.restored }),
    // Commit numbers go on from the stored log, so a restore target never names two commits.
    firstSeq: store.lastSeq,
    // The response waits for IndexedDB: a worker stopped right after answering loses nothing.
    persist: async (commit) => {
      logSeq = await store.append(commit.patches, commit.state);
    },
  });
  if (store.restored === null) {
    try {
      await store.begin(sandbox.getState());
    } catch (error) {
      console.error('[sandbank] storing the seeded state failed', error);
    }
  }
  sandbox.subscribe((event) => {
    const message: SandbankEvent =
      event.type === 'commit'
        ? { type: 'state-change', seq: logSeq, patches: event.commit.patches }
        : { type: 'request', entry: event.entry };
    queued.push(message);
    if (queued.length === 1)
      afterResponses(() => {
        for (const event of queued.splice(0)) broadcast(channel, event);
      });
  });
  broadcast(channel, { type: 'storage', report: store.report });
  return { sandbox, store };
}

let ready: Promise<Runtime> | null = null;

/**
 * The sandbox, restored on first use or at activation, never while installing: an installing worker
 * runs beside the old one, which keeps answering (and writing) until the new one takes over.
 * Starting never fails: openStore falls back to memory and to the seed on its own, and anything
 * else still leaves a working, memory-only sandbox. `begun`: the stored records' reading, if the
 * worker began it as it woke (worker.ts); the first call's is the one used.
 */
export function runtime(begun: BegunRead | null): Promise<Runtime> {
  ready ??= start(begun).catch(
    (error: unknown): Runtime => ({
      sandbox: createSandbox({ ...engineOptions(), cookieJar: createMemoryCookieJar() }),
      store: memoryOnly(
        `the worker could not start with its stored state (${String(error)}); it runs from the seed in memory`,
      ),
    }),
  );
  return ready;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** `/_sandbank/storage`: what the restore found; `/quarantine` exports (GET) or drops (DELETE) the kept-aside data. */
async function storageEndpoint(request: Request, path: string, runtime: Runtime): Promise<Response> {
  if (path === STORAGE_PATH && request.method === 'GET') {
    return json(200, { version: VERSION, ...runtime.store.report });
  }
  if (path === `${STORAGE_PATH}/quarantine`) {
    if (request.method === 'GET') return json(200, { quarantined: await runtime.store.quarantined() });
    if (request.method === 'DELETE') {
      await runtime.store.clearQuarantine();
      return new Response(null, { status: 204 });
    }
  }
  const allow = path === `${STORAGE_PATH}/quarantine` ? 'GET, DELETE' : 'GET';
  // part 7 rule 1: the engine's code for a method a path does not take (docs/errors.md).
  return toErrorWebResponse(
    apiError('BAD_REQUEST', `${request.method} is not allowed here; allowed: ${allow}`, {
      status: 405,
      headers: { allow },
    }),
  );
}

/**
 * The response with its body as a stream. Chromium hands a service worker's string or bytes body to
 * the page as a blob (registered with the browser process first), and a stream through a data pipe:
 * on this project's machine the stream saves about 0.6 ms per request (docs/benchmarks.md).
 */
function streamed(response: Response): Response {
  if (response.body === null) return response;
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

async function answer(request: Request, url: URL, begun: BegunRead | null): Promise<Response> {
  // Only this app's own pages own the control plane (docs/security.md, threat model).
  const refusal = isControlPath(url.pathname) ? pageControlRefusal(request, self.location.origin) : null;
  if (refusal !== null) return toErrorWebResponse(refusal);
  const current = await runtime(begun);
  if (url.pathname === STORAGE_PATH || url.pathname.startsWith(`${STORAGE_PATH}/`)) {
    return storageEndpoint(request, url.pathname, current);
  }
  // The engine answers it synchronously, from the file beside this script (openapi-document.ts).
  if (url.pathname === OPENAPI_PATH) await loadOpenApiDocument(self.location.href);
  const signed =
    config.autoSign === undefined
      ? request
      : await autoSigned(request, config.basePath, config.autoSign, current.sandbox.now());
  return streamed(await current.sandbox.fetch(signed));
}

/**
 * The answer to a request for the sandbox. Never a rejection, which respondWith would make a network
 * error: an engine bug is a 500 SYSTEM_ERROR.
 */
export function respond(request: Request, url: URL, begun: BegunRead | null): Promise<Response> {
  return answer(request, url, begun).catch((error: unknown) =>
    toErrorWebResponse(error, request.headers.get('x-request-id') ?? undefined),
  );
}
