import { useBrowserApp } from '@sandbank/test-support/browser/lifecycle';
import {
  advanceClock,
  offsetMinutes,
  openControlledPage,
  pageFetch,
  stopWorkers,
  storageReport,
} from '@sandbank/test-support/browser/page';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';

const env = useBrowserApp();

type Damage = 'newer-layout' | 'broken-log' | 'invalid-state' | 'changed-chunk';

/** Damages the worker's IndexedDB from the page, as a bug or another Sandbank version could. */
function damage(page: Page, kind: Damage): Promise<void> {
  return page.evaluate(async (kind) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('sandbank');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction(['snapshot', 'log', 'chunks'], 'readwrite');
    const snapshots = tx.objectStore('snapshot');
    const read = snapshots.get('current');
    await new Promise((resolve) => {
      read.onsuccess = resolve;
    });
    const snapshot = read.result as { schema: number; seq: number; state: { meta: unknown } };
    if (kind === 'newer-layout') snapshots.put({ ...snapshot, schema: 99 }, 'current');
    if (kind === 'invalid-state')
      snapshots.put({ ...snapshot, state: { ...snapshot.state, meta: { seed: 42, counter: 0 } } }, 'current');
    if (kind === 'broken-log') tx.objectStore('log').put({ seq: snapshot.seq + 50, patches: 'garbage' });
    if (kind === 'changed-chunk') {
      const cursor = tx.objectStore('chunks').openCursor();
      cursor.onsuccess = () => {
        const record = cursor.result?.value as { key: string; utf8: Uint8Array };
        const text = new TextDecoder().decode(record.utf8);
        cursor.result?.update({
          ...record,
          utf8: new TextEncoder().encode(text.replace('"booked"', '"pending"')),
        });
      };
    }
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, kind);
}

const expectations: Array<[Damage, RegExp]> = [
  ['newer-layout', /layout 99/],
  ['broken-log', /change log is broken/],
  ['invalid-state', /invalid at meta\.seed/],
  ['changed-chunk', /ledger chunk [0-9a-f]{12} does not match its checksum/],
];

describe('recovery from damaged stored state', () => {
  for (const [kind, message] of expectations) {
    test(`starts from the seed and keeps the data aside after ${kind}`, async () => {
      const page = await openControlledPage(env.context, env.app.origin);
      await advanceClock(page, 9);
      await damage(page, kind);
      await stopWorkers(page);
      expect(await offsetMinutes(page)).toBe(0);
      const report = await storageReport(page);
      expect(report).toMatchObject({ restored: 'recovered', durable: true, quarantined: 1 });
      expect(String(report.problem)).toMatch(message);
      const kept = JSON.parse((await pageFetch(page, '/_sandbank/storage/quarantine')).body) as {
        quarantined: Array<{ reason: string; snapshot: unknown; log: unknown[]; chunks: unknown[] }>;
      };
      expect(kept.quarantined).toHaveLength(1);
      expect(kept.quarantined[0]?.reason).toMatch(message);
      expect(kept.quarantined[0]?.snapshot).toBeTypeOf('object');
      // The ledger chunks are exported with their text, readable as JSON.
      const chunks = kept.quarantined[0]?.chunks ?? [];
      expect(chunks.length).toBeGreaterThan(0);
      for (const chunk of chunks) expect(JSON.parse((chunk as { json: string }).json)).toHaveProperty('rows');
    });
  }

  test('keeps answering and storing when another worker instance wrote the next change', async () => {
    const page = await openControlledPage(env.context, env.app.origin);
    await advanceClock(page, 1);
    await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('sandbank');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction('log', 'readwrite');
      tx.objectStore('log').put({ seq: 2, patches: [] });
      await new Promise((resolve) => {
        tx.oncomplete = resolve;
      });
      db.close();
    });
    expect((await advanceClock(page, 2)).status).toBe(200);
    expect((await advanceClock(page, 3)).status).toBe(200);
    await stopWorkers(page);
    expect(await offsetMinutes(page)).toBe(6);
    expect(await storageReport(page)).toMatchObject({ restored: 'snapshot', problem: null });
  });

  test('carries on durably after recovering, and the kept data can be dropped', async () => {
    const page = await openControlledPage(env.context, env.app.origin);
    await damage(page, 'newer-layout');
    await stopWorkers(page);
    await advanceClock(page, 4);
    await stopWorkers(page);
    expect(await offsetMinutes(page)).toBe(4);
    expect(await storageReport(page)).toMatchObject({ restored: 'snapshot', problem: null, quarantined: 1 });
    expect((await pageFetch(page, '/_sandbank/storage/quarantine', { method: 'DELETE' })).status).toBe(204);
    expect(await storageReport(page)).toMatchObject({ quarantined: 0 });
  });
});
