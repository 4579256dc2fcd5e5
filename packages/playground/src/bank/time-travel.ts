import type { RequestLogEntry } from '@sandbank/engine';

/** The control-plane routes of time travel (docs/decisions/time-travel.md); the engine does the work. */
export const timeTravel = {
  restoreBefore: (commit: number) => ({
    method: 'POST' as const,
    path: `/_sandbank/history/${commit}/restore`,
  }),
  listSnapshots: () => ({ method: 'GET' as const, path: '/_sandbank/snapshots' }),
  saveSnapshot: (name: string) => ({
    method: 'POST' as const,
    path: '/_sandbank/snapshots',
    body: { name },
  }),
  restoreSnapshot: (name: string) => ({
    method: 'POST' as const,
    path: `/_sandbank/snapshots/${encodeURIComponent(name)}/restore`,
  }),
  deleteSnapshot: (name: string) => ({
    method: 'DELETE' as const,
    path: `/_sandbank/snapshots/${encodeURIComponent(name)}`,
  }),
};

/** A request that moved the bank back in time: a history restore or a snapshot restore that succeeded. */
export function restoreOf(entry: RequestLogEntry): { label: string; undone: number[] } | null {
  if (entry.status !== 200) return null;
  const body = entry.responseBody as {
    restoredToBefore?: number;
    undone?: number[];
    restored?: string;
  } | null;
  if (entry.operation === 'restoreHistory' && typeof body?.restoredToBefore === 'number') {
    return { label: `restored to before commit ${body.restoredToBefore}`, undone: body.undone ?? [] };
  }
  if (entry.operation === 'restoreSnapshot' && typeof body?.restored === 'string') {
    return { label: `restored snapshot "${body.restored}"`, undone: [] };
  }
  return null;
}

/** The commits undone by a later restore in the log: their rows are marked. */
export function undoneCommits(entries: readonly RequestLogEntry[]): ReadonlySet<number> {
  const undone = new Set<number>();
  for (const entry of entries) for (const seq of restoreOf(entry)?.undone ?? []) undone.add(seq);
  return undone;
}
