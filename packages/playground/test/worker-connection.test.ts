import type { SandboxEvent, State } from '@sandbank/engine';
import { installSandbox } from '@sandbank/engine/testing';
import type { SandbankEvent } from '@sandbank/service-worker';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerConnection } from '../src/bank/worker.js';
import { FIXTURE_NOW } from '../src/fixtures/state.js';

let uninstall: (() => void) | null = null;
afterEach(() => {
  uninstall?.();
  uninstall = null;
});

/**
 * The bank behind the page's `fetch`, with the events a worker broadcasts ('state-change' with
 * patches only, 'request'), as `registerSandbox()` delivers them; `drop` loses state changes in transit.
 */
function workerLikeBank(drop: (seq: number) => boolean = () => false) {
  const installed = installSandbox({
    onUnhandledRequest: 'error',
    now: () => FIXTURE_NOW,
    signatures: 'off',
  });
  uninstall = installed.uninstall;
  const registered = {
    subscribe(listener: (event: SandbankEvent) => void) {
      return installed.sandbox.subscribe((event) => {
        if (event.type === 'commit') {
          if (!drop(event.commit.seq)) {
            listener({ type: 'state-change', seq: event.commit.seq, patches: event.commit.patches });
          }
        } else listener({ type: 'request', entry: event.entry });
      });
    },
  };
  return { sandbox: installed.sandbox, connection: createWorkerConnection(registered) };
}

async function advance(minutes: number): Promise<Response> {
  return fetch('http://localhost/_sandbank/clock', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMinutes: minutes }),
  });
}

describe('the service-worker connection', () => {
  it('reads the state once, then applies every change another tab makes as patches', async () => {
    const { sandbox, connection } = workerLikeBank();
    const commits: State[] = [];
    connection.subscribe((event: SandboxEvent) => {
      if (event.type === 'commit') commits.push(event.commit.state);
    });
    const first = await connection.getState();
    expect(first).toEqual(sandbox.getState());
    // Another tab's request: not sent through this connection, only seen on the channel.
    expect((await advance(60)).status).toBe(200);
    expect(commits.at(-1)?.clock.offsetMs).toBe(60 * 60_000);
    expect(await connection.getState()).toEqual(sandbox.getState());
    expect(await connection.getState()).not.toBe(first);
  });

  it('answers a request once its own changes are in the state it shows', async () => {
    const { connection } = workerLikeBank();
    await connection.getState();
    const response = await connection.fetch(
      new Request('http://localhost/_sandbank/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMinutes: 1440 }),
      }),
    );
    expect(response.status).toBe(200);
    expect((await connection.getState()).clock.offsetMs).toBe(1440 * 60_000);
  });

  it('reads the whole state again when a change is lost in transit', async () => {
    const { sandbox, connection } = workerLikeBank((seq) => seq === 2);
    await connection.getState();
    await advance(10);
    await advance(20); // lost
    await advance(30); // seq 3 after 1: a gap
    await expect.poll(async () => (await connection.getState()).clock.offsetMs).toBe(60 * 60_000);
    expect(await connection.getState()).toEqual(sandbox.getState());
  });
});
