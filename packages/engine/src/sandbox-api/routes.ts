import type { Route } from '../core/router.js';
import { initializeSandbox } from './initialize.js';

/** The sandbox mock-data API (parts 2.7–2.10, 4.2 items 6–12; paths per platform-facts §1). */
export const sandboxRoutes: readonly Route[] = [
  { method: 'POST', path: '/sandbox/initialize', service: 'sandbox', operation: initializeSandbox },
];
