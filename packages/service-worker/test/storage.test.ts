import 'fake-indexeddb/auto';
import { createSandbox, STATE_VERSION, type State, type Transaction } from '@sandbank/engine';
import fc from 'fast-check';
import { openDB } from 'idb';
import { produceWithPatches } from 'immer';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  type ChunkRecord,
  chunkText,
  openStore,
  parseChunk,
  type SnapshotRecord,
  STORAGE_SCHEMA,
  type StoreOptions,
} from '../src/storage/index.js';

// The durable store against fake-indexeddb: the layout, the restore and its checks, compaction.
// The same code runs in Chromium in test/browser (durable-state, storage-recovery).

/** A fixed bank clock: the seeded ledger depends on the date it is seeded on. */
const NOW = Date.parse('2026-03-02T10:00:00Z');

let databases = 0;
const freshName = () => `sandbank-test-${++databases}`;

afterEach(() => {
  vi.restoreAllMocks();
});

/** The seeded state with `count` more booked transactions on its first account, in chunks of 512. */
function bigState(count: number): { state: State; account: string } {
  const seeded = createSandbox({ seed: 'storage-test', signatures: 'off', now: () => NOW }).getState();
  const [account, ledger] = Object.entries(seeded.transactions).find(([, l]) => l.length > 0) ?? [];
  const template = ledger?.[0]?.[0];
  if (account === undefined || template === undefined) throw new Error('the seed has no transactions');
  const added: Transaction[] = Array.from({ length: count }, (_, i) => ({
    ...template,
    transactionId: `bulk-${i}`,
    seq: 1_000_000 + i,
    bookingDate: '2031-01-01',
    amount: `${i}.50`,
  }));
  const chunks: Transaction[][] = [...(ledger ?? [])];
  for (let i = 0; i < added.length; i += 512) chunks.push(added.slice(i, i + 512));
  return { state: { ...seeded, transactions: { ...seeded.transactions, [account]: chunks } }, account };
}

async function open(name: string, options: StoreOptions = {}) {
  return openStore({ databaseName: name, ...options });
}

async function records(name: string) {
  const db = await openDB(name);
  const [snapshot, chunks, log] = await Promise.all([
    db.get('snapshot', 'current') as Promise<SnapshotRecord | undefined>,
    db.getAll('chunks') as Promise<ChunkRecord[]>,
    db.getAll('log'),
  ]);
  db.close();
  return { snapshot, chunks, log };
}

/** A chunk's text as layout 2 wrote it: key lists once per chunk, every value in its row. */
function layout2Text(chunk: readonly Transaction[]): string {
  const shapes: string[][] = [];
  const rows = chunk.map((transaction) => {
    const keys = Object.keys(transaction);
    let shape = shapes.findIndex((known) => JSON.stringify(known) === JSON.stringify(keys));
    if (shape < 0) shape = shapes.push(keys) - 1;
    return [shape, ...keys.map((key) => (transaction as unknown as Record<string, unknown>)[key])];
  });
  return JSON.stringify({ shapes, rows });
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Buffer.from(digest).toString('hex');
}

const textOf = (record: ChunkRecord) => new TextDecoder().decode(record.utf8);

/** One more transaction at the end of the account's last chunk, as the engine would make it. */
function addTransaction(state: State, account: string, id: string) {
  return produceWithPatches(state, (draft) => {
    const chunks = draft.transactions[account] as Transaction[][];
    const last = chunks[chunks.length - 1] as Transaction[];
    last.push({ ...(last[0] as Transaction), transactionId: id, seq: 2_000_000 + last.length });
  });
}

describe('the text of a ledger chunk', () => {
  const value = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.constant(undefined),
    fc.constant(null),
    fc.record({ iban: fc.string(), currency: fc.option(fc.string(), { nil: undefined }) }),
    fc.array(fc.record({ reference: fc.string() }), { maxLength: 2 }),
  );
  const key = fc.oneof(
    fc.constantFrom('transactionId', 'amount', 'creditorAccount', 'endToEndId', '__proto__', 'constructor'),
    fc.string({ maxLength: 8 }),
  );
  const transaction = fc.dictionary(key, value, { maxKeys: 8 });
  // Transactions as a ledger holds them: few lists of keys, values from small sets, so rows share some.
  const small = fc.constantFrom('NOK', 'booked', '', '__proto__', 0, -0, 1.5, true, false, null);
  const ledgerTransaction = fc.record(
    {
      accountId: fc.constantFrom('acc-1', 'acc-2'),
      status: small,
      amount: fc.oneof(small, fc.string({ maxLength: 4 })),
      creditorAccount: fc.option(fc.record({ iban: fc.constantFrom('NO1', 'NO2') }), { nil: undefined }),
      ['__proto__']: small,
    },
    { requiredKeys: ['accountId', 'status'] },
  );
  const chunks = fc.oneof(
    fc.array(transaction, { maxLength: 12 }),
    fc.array(ledgerTransaction, { minLength: 2, maxLength: 20 }),
  );

  test('gives back transactions that serialise exactly as the originals, frozen', () => {
    fc.assert(
      fc.property(chunks, (chunk) => {
        const restored = parseChunk(chunkText(chunk as unknown as Transaction[]));
        expect(JSON.stringify(restored)).toBe(JSON.stringify(chunk));
        expect(
          restored?.every((t) => Object.isFrozen(t) && Object.getPrototypeOf(t) === Object.prototype),
        ).toBe(true);
      }),
    );
  });

  test('writes each list of keys, and each value all its rows share, once per chunk', () => {
    const { state, account } = bigState(1_000);
    const chunk = state.transactions[account]?.at(-1) as Transaction[];
    const text = chunkText(chunk);
    expect(text.split('"transactionId"')).toHaveLength(2);
    expect(text.split(JSON.stringify(account))).toHaveLength(2);
    expect(text.split('"2031-01-01"')).toHaveLength(2);
    expect(text.split('.50"')).toHaveLength(chunk.length + 1);
    expect(text.length).toBeLessThan(JSON.stringify(chunk).length * 0.5);
  });

  test('reads the text layout 2 wrote, without shared values', () => {
    fc.assert(
      fc.property(fc.array(transaction, { maxLength: 12 }), (chunk) => {
        const json = JSON.parse(JSON.stringify(chunk)) as Transaction[];
        expect(JSON.stringify(parseChunk(layout2Text(json)))).toBe(JSON.stringify(json));
      }),
    );
  });

  test('is refused when it is not one', () => {
    for (const text of [
      '[]',
      'x',
      'null',
      '{"shapes":[],"rows":[[0]]}',
      '{"shapes":[["a"]],"rows":[[0]]}',
      '{"shapes":[["a"]],"fixed":{},"rows":[[0,1]]}',
      '{"shapes":[["a"]],"fixed":[],"rows":[[0,1]]}',
      '{"shapes":[["a"]],"fixed":[{"1":2}],"rows":[[0,1]]}',
      '{"shapes":[["a"]],"fixed":[{"01":2}],"rows":[[0]]}',
      '{"shapes":[["a"]],"fixed":[{"0":{"b":1}}],"rows":[[0]]}',
      '{"shapes":[["a","b"]],"fixed":[{"0":1}],"rows":[[0,1,2]]}',
    ]) {
      expect(parseChunk(text), text).toBeNull();
    }
    expect(parseChunk('{"shapes":[["a","b"]],"fixed":[{"0":1}],"rows":[[0,2]]}')).toEqual([{ a: 1, b: 2 }]);
  });
});

describe('the durable store in IndexedDB', () => {
  test('keeps each ledger chunk as a record of its own and restores the state exactly', async () => {
    const name = freshName();
    const { state, account } = bigState(2_000);
    const store = await open(name);
    await store.begin(state);

    const stored = await records(name);
    expect(stored.snapshot?.state.transactions).toEqual({});
    expect(stored.snapshot?.ledgers?.[account]).toHaveLength(state.transactions[account]?.length ?? -1);
    expect(stored.chunks.length).toBe(Object.values(state.transactions).flat().length);

    const again = await open(name);
    expect(again.report).toMatchObject({ restored: 'snapshot', problem: null, chunks: stored.chunks.length });
    expect(JSON.stringify(again.restored)).toBe(JSON.stringify(state));
    expect(Object.isFrozen(again.restored?.transactions[account]?.[3]?.[0])).toBe(true);
  });

  test('a compaction writes only the chunks that changed since the last snapshot', async () => {
    const name = freshName();
    const { state, account } = bigState(5_000);
    const store = await open(name, { compactEvery: 1 });
    await store.begin(state);
    const before = new Set((await records(name)).chunks.map((chunk) => chunk.key));

    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    const [next, patches] = addTransaction(state, account, 'the-newest');
    expect(await store.append(patches, next)).toBe(1);
    await vi.waitFor(() => expect(store.report.snapshotSeq).toBe(1), { timeout: 120_000 });
    const chunkWrites = put.mock.contexts.filter((context) => (context as IDBObjectStore).name === 'chunks');
    expect(chunkWrites).toHaveLength(1);

    const after = await records(name);
    const keys = new Set(after.chunks.map((chunk) => chunk.key));
    expect([...keys].filter((key) => !before.has(key))).toHaveLength(1);
    expect([...before].filter((key) => !keys.has(key))).toHaveLength(1);
    expect(after.log).toHaveLength(0);

    const again = await open(name);
    expect(JSON.stringify(again.restored)).toBe(JSON.stringify(next));
  });

  test('after a restart, a compaction hashes and writes only the chunk that changed', async () => {
    const name = freshName();
    const { state, account } = bigState(5_000);
    await (await open(name)).begin(state);
    const before = new Set((await records(name)).chunks.map((chunk) => chunk.key));

    // The ledgers are parsed when first read: each parsed chunk is still known by its stored key.
    const again = await open(name, { compactEvery: 1 });
    const digest = vi.spyOn(crypto.subtle, 'digest');
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    const [next, patches] = addTransaction(again.restored as State, account, 'after-the-restart');
    expect(await again.append(patches, next)).toBe(1);
    await vi.waitFor(() => expect(again.report.snapshotSeq).toBe(1), { timeout: 120_000 });
    expect(digest).toHaveBeenCalledTimes(1);
    expect(put.mock.contexts.filter((context) => (context as IDBObjectStore).name === 'chunks')).toHaveLength(
      1,
    );
    const keys = new Set((await records(name)).chunks.map((chunk) => chunk.key));
    expect([...keys].filter((key) => !before.has(key))).toHaveLength(1);

    expect(JSON.stringify((await open(name)).restored)).toBe(JSON.stringify(next));
  });

  test('restores the changes logged after the snapshot', async () => {
    const name = freshName();
    const { state, account } = bigState(1_500);
    const store = await open(name);
    await store.begin(state);
    let current = state;
    for (const id of ['one', 'two', 'three']) {
      const [next, patches] = addTransaction(current, account, id);
      await store.append(patches, next);
      current = next;
    }
    const again = await open(name);
    expect(again.report).toMatchObject({ restored: 'snapshot', logEntries: 3, snapshotSeq: 0 });
    expect(again.lastSeq).toBe(3);
    expect(JSON.stringify(again.restored)).toBe(JSON.stringify(current));
  });

  test('reads the whole-state snapshot an earlier Sandbank wrote (layout 1), and writes the current layout next', async () => {
    const name = freshName();
    const { state, account } = bigState(600);
    const db = await openDB(name, 1, {
      upgrade(database) {
        database.createObjectStore('snapshot');
        database.createObjectStore('log', { keyPath: 'seq' });
        database.createObjectStore('quarantine', { keyPath: 'id', autoIncrement: true });
      },
    });
    await db.put(
      'snapshot',
      { schema: 1, stateVersion: STATE_VERSION, seq: 4, savedAt: 0, state },
      'current',
    );
    db.close();

    const store = await open(name, { compactEvery: 1 });
    expect(store.report).toMatchObject({ restored: 'snapshot', problem: null, snapshotSeq: 4 });
    expect(JSON.stringify(store.restored)).toBe(JSON.stringify(state));
    const [next, patches] = addTransaction(state, account, 'after-upgrade');
    await store.append(patches, next);
    await vi.waitFor(() => expect(store.report.snapshotSeq).toBe(5), { timeout: 120_000 });
    expect((await records(name)).snapshot).toMatchObject({ schema: STORAGE_SCHEMA, seq: 5 });
    expect(JSON.stringify((await open(name)).restored)).toBe(JSON.stringify(next));
  });
});

describe('an earlier layout', () => {
  test('layout 2 (chunk text as a string, no shared values) is restored, then rewritten in the current layout at the first pause', async () => {
    const name = freshName();
    const { state, account } = bigState(1_100);
    // The records layout 2 wrote: the snapshot without its ledgers, each chunk's text keyed by its SHA-256.
    const ledgers: Record<string, string[]> = {};
    const chunks: ChunkRecord[] = [];
    for (const [id, ledger] of Object.entries(state.transactions)) {
      ledgers[id] = [];
      for (const chunk of ledger) {
        const json = layout2Text(chunk);
        const key = await sha256(json);
        ledgers[id].push(key);
        chunks.push({ key, json });
      }
    }
    await (await open(name)).begin(
      createSandbox({ seed: 'other', signatures: 'off', now: () => NOW }).getState(),
    );
    const db = await openDB(name);
    await db.clear('chunks');
    for (const chunk of chunks) await db.put('chunks', chunk);
    const record = { schema: 2, stateVersion: STATE_VERSION, seq: 7, savedAt: 0, ledgers };
    await db.put('snapshot', { ...record, state: { ...state, transactions: {} } }, 'current');
    db.close();

    const store = await open(name);
    expect(store.report).toMatchObject({ restored: 'snapshot', problem: null, chunks: chunks.length });
    expect(JSON.stringify(store.restored)).toBe(JSON.stringify(state));
    await vi.waitFor(async () => expect((await records(name)).snapshot?.schema).toBe(STORAGE_SCHEMA), {
      timeout: 120_000,
    });
    const after = await records(name);
    expect(after.snapshot?.seq).toBe(7);
    expect(after.chunks).toHaveLength(chunks.length);
    for (const chunk of after.chunks) {
      expect(chunk.json).toBeUndefined();
      expect(chunk.key).toBe(await sha256(textOf(chunk)));
    }
    expect(after.snapshot?.ledgers?.[account]).not.toEqual(ledgers[account]);
    expect(JSON.stringify((await open(name)).restored)).toBe(JSON.stringify(state));
  });
});

describe('damaged ledger records', () => {
  async function damaged(change: (chunks: ChunkRecord[]) => ChunkRecord[]) {
    const name = freshName();
    const { state } = bigState(1_200);
    await (await open(name)).begin(state);
    const db = await openDB(name);
    const chunks = change((await db.getAll('chunks')) as ChunkRecord[]);
    await db.clear('chunks');
    for (const chunk of chunks) await db.put('chunks', chunk);
    db.close();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = await open(name);
    return { name, store, error, chunks };
  }

  test('a chunk whose text was changed fails its checksum: kept aside, and the sandbox starts from its seed', async () => {
    const { name, store, error, chunks } = await damaged((chunks) => {
      // A chunk of the bulk transactions, whose amounts all end in .50: the edit is sure to change it.
      const target = chunks.findIndex((chunk) => textOf(chunk).includes('bulk-'));
      const edited = textOf(chunks[target] as ChunkRecord).replace('.50', '.51');
      expect(edited).not.toBe(textOf(chunks[target] as ChunkRecord));
      return chunks.map((chunk, i) =>
        i === target ? { ...chunk, utf8: new TextEncoder().encode(edited) } : chunk,
      );
    });
    expect(store.restored).toBeNull();
    expect(store.report).toMatchObject({ restored: 'recovered', quarantined: 1 });
    expect(store.report.problem).toMatch(/ledger chunk [0-9a-f]{12} does not match its checksum/);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('does not match its checksum'));
    const [kept] = await store.quarantined();
    expect(kept?.chunks).toHaveLength(chunks.length);
    expect(kept?.snapshot).toMatchObject({ schema: STORAGE_SCHEMA });
    // Exported with each chunk's text, the changed one included.
    expect(((kept?.chunks ?? []) as ChunkRecord[]).map((chunk) => chunk.json)).toEqual(chunks.map(textOf));
    const after = await records(name);
    expect(after.chunks).toHaveLength(0);
    expect(after.snapshot).toBeUndefined();
  });

  test('a missing chunk is reported by its key', async () => {
    const { store } = await damaged((chunks) => chunks.slice(1));
    expect(store.report.restored).toBe('recovered');
    expect(store.report.problem).toMatch(/ledger chunk [0-9a-f]{12} is missing/);
  });

  test('an invalid transaction that came from the log is caught by validation, with its path', async () => {
    const name = freshName();
    const { state, account } = bigState(700);
    const store = await open(name);
    await store.begin(state);
    const [next, patches] = produceWithPatches(state, (draft) => {
      const chunks = draft.transactions[account] as Transaction[][];
      (chunks[chunks.length - 1]?.[0] as { amount: unknown }).amount = 42;
    });
    await store.append(patches, next);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const again = await open(name);
    expect(again.report.restored).toBe('recovered');
    expect(again.report.problem).toMatch(
      new RegExp(`invalid at transactions\\.${account.replace(/[^\w]/g, '\\$&')}\\.\\d+\\.0\\.amount`),
    );
  });
});
