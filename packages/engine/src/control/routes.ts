import type { Route } from '../core/router.js';
import { ClockChange, changeClock, getClock } from './clock.js';
import { exportState, importState, resetState } from './state.js';

/** The unsigned control plane under `/_sandbank/` (ARCHITECTURE.md, public contract). */
export const controlRoutes: readonly Route[] = [
  { method: 'GET', path: '/clock', service: 'control', operation: getClock, summary: 'The bank clock' },
  {
    method: 'POST',
    path: '/clock',
    service: 'control',
    operation: changeClock,
    body: ClockChange,
    summary: 'Set or advance the bank clock',
  },
  {
    method: 'GET',
    path: '/state',
    service: 'control',
    operation: exportState,
    summary: 'Export the whole state',
  },
  {
    method: 'PUT',
    path: '/state',
    service: 'control',
    operation: importState,
    summary: 'Import a state (validated, all or nothing)',
  },
  {
    method: 'POST',
    path: '/reset',
    service: 'control',
    operation: resetState,
    summary: 'Back to the seeded state',
  },
];
