import { NOW } from '@sandbank/test-support/payments';
import type { State } from '../../src/index.js';
import { type Restored, restore } from '../../src/storage/restore.js';
import { snapshotRecords } from '../../src/storage/snapshot.js';

/** A state as a store keeps it (its snapshot record and its ledger chunks), for `restore` to read back. */
export async function storedSnapshot(state: unknown) {
  const { record, chunks } = await snapshotRecords({ seq: 0, state: state as State }, new WeakMap(), NOW);
  const records = new Map(chunks.map(({ key, utf8 }) => [key, { key, ...(utf8 && { utf8 }) }]));
  return { snapshot: record as unknown, load: async (key: string) => records.get(key) };
}

/** What `restore` makes of stored records; throws when it restores nothing or finds a problem. */
export async function restored(...args: Parameters<typeof restore>): Promise<Restored> {
  const outcome = await restore(...args);
  if (outcome === null || 'problem' in outcome) throw new Error(`not restored: ${JSON.stringify(outcome)}`);
  return outcome;
}
