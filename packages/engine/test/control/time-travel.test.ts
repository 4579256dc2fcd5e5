import {
  consentCount,
  consentList,
  paymentById,
  paymentList,
  sessionList,
  stateToExport,
} from '@sandbank/engine';
import { sandbox as aisSandbox, consent, KARI } from '@sandbank/test-support/ais';
import { api, createPayment, ndctBody, newSandbox } from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry, SandboxEvent } from '../../src/index.js';

function recording(sandbox: ReturnType<typeof newSandbox>) {
  const events: SandboxEvent[] = [];
  sandbox.subscribe((event) => events.push(event));
  const entries = () =>
    events
      .filter((e): e is Extract<SandboxEvent, { type: 'request' }> => e.type === 'request')
      .map((e) => e.entry);
  const commits = () => events.filter((e) => e.type === 'commit');
  return { entries, commits, last: (): RequestLogEntry => entries().at(-1) as RequestLogEntry };
}

/** The state as JSON, without the pages' token counter (which only rises, even on a restore). */
function bank(sandbox: ReturnType<typeof newSandbox>): unknown {
  const { pages, ...rest } = JSON.parse(JSON.stringify(sandbox.getState()));
  return { ...rest, pages: { sessions: pages.sessions } };
}

describe('what each request changed, in the request log', () => {
  it('lists a payment creation as added paths with their values, under the commit it made', async () => {
    const sandbox = newSandbox();
    const log = recording(sandbox);
    const created = await createPayment(sandbox, ndctBody(sandbox.getState()));
    expect(created.status).toBe(201);
    const entry = log.last();
    expect(entry.commit).toBe(log.commits().length);
    const added = entry.changes.find((c) => c.path[0] === 'payments');
    expect(added).toMatchObject({ kind: 'added', path: ['payments', created.body.paymentId] });
    expect(added?.after).toMatchObject({ transactionStatus: created.body.transactionStatus });
    expect(entry.changesOmitted).toBe(0);
  });

  it('lists a consent the PSU gave under its id, as the export names it; a restore takes it away', async () => {
    const sandbox = aisSandbox();
    const log = recording(sandbox);
    await consent(sandbox, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const given = consentList(sandbox.getState())[0];
    const entry = log.entries().find((e) => e.changes.some((c) => c.path[0] === 'consents'));
    expect(entry?.changes).toContainEqual(
      expect.objectContaining({ kind: 'added', path: ['consents', given?.consentId] }),
    );
    // Its commit writes the chunk it adds to, never the whole record: the worker stores and
    // broadcasts a commit's patches, which would otherwise carry every consent of the bank.
    const patchesOf = (slice: string) =>
      log
        .commits()
        .flatMap((event) => (event.type === 'commit' ? event.commit.patches : []))
        .filter((patch) => patch.path[0] === slice);
    const consentPatches = patchesOf('consents');
    expect(consentPatches.length).toBeGreaterThan(0);
    expect(consentPatches.every((patch) => patch.path.length >= 3)).toBe(true);
    // The SCA session it opened the same way: under its key, in the chunk it was added to.
    const session = sessionList(sandbox.getState())[0];
    expect(entry?.changes).toContainEqual(
      expect.objectContaining({
        kind: 'added',
        path: ['sessions', `${session?.tppId} ${session?.sessionId}`],
      }),
    );
    const sessionPatches = patchesOf('sessions');
    expect(sessionPatches.length).toBeGreaterThan(0);
    expect(sessionPatches.every((patch) => patch.path.length >= 3)).toBe(true);
    const restored = await api(sandbox, 'POST', `/_sandbank/history/${entry?.commit}/restore`);
    expect(restored.status).toBe(200);
    expect(consentCount(sandbox.getState())).toBe(0);
    expect(log.last().changes).toContainEqual(
      expect.objectContaining({ kind: 'removed', path: ['consents', given?.consentId] }),
    );
  });

  it('gives before and after of a changed value', async () => {
    const sandbox = newSandbox();
    const log = recording(sandbox);
    await api(sandbox, 'POST', '/_sandbank/clock', { body: { advanceMinutes: 60 } });
    expect(log.last().changes).toContainEqual({
      kind: 'changed',
      path: ['clock', 'offsetMs'],
      before: 0,
      after: 3_600_000,
    });
  });

  it('says a request that changed nothing made no commit and no changes', async () => {
    const sandbox = newSandbox();
    const log = recording(sandbox);
    await api(sandbox, 'GET', '/_sandbank/clock');
    expect(log.last()).toMatchObject({ commit: null, changes: [], changesOmitted: 0 });
  });

  it('summarises a value too large to carry instead of copying it', async () => {
    const sandbox = newSandbox();
    await createPayment(sandbox, ndctBody(sandbox.getState()));
    const log = recording(sandbox);
    // Another seed: every slice is replaced, the seeded transactions included.
    await api(sandbox, 'POST', '/_sandbank/reset', { body: { seed: 'another seed' } });
    const slices = log.last().changes.filter((c) => c.path.length === 1);
    expect(slices.length).toBeGreaterThan(0);
    const transactions = slices.find((c) => c.path[0] === 'transactions');
    expect(transactions?.afterSummary).toMatch(/^an object with \d+ keys$/);
    expect(transactions).not.toHaveProperty('after');
  });

  it('lists a reset as the slices it brought back, not the ones that were still as seeded', async () => {
    const sandbox = newSandbox();
    await createPayment(sandbox, ndctBody(sandbox.getState()));
    const log = recording(sandbox);
    await api(sandbox, 'POST', '/_sandbank/reset');
    const slices = log
      .last()
      .changes.filter((c) => c.path.length === 1)
      .map((c) => c.path[0]);
    expect(slices).toContain('payments');
    expect(slices).not.toContain('transactions');
    expect(slices).not.toContain('customers');
  });
});

describe('restoring the bank to before a request', () => {
  it('removes a payment and everything it did, as one commit', async () => {
    const sandbox = newSandbox();
    const log = recording(sandbox);
    const before = bank(sandbox);
    const created = await createPayment(sandbox, ndctBody(sandbox.getState()));
    const commit = log.last().commit as number;
    const commitsBefore = log.commits().length;

    const restored = await api(sandbox, 'POST', `/_sandbank/history/${commit}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ restoredToBefore: commit, undone: [commit] });
    expect(paymentById(sandbox.getState(), created.body.paymentId)).toBeUndefined();
    expect(bank(sandbox)).toEqual(before);
    expect(log.commits().length).toBe(commitsBefore + 1);
    // The restore's own log entry lists the payment as removed.
    expect(log.last().changes).toContainEqual(
      expect.objectContaining({ kind: 'removed', path: ['payments', created.body.paymentId] }),
    );
  });

  it('touches only what changed since, not whole slices', async () => {
    const sandbox = newSandbox();
    const log = recording(sandbox);
    await createPayment(sandbox, ndctBody(sandbox.getState()));
    const commit = log.last().commit as number;
    await api(sandbox, 'POST', `/_sandbank/history/${commit}/restore`);
    const restore = log.commits().at(-1);
    const paths = restore?.type === 'commit' ? restore.commit.patches.map((p) => p.path) : [];
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.every((path) => path.length >= 2)).toBe(true);
  });

  it('can itself be undone, bringing the payment back', async () => {
    const sandbox = newSandbox();
    const log = recording(sandbox);
    const created = await createPayment(sandbox, ndctBody(sandbox.getState()));
    await api(sandbox, 'POST', `/_sandbank/history/${log.last().commit}/restore`);
    const restoreCommit = log.last().commit as number;
    await api(sandbox, 'POST', `/_sandbank/history/${restoreCommit}/restore`);
    expect(paymentById(sandbox.getState(), created.body.paymentId)?.paymentId).toBe(created.body.paymentId);
  });

  it('undoes every later commit too, and lists them', async () => {
    const sandbox = newSandbox();
    const log = recording(sandbox);
    await createPayment(sandbox, ndctBody(sandbox.getState()));
    const first = log.last().commit as number;
    await api(sandbox, 'POST', '/_sandbank/clock', { body: { advanceMinutes: 60 } });
    const second = log.last().commit as number;
    const restored = await api(sandbox, 'POST', `/_sandbank/history/${first}/restore`);
    expect(restored.body.undone).toEqual([first, second]);
    expect(sandbox.getState().clock.offsetMs).toBe(0);
    expect(paymentList(sandbox.getState()).map((e) => e.paymentId)).toEqual([]);
  });

  it('answers 404 RESOURCE_UNKNOWN for a commit it no longer remembers, naming the ones it does', async () => {
    const sandbox = newSandbox({});
    const log = recording(sandbox);
    for (let i = 0; i < 3; i++)
      await api(sandbox, 'POST', '/_sandbank/clock', { body: { advanceMinutes: 1 } });
    const latest = log.last().commit as number;
    const unknown = await api(sandbox, 'POST', `/_sandbank/history/${latest + 5}/restore`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.tppMessages[0]).toMatchObject({ code: 'RESOURCE_UNKNOWN', path: 'seq' });
    expect(unknown.body.tppMessages[0].text).toContain(`commits 1 to ${latest}`);
  });

  it('keeps only the last `historyLimit` commits', async () => {
    const { createSandbox } = await import('../../src/index.js');
    const sandbox = createSandbox({ now: () => Date.parse('2026-03-02T10:00:00Z'), historyLimit: 2 });
    for (let i = 0; i < 3; i++) {
      await sandbox.fetch(
        new Request('http://localhost/_sandbank/clock', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ advanceMinutes: 1 }),
        }),
      );
    }
    const history = await (await sandbox.fetch(new Request('http://localhost/_sandbank/history'))).json();
    expect(history).toMatchObject({ limit: 2, commits: [{ seq: 2 }, { seq: 3 }] });
    const forgotten = await sandbox.fetch(
      new Request('http://localhost/_sandbank/history/1/restore', { method: 'POST' }),
    );
    expect(forgotten.status).toBe(404);
  });

  it('rejects a commit number that is not a number with 400 FORMAT_ERROR', async () => {
    const sandbox = newSandbox();
    const answer = await api(sandbox, 'POST', '/_sandbank/history/abc/restore');
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'seq' });
  });

  it('numbers commits after `firstSeq`, so a restarted host never repeats a number', async () => {
    const { createSandbox } = await import('../../src/index.js');
    const sandbox = createSandbox({ now: () => Date.parse('2026-03-02T10:00:00Z'), firstSeq: 41 });
    const seen: number[] = [];
    sandbox.subscribe((e) => e.type === 'commit' && seen.push(e.commit.seq));
    await sandbox.fetch(new Request('http://localhost/_sandbank/reset', { method: 'POST' }));
    expect(seen).toEqual([42]);
  });
});

describe('named snapshots', () => {
  it('saves, lists, restores and deletes a snapshot', async () => {
    const sandbox = newSandbox();
    const before = bank(sandbox);
    const saved = await api(sandbox, 'POST', '/_sandbank/snapshots', { body: { name: 'before payment' } });
    expect(saved.status).toBe(201);
    expect(saved.headers.get('location')).toBe('/_sandbank/snapshots/before%20payment');
    const created = await createPayment(sandbox, ndctBody(sandbox.getState()));

    const list = await api(sandbox, 'GET', '/_sandbank/snapshots');
    expect(list.body.snapshots).toEqual([
      {
        name: 'before payment',
        savedAt: Date.parse('2026-03-02T10:00:00Z'),
        payments: 0,
        consents: 0,
        accounts: expect.any(Number),
      },
    ]);

    const restored = await api(sandbox, 'POST', '/_sandbank/snapshots/before%20payment/restore');
    expect(restored.status).toBe(200);
    expect(paymentById(sandbox.getState(), created.body.paymentId)).toBeUndefined();
    const { snapshots: _s, ...restoredBank } = bank(sandbox) as Record<string, unknown>;
    const { snapshots: _b, ...savedBank } = before as Record<string, unknown>;
    expect(restoredBank).toEqual(savedBank);
    // The snapshot stays after a restore.
    expect(Object.keys(sandbox.getState().snapshots)).toEqual(['before payment']);

    expect((await api(sandbox, 'DELETE', '/_sandbank/snapshots/before%20payment')).status).toBe(204);
    const again = await api(sandbox, 'DELETE', '/_sandbank/snapshots/before%20payment');
    expect(again.status).toBe(404);
    expect(again.body.tppMessages[0].code).toBe('RESOURCE_UNKNOWN');
  });

  it('replaces a snapshot of the same name with 200', async () => {
    const sandbox = newSandbox();
    await api(sandbox, 'POST', '/_sandbank/snapshots', { body: { name: 'start' } });
    await createPayment(sandbox, ndctBody(sandbox.getState()));
    const again = await api(sandbox, 'POST', '/_sandbank/snapshots', { body: { name: 'start' } });
    expect(again.status).toBe(200);
    expect(again.body.payments).toBe(1);
  });

  it('returns one snapshot with its state, importable as a file', async () => {
    const sandbox = newSandbox();
    await api(sandbox, 'POST', '/_sandbank/snapshots', { body: { name: 'start' } });
    const one = await api(sandbox, 'GET', '/_sandbank/snapshots/start');
    expect(one.status).toBe(200);
    // In the export's format: the accounts flat, as `GET /_sandbank/state` lists them.
    expect(one.body.state.accounts).toEqual(
      JSON.parse(JSON.stringify(stateToExport(sandbox.getState()).accounts)),
    );
    expect(one.body.state).not.toHaveProperty('snapshots');
  });

  it('keeps snapshots across a reset and an import of a file without them', async () => {
    const sandbox = newSandbox();
    const file = JSON.parse(JSON.stringify(sandbox.getState()));
    delete file.snapshots;
    await api(sandbox, 'POST', '/_sandbank/snapshots', { body: { name: 'kept' } });
    await api(sandbox, 'POST', '/_sandbank/reset');
    expect(Object.keys(sandbox.getState().snapshots)).toEqual(['kept']);
    expect((await api(sandbox, 'PUT', '/_sandbank/state', { body: file })).status).toBe(204);
    expect(Object.keys(sandbox.getState().snapshots)).toEqual(['kept']);
  });

  it('travels with an exported state into another bank', async () => {
    const source = newSandbox();
    await api(source, 'POST', '/_sandbank/snapshots', { body: { name: 'shared' } });
    const target = newSandbox();
    await api(target, 'PUT', '/_sandbank/state', { body: JSON.parse(JSON.stringify(source.getState())) });
    expect((await api(target, 'POST', '/_sandbank/snapshots/shared/restore')).status).toBe(200);
  });

  it('rejects a name that is empty, too long or could reach a prototype', async () => {
    const sandbox = newSandbox();
    for (const name of ['', '__proto__', 'constructor', 'toString', 'x'.repeat(81), 'a/b']) {
      const answer = await api(sandbox, 'POST', '/_sandbank/snapshots', { body: { name } });
      expect(answer.status, name).toBe(400);
      expect(answer.body.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'name' });
    }
    expect(sandbox.getState().snapshots).toEqual({});
  });

  it('refuses an imported snapshot whose name no path could reach, the bank unchanged', async () => {
    const sandbox = newSandbox();
    await api(sandbox, 'POST', '/_sandbank/snapshots', { body: { name: 'kept' } });
    const exported = (await api(sandbox, 'GET', '/_sandbank/state')).body as {
      snapshots: Record<string, unknown>;
    };
    const before = JSON.stringify(sandbox.getState());
    for (const name of ['a/b', '', 'x'.repeat(300)]) {
      const body = { ...exported, snapshots: { ...exported.snapshots, [name]: exported.snapshots.kept } };
      const answer = await api(sandbox, 'PUT', '/_sandbank/state', { body });
      expect(answer.status, name).toBe(400);
      expect(answer.body.tppMessages[0].code).toBe('FORMAT_ERROR');
      expect(answer.body.tppMessages[0].path).toMatch(/^snapshots/);
    }
    expect(JSON.stringify(sandbox.getState())).toBe(before);
  });

  it('answers 404 for restoring an unknown snapshot, the bank unchanged', async () => {
    const sandbox = newSandbox();
    const before = JSON.stringify(sandbox.getState());
    const answer = await api(sandbox, 'POST', '/_sandbank/snapshots/nope/restore');
    expect(answer.status).toBe(404);
    expect(JSON.stringify(sandbox.getState())).toBe(before);
  });
});

describe('the time-travel routes in the OpenAPI document', () => {
  it('lists history and snapshots like the other control routes', async () => {
    const sandbox = newSandbox();
    const document = await api(sandbox, 'GET', '/_sandbank/openapi.json');
    const paths = Object.keys(document.body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/_sandbank/history',
        '/_sandbank/history/{seq}/restore',
        '/_sandbank/snapshots',
        '/_sandbank/snapshots/{name}',
        '/_sandbank/snapshots/{name}/restore',
      ]),
    );
    expect(document.body.paths['/_sandbank/snapshots'].post.operationId).toBe('saveSnapshot');
  });
});
