import type { State } from '@sandbank/engine';
import { api, createPayment, ndctBody, newSandbox } from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

type Bank = ReturnType<typeof newSandbox>;

/** A payment unlike the ones before it (the same one again would be a logical duplicate, 409). */
function pay(sandbox: Bank, i: number) {
  return createPayment(
    sandbox,
    ndctBody(sandbox.getState(), { remittanceInformationUnstructured: `Middag ${i}` }),
  );
}

/** A state as JSON, without the pages' token counter (which only rises, even on a restore). */
function asData(state: State): unknown {
  const { pages, ...rest } = JSON.parse(JSON.stringify(state));
  return { ...rest, pages: { sessions: pages.sessions } };
}

function bank(sandbox: Bank): unknown {
  return asData(sandbox.getState());
}

async function remembered(sandbox: Bank): Promise<number[]> {
  const history = await api(sandbox, 'GET', '/_sandbank/history');
  return (history.body.commits as Array<{ seq: number }>).map((c) => c.seq);
}

describe('restoring to before any of the last 200 commits', () => {
  // 30 s: a ceiling against a hang, not a timing (230 signed creations on a contended machine).
  it('brings back exactly the bank before each, oldest, newest and between, after 230 payments', async () => {
    const sandbox = newSandbox();
    // States are immutable: the one before each commit is kept as it is, and read as JSON only when compared.
    const before = new Map<number, State>();
    let seq = 0;
    sandbox.subscribe((event) => {
      if (event.type === 'commit') seq = event.commit.seq;
    });
    for (let i = 0; i < 230; i++) {
      const state = sandbox.getState();
      const created = await pay(sandbox, i);
      expect(created.status).toBe(201);
      before.set(seq, state);
    }
    const window = await remembered(sandbox);
    expect(window).toHaveLength(200);
    const oldest = window[0] as number;
    const newest = window[199] as number;
    expect(newest).toBe(seq);

    // Each restore is a commit too, so the window moves on by one each time: targets go upwards.
    for (const target of [oldest, oldest + 1, oldest + 16, oldest + 17, oldest + 99, newest - 1, newest]) {
      expect(await remembered(sandbox)).toContain(target);
      const restored = await api(sandbox, 'POST', `/_sandbank/history/${target}/restore`);
      expect(restored.status).toBe(200);
      expect(restored.body.restoredToBefore).toBe(target);
      expect(bank(sandbox)).toEqual(asData(before.get(target) as State));
    }
  });

  it('restores to before a restore, and keeps the last 200 commits listed in order', async () => {
    const sandbox = newSandbox();
    for (let i = 0; i < 40; i++) expect((await pay(sandbox, i)).status).toBe(201);
    const afterForty = bank(sandbox);
    const [first] = await remembered(sandbox);
    await api(sandbox, 'POST', `/_sandbank/history/${first}/restore`);
    const commits = await remembered(sandbox);
    const restore = commits.at(-1) as number;
    expect(await api(sandbox, 'POST', `/_sandbank/history/${restore}/restore`)).toMatchObject({
      status: 200,
    });
    expect(bank(sandbox)).toEqual(afterForty);
    const listed = await remembered(sandbox);
    expect(listed).toEqual([...listed].sort((a, b) => a - b));
    expect(listed.at(-1)).toBe(restore + 1);
  });

  it('restores across an import: to before it and to before a payment after it', async () => {
    const sandbox = newSandbox();
    for (let i = 0; i < 5; i++) expect((await pay(sandbox, i)).status).toBe(201);
    const exported = (await api(sandbox, 'GET', '/_sandbank/state')).body;
    for (let i = 5; i < 12; i++) expect((await pay(sandbox, i)).status).toBe(201);
    const beforeImport = bank(sandbox);
    expect((await api(sandbox, 'PUT', '/_sandbank/state', { body: exported })).status).toBe(204);
    const importCommit = (await remembered(sandbox)).at(-1) as number;
    const before = new Map<number, unknown>();
    for (let i = 12; i < 40; i++) {
      const state = bank(sandbox);
      expect((await pay(sandbox, i)).status).toBe(201);
      before.set((await remembered(sandbox)).at(-1) as number, state);
    }
    const target = importCommit + 20;
    expect((await api(sandbox, 'POST', `/_sandbank/history/${target}/restore`)).status).toBe(200);
    expect(bank(sandbox)).toEqual(before.get(target));
    expect((await api(sandbox, 'POST', `/_sandbank/history/${importCommit}/restore`)).status).toBe(200);
    expect(bank(sandbox)).toEqual(beforeImport);
  });
});
