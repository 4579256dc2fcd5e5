import { NOW } from '@sandbank/test-support/payments';
import type { State } from '../../src/index.js';
import { snapshotRecords } from '../../src/storage/snapshot.js';

/** A state as a store keeps it (its snapshot record and its ledger chunks), for `restore` to read back. */
export async function storedSnapshot(state: unknown) {
  const { record, chunks } = await snapshotRecords({ seq: 0, state: state as State }, new WeakMap(), NOW);
  const records = new Map(chunks.map(({ key, utf8 }) => [key, { key, ...(utf8 && { utf8 }) }]));
  return { snapshot: record as unknown, load: async (key: string) => records.get(key) };
}
