import { useBrowserApp } from '@sandbank/test-support/browser/lifecycle';
import {
  advanceClock,
  offsetMinutes,
  openControlledPage,
  pageFetch,
  signedFetch,
  stopWorkers,
  storageReport,
} from '@sandbank/test-support/browser/page';
import { describe, expect, test } from 'vitest';

const env = useBrowserApp();

/** The worker never compacts on its own within a test: only a burst ten times compactEvery does. */
const NO_IDLE_COMPACTION = { compactIdleMs: 3_600_000 };
/** A ceiling for waiting on something the worker does in the background, however busy the machine. */
const EVENTUALLY = { timeout: 120_000 };

describe('durable state in IndexedDB', () => {
  test('keeps every answered change when the browser stops the worker between writes', async () => {
    const page = await openControlledPage(env.context, env.app.origin);
    expect(await storageReport(page)).toMatchObject({ restored: 'fresh' });
    for (const minutes of [1, 2, 3]) {
      expect((await advanceClock(page, minutes)).status).toBe(200);
      await stopWorkers(page);
    }
    expect(await offsetMinutes(page)).toBe(6);
    expect(await storageReport(page)).toMatchObject({ restored: 'snapshot', durable: true, problem: null });
  });

  test("keeps a first visit's first request, a change, on top of the seeded state", async () => {
    const page = await openControlledPage(env.context, env.app.origin);
    expect((await advanceClock(page, 5)).status).toBe(200);
    await stopWorkers(page);
    expect(await offsetMinutes(page)).toBe(5);
    expect(await storageReport(page)).toMatchObject({
      restored: 'snapshot',
      snapshotSeq: 0,
      logEntries: 1,
      durable: true,
      problem: null,
    });
  });

  test('keeps every answered signed API write when the browser stops the worker between them', async () => {
    const page = await openControlledPage(env.context, env.app.origin);
    const created: number[] = [];
    for (const customerNumber of ['01010000110', '01010000382']) {
      const response = await signedFetch(page, '/v1/sandbox/customers', {
        method: 'POST',
        headers: { 'X-Request-ID': crypto.randomUUID(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ customerNumber, name: 'Per Hansen', type: 'private' }),
      });
      created.push(response.status);
      await stopWorkers(page);
    }
    expect(created).toEqual([201, 201]);
    const listed = await signedFetch(page, '/v1/sandbox/customers', {
      headers: { 'X-Request-ID': crypto.randomUUID() },
    });
    const numbers = (JSON.parse(listed.body) as Array<{ customerNumber: string }>).map(
      (c) => c.customerNumber,
    );
    expect(numbers).toEqual(expect.arrayContaining(['01010000110', '01010000382']));
    expect(numbers).toHaveLength(6);
  });

  test('stores only the change, whatever the size of the state', async () => {
    const page = await openControlledPage(env.context, env.app.origin);
    const stateSize = (await pageFetch(page, '/_sandbank/state')).body.length;
    await advanceClock(page, 1);
    const record = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('sandbank');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const read = db.transaction('log').objectStore('log').getAll();
      const all = await new Promise<unknown[]>((resolve) => {
        read.onsuccess = () => resolve(read.result);
      });
      db.close();
      return JSON.stringify(all.at(-1));
    });
    expect(stateSize).toBeGreaterThan(50_000);
    expect(record.length).toBeLessThan(200);
    expect(record).toContain('offsetMs');
  });

  test('restores the seeded data exactly after a restart', async () => {
    const page = await openControlledPage(env.context, env.app.origin);
    const before = (await pageFetch(page, '/_sandbank/state')).body;
    await stopWorkers(page);
    const after = (await pageFetch(page, '/_sandbank/state')).body;
    expect(after.length).toBe(before.length);
    expect(after === before).toBe(true);
  });

  test('restores an imported state exactly from the change log after a restart', async () => {
    const page = await openControlledPage(env.context, env.app.origin, NO_IDLE_COMPACTION);
    await advanceClock(page, 5);
    const exported = (await pageFetch(page, '/_sandbank/state')).body;
    await signedFetch(page, '/v1/sandbox/customers', {
      method: 'POST',
      headers: { 'X-Request-ID': crypto.randomUUID(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ customerNumber: '01010000110', name: 'Per Hansen', type: 'private' }),
      offsetMs: 5 * 60_000,
    });
    const imported = await pageFetch(page, '/_sandbank/state', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: exported,
    });
    expect(imported.status).toBeLessThan(300);
    await advanceClock(page, 1);
    await stopWorkers(page);
    expect(await storageReport(page)).toMatchObject({ restored: 'snapshot', snapshotSeq: 0, logEntries: 4 });
    const restored = JSON.parse((await pageFetch(page, '/_sandbank/state')).body) as {
      clock: { offsetMs: number };
    };
    const expected = JSON.parse(exported) as { clock: { offsetMs: number } };
    expect(restored).toEqual({ ...expected, clock: { offsetMs: expected.clock.offsetMs + 60_000 } });
  });

  test('folds the log into a snapshot in the background and restores from both', async () => {
    const page = await openControlledPage(env.context, env.app.origin, { compactEvery: 5 });
    for (let i = 0; i < 12; i++) await advanceClock(page, 1);
    await expect
      .poll(async () => (await storageReport(page)).snapshotSeq, EVENTUALLY)
      .toBeGreaterThanOrEqual(10);
    expect((await storageReport(page)).logEntries).toBeLessThan(5);
    await stopWorkers(page);
    expect(await offsetMinutes(page)).toBe(12);
    await advanceClock(page, 1);
    await stopWorkers(page);
    expect(await offsetMinutes(page)).toBe(13);
  });

  test('waits for a pause in the writes before compacting, unless the log grows ten times too long', async () => {
    const page = await openControlledPage(env.context, env.app.origin, {
      compactEvery: 3,
      ...NO_IDLE_COMPACTION,
    });
    // Back to back, as a burst: past compactEvery, short of ten times it, nothing is folded yet.
    await page.evaluate(async () => {
      for (let i = 0; i < 20; i++) {
        await fetch('/_sandbank/clock', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ advanceMinutes: 1 }),
        });
      }
    });
    expect(await storageReport(page)).toMatchObject({ snapshotSeq: 0 });
    await page.evaluate(async () => {
      for (let i = 0; i < 15; i++) {
        await fetch('/_sandbank/clock', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ advanceMinutes: 1 }),
        });
      }
    });
    // Past ten times compactEvery (30 entries) the log is folded without waiting for a pause.
    await expect
      .poll(async () => (await storageReport(page)).snapshotSeq, EVENTUALLY)
      .toBeGreaterThanOrEqual(30);
    await stopWorkers(page);
    expect(await offsetMinutes(page)).toBe(35);
  });

  test('folds the log at the first pause in the writes', async () => {
    const page = await openControlledPage(env.context, env.app.origin, {
      compactEvery: 3,
      compactIdleMs: 50,
    });
    // The third write reaches compactEvery; the pause after it is the first one the log is due in.
    for (let i = 0; i < 3; i++) await advanceClock(page, 1);
    await expect.poll(async () => (await storageReport(page)).snapshotSeq, EVENTUALLY).toBe(3);
    expect((await storageReport(page)).logEntries).toBe(0);
  });

  test('keeps working, durably, after the database is deleted under the running worker', async () => {
    const page = await openControlledPage(env.context, env.app.origin);
    await advanceClock(page, 2);
    await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const deletion = indexedDB.deleteDatabase('sandbank');
          deletion.onsuccess = resolve;
          deletion.onerror = () => reject(deletion.error);
        }),
    );
    expect((await advanceClock(page, 3)).status).toBe(200);
    await stopWorkers(page);
    expect(await offsetMinutes(page)).toBe(5);
  });

  test('applies writes from two tabs at once without losing one', async () => {
    const [first, second] = await Promise.all([
      openControlledPage(env.context, env.app.origin),
      openControlledPage(env.context, env.app.origin),
    ]);
    const burst = (page: typeof first) =>
      page.evaluate(() =>
        Promise.all(
          Array.from({ length: 15 }, () =>
            fetch('/_sandbank/clock', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ advanceMinutes: 1 }),
            }).then((r) => r.status),
          ),
        ),
      );
    const statuses = await Promise.all([burst(first), burst(second)]);
    expect(statuses.flat().every((status) => status === 200)).toBe(true);
    expect(await offsetMinutes(second)).toBe(30);
    await stopWorkers(first);
    expect(await offsetMinutes(first)).toBe(30);
  });

  test('tells every open tab about state changes, numbered across worker restarts, and requests', async () => {
    const [writer, watcher] = await Promise.all([
      openControlledPage(env.context, env.app.origin),
      openControlledPage(env.context, env.app.origin),
    ]);
    await watcher.evaluate(() => {
      const events: unknown[] = [];
      (window as unknown as { events: unknown[] }).events = events;
      new BroadcastChannel('sandbank').onmessage = (message) => events.push(message.data);
    });
    await advanceClock(writer, 7);
    // A worker (re)start also announces its storage report; only the change and the request matter here.
    await watcher.waitForFunction(
      () =>
        (window as unknown as { events: Array<{ type: string }> }).events.filter((e) => e.type !== 'storage')
          .length >= 2,
    );
    const events = (await watcher.evaluate(() =>
      (window as unknown as { events: Array<{ type: string }> }).events.filter((e) => e.type !== 'storage'),
    )) as Array<{
      type: string;
      patches?: Array<{ path: string[] }>;
      entry?: { method: string; path: string; status: number; operation: string | null };
    }>;
    expect(events[0]?.type).toBe('state-change');
    expect(events[0]?.patches?.[0]?.path).toEqual(['clock', 'offsetMs']);
    expect(events[0]).toMatchObject({ seq: 1 });
    expect(events[1]).toMatchObject({
      type: 'request',
      // Named in the minified worker too (operation names do not come from function names).
      entry: { method: 'POST', path: '/_sandbank/clock', status: 200, operation: 'changeClock' },
    });
    await stopWorkers(writer);
    await advanceClock(writer, 1);
    await watcher.waitForFunction(() =>
      (window as unknown as { events: Array<{ type: string; seq?: number }> }).events.some(
        (event) => event.type === 'state-change' && event.seq === 2,
      ),
    );
  });
});
