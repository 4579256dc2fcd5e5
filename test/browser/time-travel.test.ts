import { useBrowserApp } from '@sandbank/test-support/browser/lifecycle';
import {
  advanceClock,
  offsetMinutes,
  openControlledPage,
  pageFetch,
  stopWorkers,
} from '@sandbank/test-support/browser/page';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';

const env = useBrowserApp();
/** A ceiling for what the worker broadcasts in the background, however busy the machine. */
const EVENTUALLY = { timeout: 120_000 };

/** A state mirror in the page (`createStateMirror` on the registration handle), as `window.mirror`. */
async function followWithMirror(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const api = (
      window as unknown as {
        sandbank: {
          registerSandbox: (options?: unknown) => Promise<unknown>;
          createStateMirror: (source: unknown) => { getState(): Promise<unknown> };
        };
      }
    ).sandbank;
    const mirror = api.createStateMirror(await api.registerSandbox());
    (window as unknown as { mirror: unknown }).mirror = mirror;
    await mirror.getState();
  });
}

async function latestCommit(page: Page): Promise<number> {
  const history = JSON.parse((await pageFetch(page, '/_sandbank/history')).body) as {
    commits: Array<{ seq: number }>;
  };
  return history.commits.at(-1)?.seq ?? -1;
}

describe('time travel on the service worker', () => {
  test('a restore is one stored change that another tab follows, and numbers go on after a restart', async () => {
    const writer = await openControlledPage(env.context, env.app.origin);
    const reader = await openControlledPage(env.context, env.app.origin);
    await followWithMirror(reader);

    expect((await advanceClock(writer, 30)).status).toBe(200);
    const commit = await latestCommit(writer);
    await reader.waitForFunction(
      () =>
        (window as unknown as { mirror: { current(): { clock: { offsetMs: number } } } }).mirror.current()
          .clock.offsetMs === 1_800_000,
      undefined,
      EVENTUALLY,
    );

    const restored = await pageFetch(writer, `/_sandbank/history/${commit}/restore`, { method: 'POST' });
    expect(restored.status).toBe(200);
    expect(JSON.parse(restored.body)).toEqual({ restoredToBefore: commit, undone: [commit] });
    // The other tab's mirror follows the restore through the worker's broadcast.
    await reader.waitForFunction(
      () =>
        (window as unknown as { mirror: { current(): { clock: { offsetMs: number } } } }).mirror.current()
          .clock.offsetMs === 0,
      undefined,
      EVENTUALLY,
    );

    // Stored: a restarted worker restores the restored bank; its history starts empty, and new
    // commits are numbered after the stored ones, so an old number never names a new commit.
    await stopWorkers(writer);
    expect(await offsetMinutes(reader)).toBe(0);
    const forgotten = await pageFetch(writer, `/_sandbank/history/${commit}/restore`, { method: 'POST' });
    expect(forgotten.status).toBe(404);
    expect((await advanceClock(writer, 1)).status).toBe(200);
    expect(await latestCommit(writer)).toBeGreaterThan(commit + 1);
  });

  test('a named snapshot survives a worker restart and restores', async () => {
    const page = await openControlledPage(env.context, env.app.origin);
    const saved = await pageFetch(page, '/_sandbank/snapshots', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'start' }),
    });
    expect(saved.status).toBe(201);
    await advanceClock(page, 90);
    await stopWorkers(page);
    const list = JSON.parse((await pageFetch(page, '/_sandbank/snapshots')).body) as {
      snapshots: Array<{ name: string }>;
    };
    expect(list.snapshots.map((s) => s.name)).toEqual(['start']);
    const restored = await pageFetch(page, '/_sandbank/snapshots/start/restore', { method: 'POST' });
    expect(restored.status).toBe(200);
    expect(await offsetMinutes(page)).toBe(0);
  });
});
