import type { Route } from '../core/router.js';
import { changeClock, getClock } from './clock.js';
import { exportState, importState, resetState } from './state.js';

/** The unsigned control plane under `/_sandbank/` (ARCHITECTURE.md, public contract). */
export const controlRoutes: readonly Route[] = [
  { method: 'GET', path: '/clock', service: 'control', operation: getClock },
  { method: 'POST', path: '/clock', service: 'control', operation: changeClock },
  { method: 'GET', path: '/state', service: 'control', operation: exportState },
  { method: 'PUT', path: '/state', service: 'control', operation: importState },
  { method: 'POST', path: '/reset', service: 'control', operation: resetState },
];
