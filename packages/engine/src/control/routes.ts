import { namedRoutes, type Route } from '../core/router.js';
import { ClockChange, changeClock, getClock } from './clock.js';
import { exportState, importState, resetState } from './state.js';
import { deregisterTpp, listTpps, registerTpp, TppRegistration } from './tpps.js';

/** The unsigned control plane under `/_sandbank/` (ARCHITECTURE.md, public contract). */
const controlTable: readonly Route[] = [
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
  { method: 'GET', path: '/tpps', service: 'control', operation: listTpps, summary: 'The TPP register' },
  {
    method: 'POST',
    path: '/tpps',
    service: 'control',
    operation: registerTpp,
    body: TppRegistration,
    summary: 'Register a TPP (the production profile checks every signed request against it)',
  },
  {
    method: 'DELETE',
    path: '/tpps/:organisationId',
    service: 'control',
    operation: deregisterTpp,
    summary: 'Remove a TPP from the register',
  },
];

// Named by the keys (the request log, OpenAPI operationIds); namedRoutes checks they match the table.
export const controlRoutes = namedRoutes(
  { changeClock, deregisterTpp, exportState, getClock, importState, listTpps, registerTpp, resetState },
  controlTable,
);
