import { namedRoutes, type Operation, type Route } from '../core/router.js';
import { ClockChange, changeClock, getClock } from './clock.js';
import { listHistory, restoreHistory } from './history.js';
import {
  deleteSnapshot,
  getSnapshot,
  listSnapshots,
  restoreSnapshot,
  SnapshotSave,
  saveSnapshot,
} from './snapshots.js';
import { createImportState, ExportQuery, exportState, type ImportCheck, resetState } from './state.js';
import { deregisterTpp, listTpps, registerTpp, TppRegistration } from './tpps.js';

/** The unsigned control plane under `/_sandbank/` (ARCHITECTURE.md, public contract). */
const controlTable = (importState: Operation): readonly Route[] => [
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
    query: ExportQuery,
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
  // Time travel (docs/decisions/time-travel.md).
  {
    method: 'GET',
    path: '/history',
    service: 'control',
    operation: listHistory,
    summary: 'The commits the bank can be restored to before',
  },
  {
    method: 'POST',
    path: '/history/:seq/restore',
    service: 'control',
    operation: restoreHistory,
    summary: "Restore the bank to just before a commit (a request-log entry's `commit`), as one new commit",
  },
  {
    method: 'GET',
    path: '/snapshots',
    service: 'control',
    operation: listSnapshots,
    summary: 'The named snapshots',
  },
  {
    method: 'POST',
    path: '/snapshots',
    service: 'control',
    operation: saveSnapshot,
    body: SnapshotSave,
    summary: 'Save the bank as it is now under a name (replaces a snapshot of that name)',
  },
  {
    method: 'GET',
    path: '/snapshots/:name',
    service: 'control',
    operation: getSnapshot,
    summary: 'One snapshot with its state',
  },
  {
    method: 'POST',
    path: '/snapshots/:name/restore',
    service: 'control',
    operation: restoreSnapshot,
    summary: 'Restore the bank to a snapshot, as one new commit (the snapshots stay)',
  },
  {
    method: 'DELETE',
    path: '/snapshots/:name',
    service: 'control',
    operation: deleteSnapshot,
    summary: 'Delete a snapshot',
  },
];

/**
 * The control plane's routes. `checkImport` is what an imported state must pass beyond the state's
 * schema, from the route table's owner (routes.ts): fault rules that name an operation it has.
 */
export function createControlRoutes(checkImport: ImportCheck): readonly Route[] {
  const importState = createImportState(checkImport);
  // Named by the keys (the request log, OpenAPI operationIds); namedRoutes checks they match the table.
  return namedRoutes(
    {
      changeClock,
      deleteSnapshot,
      deregisterTpp,
      exportState,
      getClock,
      getSnapshot,
      importState,
      listHistory,
      listSnapshots,
      listTpps,
      registerTpp,
      resetState,
      restoreHistory,
      restoreSnapshot,
      saveSnapshot,
    },
    controlTable(importState),
  );
}
