import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { createSandbox, STATE_VERSION, type Transaction } from '../../src/index.js';
import { checkChunk, chunkBytes, chunkKey, exportedChunk } from '../../src/storage/chunk-codec.js';
import { chunkText } from '../../src/storage/chunk-text.js';
import { exportQuarantined } from '../../src/storage/quarantine.js';
import { STORAGE_SCHEMA } from '../../src/storage/records.js';
import { snapshotRecords } from '../../src/storage/snapshot.js';

// The chunk codec and the snapshot's records, as plain values: no IndexedDB anywhere in this file.

const NOW = Date.parse('2026-03-02T10:00:00Z');
const seeded = () => createSandbox({ seed: 'codec-test', signatures: 'off', now: () => NOW }).getState();

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const chunk = [
  { transactionId: 'tx-1', accountId: 'acc-1', amount: '10.00', currency: 'NOK', note: 'blåbær' },
  { transactionId: 'tx-2', accountId: 'acc-1', amount: '-2.50', currency: 'NOK', note: 'ærlig' },
] as unknown as Transaction[];

describe('a ledger chunk as a record', () => {
  test('is the UTF-8 of its text, keyed by the SHA-256 of those bytes', async () => {
    const utf8 = chunkBytes(chunk);
    expect(new TextDecoder().decode(utf8)).toBe(chunkText(chunk));
    expect(await chunkKey(utf8)).toBe(sha256(chunkText(chunk)));
  });

  test('is read back, frozen, as stored by this layout (bytes) or by layout 2 (a string)', async () => {
    const text = chunkText(chunk);
    const key = sha256(text);
    const current = await checkChunk(key, { key, utf8: new TextEncoder().encode(text) });
    expect(current).toMatchObject({ key, chunk, current: true });
    expect('chunk' in current && Object.isFrozen(current.chunk[0])).toBe(true);
    expect(await checkChunk(key, { key, json: text })).toMatchObject({ key, chunk, current: false });
  });

  test('is refused, with the reason, when it is missing, changed or not a chunk', async () => {
    const text = chunkText(chunk);
    const key = sha256(text);
    expect(await checkChunk(key, undefined)).toEqual({ key, problem: 'is missing' });
    expect(await checkChunk(key, { key })).toEqual({ key, problem: 'is missing' });
    const changed = new TextEncoder().encode(text.replace('10.00', '10.01'));
    expect(await checkChunk(key, { key, utf8: changed })).toEqual({
      key,
      problem: 'does not match its checksum (the record was changed or damaged)',
    });
    const other = '{"rows":[]}';
    expect(await checkChunk(sha256(other), { json: other })).toEqual({
      key: sha256(other),
      problem: 'is not a chunk of transactions',
    });
  });

  test('is exported with its text as `json`, whichever layout stored it', () => {
    const text = chunkText(chunk);
    const key = sha256(text);
    expect(exportedChunk({ key, utf8: new TextEncoder().encode(text) })).toEqual({ key, json: text });
    expect(exportedChunk({ key, json: text })).toEqual({ key, json: text });
    const kept = { at: '2026-03-02T10:00:00.000Z', reason: 'r', snapshot: null, log: [] };
    expect(exportQuarantined([kept, { ...kept, chunks: [{ key, utf8: chunkBytes(chunk) }] }])).toEqual([
      kept,
      { ...kept, chunks: [{ key, json: text }] },
    ]);
  });
});

describe('the records of a snapshot', () => {
  test('hold the state without its ledgers, and each ledger as its chunks keys in order', async () => {
    const state = seeded();
    const { record, chunks } = await snapshotRecords({ seq: 9, state }, new WeakMap(), NOW);
    expect(record).toMatchObject({
      schema: STORAGE_SCHEMA,
      stateVersion: STATE_VERSION,
      seq: 9,
      savedAt: NOW,
    });
    expect(record.state).toEqual({ ...state, transactions: {} });
    for (const [account, ledger] of Object.entries(state.transactions)) {
      expect(record.ledgers?.[account]).toEqual(ledger.map((c) => sha256(chunkText(c))));
    }
    expect(chunks.map(({ chunk: c }) => c)).toEqual(Object.values(state.transactions).flat());
    expect(chunks.every(({ utf8 }) => utf8 !== undefined)).toBe(true);
  });

  test('encode only the chunks not known to be stored already', async () => {
    const state = seeded();
    const first = await snapshotRecords({ seq: 1, state }, new WeakMap(), NOW);
    const known = new WeakMap<object, string>(first.chunks.map(({ chunk: c, key }) => [c, key]));
    const [account, ledger] = Object.entries(state.transactions).find(([, l]) => l.length > 0) ?? [];
    if (account === undefined || ledger === undefined) throw new Error('the seed has no transactions');
    const changed = [...ledger.slice(0, -1), [...(ledger.at(-1) ?? []), ...chunk]];
    const next = { ...state, transactions: { ...state.transactions, [account]: changed } };
    const second = await snapshotRecords({ seq: 2, state: next }, known, NOW);
    const encoded = second.chunks.filter(({ utf8 }) => utf8 !== undefined);
    expect(encoded.map(({ chunk: c }) => c)).toEqual([changed.at(-1)]);
    expect(second.record.ledgers?.[account]?.slice(0, -1)).toEqual(
      first.record.ledgers?.[account]?.slice(0, -1),
    );
    expect(second.record.ledgers?.[account]?.at(-1)).toBe(sha256(chunkText(changed.at(-1) ?? [])));
  });
});
