import { isSandboxPath } from '@sandbank/engine';
import type { WorkerReply } from './protocol.js';
import { type BegunRead, beginRead, DATABASE_NAME } from './storage/indexeddb.js';
import { VERSION } from './version.js';
import { config } from './worker-config.js';
import type { ServiceWorkerScope } from './worker-types.js';

// The worker script's entry: its listeners, and the start of a woken worker's restore. The engine
// (runtime.ts) is evaluated after that start (docs/decisions/durable-state.md, "Restarts").

declare const self: ServiceWorkerScope;

/**
 * A worker that wakes already activated (stopped, then woken by a request) begins reading its stored
 * records at once: the database opened, the snapshot read, and every ledger chunk asked for. Never
 * while installing: the worker before it keeps answering and writing until this one takes over, so
 * an installing worker reads the records when it activates.
 */
const begun: BegunRead | null = self.serviceWorker?.state === 'activated' ? beginRead(DATABASE_NAME) : null;

let loading: Promise<typeof import('./runtime.js')> | null = null;

/**
 * The engine's module, evaluated (about 20 ms: zod's schemas, pkijs' classes, the routes) once the
 * chunks are asked for, so that IndexedDB delivers them meanwhile rather than after. The worker's
 * build keeps that module's code in a function until then (bundle.ts).
 */
function engine(): Promise<typeof import('./runtime.js')> {
  loading ??= (begun?.records ?? Promise.resolve()).catch(() => undefined).then(() => import('./runtime.js'));
  return loading;
}

self.addEventListener('install', (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([self.clients.claim(), engine().then(({ runtime }) => runtime(begun))]));
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  // Bypass rules: other origins and every path outside the sandbox go to the network untouched.
  if (url.origin !== self.location.origin) return;
  if (!isSandboxPath(url.pathname, config.basePath)) return;
  event.respondWith(engine().then(({ respond }) => respond(event.request, url, begun)));
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  const port = event.ports[0];
  if (port === undefined || data === null || typeof data !== 'object') return;
  if (data.type === 'sandbank:version') {
    const reply: WorkerReply = { type: 'sandbank:version', version: VERSION, basePath: config.basePath };
    port.postMessage(reply);
  } else if (data.type === 'sandbank:claim') {
    event.waitUntil(
      self.clients.claim().then(() => {
        const reply: WorkerReply = { type: 'sandbank:claim', claimed: true };
        port.postMessage(reply);
      }),
    );
  }
});
