import { createHash } from 'node:crypto';
import { type Patch, produceWithPatches } from 'immer';
import { describe, expect, test } from 'vitest';
import { createSandbox, STATE_VERSION, type State, type Transaction } from '../../src/index.js';
import { chunkText } from '../../src/storage/chunk-text.js';
import { type ChunkRecord, type LogRecord, STORAGE_SCHEMA } from '../../src/storage/records.js';
import { type Restored, restore, restoreLazily } from '../../src/storage/restore.js';
import { snapshotRecords } from '../../src/storage/snapshot.js';

// The restore as a function of plain records: no IndexedDB anywhere in this file.

const NOW = Date.parse('2026-03-02T10:00:00Z');

/** The first account with transactions in the state. */
function ledgerOf(state: State): string {
  const account = Object.keys(state.transactions).find((id) => (state.transactions[id]?.length ?? 0) > 0);
  if (account === undefined) throw new Error('the seed has no transactions');
  return account;
}

/** The seeded state, its first ledger with one chunk more, so changes to the last leave one untouched. */
function seeded(): State {
  const state = createSandbox({ seed: 'restore-test', signatures: 'off', now: () => NOW }).getState();
  const account = ledgerOf(state);
  const ledger = state.transactions[account] as Transaction[][];
  const extra = { ...(ledger[0]?.[0] as Transaction), transactionId: 'extra', seq: 1_000_000 };
  return { ...state, transactions: { ...state.transactions, [account]: [...ledger, [extra]] } };
}

/** The records of a snapshot of `state` as the current layout writes them. */
async function stored(state: State, seq = 0) {
  const { record, chunks } = await snapshotRecords({ seq, state }, new WeakMap(), NOW);
  const records = new Map<string, ChunkRecord>(
    chunks.map(({ key, utf8 }) => [key, { key, ...(utf8 && { utf8 }) }]),
  );
  return { snapshot: record as unknown, records, load: async (key: string) => records.get(key) };
}

/** The log records of changes made one after the other, from change `after` + 1 on. */
function changes(state: State, after: number, ...recipes: Array<(draft: State) => void>) {
  const log: LogRecord[] = [];
  let current = state;
  for (const recipe of recipes) {
    const [next, patches] = produceWithPatches(current, recipe);
    log.push({ seq: after + log.length + 1, patches });
    current = next;
  }
  return { log, state: current };
}

const addTransaction = (account: string, id: string) => (draft: State) => {
  const chunks = draft.transactions[account] as Transaction[][];
  const last = chunks[chunks.length - 1] as Transaction[];
  last.push({ ...(last[0] as Transaction), transactionId: id });
};

function restoredOf(outcome: Awaited<ReturnType<typeof restore>>): Restored {
  if (outcome === null || 'problem' in outcome) throw new Error(`not restored: ${JSON.stringify(outcome)}`);
  return outcome;
}

async function problemOf(snapshot: unknown, log: unknown[], load: (key: string) => Promise<unknown>) {
  const outcome = await restore(snapshot, log, load);
  return outcome !== null && 'problem' in outcome ? outcome.problem : null;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('restoring from records', () => {
  test('finds nothing to restore when nothing is stored', async () => {
    expect(await restore(undefined, [], async () => undefined)).toBeNull();
  });

  test('gives back the snapshot with the log folded in, exactly, the checked chunks frozen', async () => {
    const state = seeded();
    const account = ledgerOf(state);
    const { snapshot, records, load } = await stored(state, 4);
    const after = changes(state, 4, addTransaction(account, 'one'), addTransaction(account, 'two'));
    const restored = restoredOf(await restore(snapshot, after.log, load));
    expect(JSON.stringify(restored.state)).toBe(JSON.stringify(after.state));
    expect(restored).toMatchObject({ seq: 6, snapshotSeq: 4, schema: STORAGE_SCHEMA, replaced: false });
    expect(restored.chunks).toBe(records.size);
    // The untouched chunks are the checked ones, known by their key: a compaction keeps them as stored.
    const untouched = restored.state.transactions[account]?.[0] as Transaction[];
    expect(Object.isFrozen(untouched[0])).toBe(true);
    expect(restored.stored.get(untouched)).toBe(sha256(chunkText(untouched)));
  });

  test('says when a logged change replaced a whole slice', async () => {
    const state = seeded();
    const { snapshot, load } = await stored(state);
    const replaced: Patch[] = [{ op: 'replace', path: ['accounts'], value: state.accounts }];
    expect(restoredOf(await restore(snapshot, [{ seq: 1, patches: replaced }], load)).replaced).toBe(true);
  });

  test('reads layout 2 (each chunk text a string), whose chunks a compaction rewrites', async () => {
    const state = seeded();
    const { snapshot, records } = await stored(state, 3);
    const strings = new Map(
      [...records].map(([key, { utf8 }]) => [key, { key, json: new TextDecoder().decode(utf8) }]),
    );
    const restored = restoredOf(
      await restore({ ...(snapshot as object), schema: 2 }, [], async (key) => strings.get(key)),
    );
    expect(JSON.stringify(restored.state)).toBe(JSON.stringify(state));
    expect(restored).toMatchObject({ schema: 2, chunks: strings.size });
    expect(restored.stored.size).toBe(0);
  });

  test('reads layout 1 (the whole state in the snapshot record), validating every chunk', async () => {
    const state = seeded();
    const account = ledgerOf(state);
    const record = { schema: 1, stateVersion: STATE_VERSION, seq: 2, savedAt: 0, state };
    const none = async () => {
      throw new Error('layout 1 has no chunk records');
    };
    const restored = restoredOf(await restore(record, [], none));
    expect(JSON.stringify(restored.state)).toBe(JSON.stringify(state));
    expect(restored).toMatchObject({ seq: 2, schema: 1, chunks: 0 });
    const [broken] = produceWithPatches(state, (draft) => {
      ((draft.transactions[account] as Transaction[][])[0]?.[0] as { amount: unknown }).amount = 7;
    });
    expect(await problemOf({ ...record, state: broken }, [], none)).toBe(
      `the restored state is invalid at transactions.${account}.0.0.amount: Invalid input: expected string, received number`,
    );
  });

  test('validates the chunks a logged change made, naming the path', async () => {
    const state = seeded();
    const account = ledgerOf(state);
    const { snapshot, load } = await stored(state);
    const { log } = changes(state, 0, (draft) => {
      const chunks = draft.transactions[account] as Transaction[][];
      (chunks[chunks.length - 1]?.[0] as { amount: unknown }).amount = 42;
    });
    const last = (state.transactions[account]?.length ?? 0) - 1;
    expect(await problemOf(snapshot, log, load)).toMatch(
      `the restored state is invalid at transactions.${account}.${last}.0.amount`,
    );
  });

  test('measures the chunks check with the clock it is given', async () => {
    const { snapshot, load } = await stored(seeded());
    const ticks = [100, 112.5];
    const restored = restoredOf(await restore(snapshot, [], load, () => ticks.shift() ?? 999));
    expect(restored.verifyMs).toBe(12.5);
  });
});

describe('records that cannot be restored', () => {
  test('each gives a problem precise enough to find the record at fault', async () => {
    const state = seeded();
    const { snapshot, records, load } = await stored(state, 5);
    const base = snapshot as Record<string, unknown>;
    const [firstKey] = records.keys();
    if (firstKey === undefined) throw new Error('the seed has no chunks');
    const short = firstKey.slice(0, 12);
    const cases: Array<[unknown, unknown[], (key: string) => Promise<unknown>, string]> = [
      [undefined, [{ seq: 1, patches: [] }], load, 'the snapshot record is missing or not an object'],
      [
        { ...base, schema: STORAGE_SCHEMA + 1 },
        [],
        load,
        `the stored records have layout ${STORAGE_SCHEMA + 1}; this worker reads layout ${STORAGE_SCHEMA} (written by a newer Sandbank?)`,
      ],
      [
        { ...base, stateVersion: STATE_VERSION + 1 },
        [],
        load,
        `the stored state has version ${STATE_VERSION + 1}; this worker understands version ${STATE_VERSION}`,
      ],
      [{ ...base, seq: '5' }, [], load, 'the snapshot has no sequence number'],
      [{ ...base, state: null }, [], load, 'the snapshot holds no state'],
      [{ ...base, ledgers: undefined }, [], load, 'the snapshot has no ledger index'],
      [
        { ...base, ledgers: { a: 'x' } },
        [],
        load,
        'the ledger index of account a is not a list of chunk keys',
      ],
      [base, [{ seq: 7, patches: [] }], load, 'the change log is broken after entry 5 (found 7)'],
      [base, [{ seq: 6 }], load, 'the change log is broken after entry 5 (found 6)'],
      [
        base,
        [{ seq: 6, patches: [{ op: 'replace', path: ['nothing', 'here'], value: 1 }] }],
        load,
        'change 6 does not apply: ',
      ],
      [
        base,
        [],
        async (key) => (key === firstKey ? undefined : load(key)),
        `ledger chunk ${short} is missing`,
      ],
      [
        base,
        [],
        async (key) => (key === firstKey ? { key, json: '[]' } : load(key)),
        `ledger chunk ${short} does not match its checksum (the record was changed or damaged)`,
      ],
      [
        { ...base, ledgers: { a: [sha256('[]')] } },
        [],
        async (key) => ({ key, json: '[]' }),
        `ledger chunk ${sha256('[]').slice(0, 12)} is not a chunk of transactions`,
      ],
      [
        base,
        [],
        async () => {
          throw new Error('the disk is gone');
        },
        'unreadable: Error: the disk is gone',
      ],
    ];
    for (const [record, log, loader, problem] of cases) {
      expect(await problemOf(record, log, loader), problem).toContain(problem);
    }
  });
});

describe('restoring lazily (the service worker: a ledger parsed when first read)', () => {
  const lazily = async (snapshot: unknown, log: unknown[], load: (key: string) => Promise<unknown>) => {
    const parsed = new Map<object, string>();
    const outcome = await restore(snapshot, log, load, undefined, (chunk, key) => parsed.set(chunk, key));
    return { outcome, parsed };
  };

  test('parses no ledger until one is read, then only that one, telling each chunk its key', async () => {
    const state = seeded();
    const account = ledgerOf(state);
    const { snapshot, records, load } = await stored(state, 2);
    const { outcome, parsed } = await lazily(snapshot, [], load);
    const restored = restoredOf(outcome);
    expect(restored.chunks).toBe(records.size);
    expect(parsed.size).toBe(0);
    const ledger = restored.state.transactions[account] as Transaction[][];
    expect(parsed.size).toBe(ledger.length);
    for (const chunk of ledger) expect(parsed.get(chunk)).toBe(sha256(chunkText(chunk)));
    expect(restored.state.transactions[account]).toBe(ledger);
    expect(Object.isFrozen(ledger[0]?.[0])).toBe(true);
    // Read in full, the state is exactly the one stored.
    expect(JSON.stringify(restored.state)).toBe(JSON.stringify(state));
  });

  test('folds in a log that changes a ledger, as the eager restore does', async () => {
    const state = seeded();
    const account = ledgerOf(state);
    const { snapshot, load } = await stored(state, 4);
    const after = changes(state, 4, addTransaction(account, 'one'));
    const restored = restoredOf((await lazily(snapshot, after.log, load)).outcome);
    expect(JSON.stringify(restored.state)).toBe(JSON.stringify(after.state));
  });

  test('still checks every chunk against its key before it gives the state back', async () => {
    const state = seeded();
    const { snapshot, load } = await stored(state);
    const firstKey = Object.values((snapshot as { ledgers: Record<string, string[]> }).ledgers).flat()[0];
    const damaged = async (key: string) => (key === firstKey ? { key, json: '[]' } : load(key));
    expect((await lazily(snapshot, [], damaged)).outcome).toEqual({
      problem: `ledger chunk ${firstKey?.slice(0, 12)} does not match its checksum (the record was changed or damaged)`,
    });
  });

  test('a chunk that matches its key but is no chunk is refused where its ledger is read', async () => {
    const { snapshot } = await stored(seeded());
    const forged = { ...(snapshot as object), ledgers: { a: [sha256('[]')] } };
    const restored = restoredOf((await lazily(forged, [], async (key) => ({ key, json: '[]' }))).outcome);
    expect(() => restored.state.transactions.a).toThrow(
      `ledger chunk ${sha256('[]').slice(0, 12)} is not a chunk of transactions`,
    );
  });
});

describe('restoring lazily for a store that compacts later (restoreLazily)', () => {
  test('a snapshot after the restore hashes only the changed chunk, ledgers parsed before it or not', async () => {
    const state = seeded();
    const account = ledgerOf(state);
    const { snapshot, load } = await stored(state, 3);
    const { outcome, stored: known } = await restoreLazily(snapshot, [], load);
    const restored = restoredOf(outcome);
    // One change to the last chunk of one ledger; every other ledger is first read by the snapshot.
    const next = changes(restored.state, 3, addTransaction(account, 'after-the-restore')).state;
    const { chunks } = await snapshotRecords({ seq: 4, state: next }, known, NOW);
    const encoded = chunks.filter((chunk) => chunk.utf8 !== undefined);
    expect(encoded).toHaveLength(1);
    expect(encoded[0]?.chunk).toBe(next.transactions[account]?.at(-1));
    const keys = new Set(Object.values((snapshot as { ledgers: Record<string, string[]> }).ledgers).flat());
    expect(chunks.filter((chunk) => !keys.has(chunk.key))).toEqual(encoded);
  });
});
