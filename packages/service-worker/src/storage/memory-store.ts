import type { DurableStore, StorageReport } from '@sandbank/engine/storage';

/** A store that keeps nothing: used when IndexedDB cannot be opened. */
function memoryStore(report: StorageReport): DurableStore {
  let memorySeq = 0;
  return {
    report,
    restored: null,
    lastSeq: 0,
    begin: async () => undefined,
    append: async () => {
      memorySeq++;
      return memorySeq;
    },
    compact: async () => undefined,
    quarantined: async () => [],
    clearQuarantine: async () => undefined,
  };
}

/** A memory-only store, reported as not durable with the reason (logged). */
export function memoryOnly(problem: string): DurableStore {
  console.error(`[sandbank] ${problem}`);
  return memoryStore({
    durable: false,
    restored: 'fresh',
    problem,
    snapshotSeq: 0,
    logEntries: 0,
    chunks: 0,
    quarantined: 0,
    restoreMs: { read: 0, verify: 0, fold: 0 },
  });
}
