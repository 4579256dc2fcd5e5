import { readWorkerConfig } from './protocol.js';
import type { ServiceWorkerScope } from './worker-types.js';

declare const self: ServiceWorkerScope;

/** The options the page chose (registerSandbox), as read from the worker script's URL. */
export const config = readWorkerConfig(new URL(self.location.href).searchParams);
