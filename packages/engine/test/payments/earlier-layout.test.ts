import {
  authorisationList,
  keyedFrom,
  paymentById,
  paymentList,
  type Sandbox,
  type SandboxEvent,
  type State,
  stateFromExport,
  stateToExport,
} from '@sandbank/engine';
import { BUCKETS, EARLIER, type FlatChunks, type GroupedChunks, LAYOUT } from '@sandbank/engine/internal';
import { createPayments, newSandbox } from '@sandbank/test-support/payments';
import { applyPatches, enablePatches } from 'immer';
import { describe, expect, it } from 'vitest';

enablePatches();

// A bank saved before session 7 keeps payments in a flat list of chunks over a fixed number of
// buckets: chunks of 16 over 256 (session 6), or of 64 over 64 (before). It is read and written in
// its own layout (core/keyed-chunks.ts, docs/decisions/keyed-chunks.md), so the changes a store logged
// for it still apply, and a state mirror reading the engine's shape follows it.
const COUNT = 70;

const flat = (keyed: unknown) => keyed as FlatChunks<unknown>;
const grouped = (keyed: unknown) => keyed as GroupedChunks<unknown>;
const sizes = (chunks: readonly object[]) => chunks.map((chunk) => Object.keys(chunk).length);

/** The bank's state with its payments and authorisations in an earlier layout. */
function inLayout(state: State, layout: typeof EARLIER | typeof BUCKETS): State {
  const payments = Object.fromEntries(paymentList(state).map((p) => [p.paymentId, p]));
  const authorisations = Object.fromEntries(authorisationList(state).map((a) => [a.authorisationId, a]));
  return {
    ...state,
    payments: keyedFrom(payments, layout),
    authorisations: keyedFrom(authorisations, layout),
  };
}

async function exported(sb: Sandbox, query = ''): Promise<unknown> {
  const response = await sb.fetch(new Request(`http://bank.test/_sandbank/state${query}`));
  expect(response.status).toBe(200);
  return response.json();
}

describe.each([
  ['before session 6 (chunks of 64 over 64 buckets)', EARLIER, [64, 26]],
  ['of session 6 (chunks of 16 over 256 buckets)', BUCKETS, [16, 16, 16, 16, 16, 10]],
] as const)('payments kept in the layout %s', (_name, layout, after) => {
  it('are read as they are, and a read changes nothing', async () => {
    const source = newSandbox();
    const ids = await createPayments(source, COUNT);
    const sb = newSandbox({ initialState: inLayout(source.getState(), layout) });
    const commits: unknown[] = [];
    sb.subscribe((event) => {
      if (event.type === 'commit') commits.push(event.commit);
    });
    const state = sb.getState();
    expect(flat(state.payments).where).toHaveLength(layout.buckets);
    for (const id of ids) expect(paymentById(state, id)?.paymentId).toBe(id);
    expect(paymentById(state, 'constructor')).toBeUndefined();
    expect(await exported(sb)).toEqual(await exported(source));
    expect(commits).toHaveLength(0);
    expect(flat(sb.getState().payments).where).toHaveLength(layout.buckets);
  });

  it('keep their layout through later changes, which a mirror of the engine’s shape follows', async () => {
    const source = newSandbox();
    const ids = await createPayments(source, COUNT);
    const sb = newSandbox({ initialState: inLayout(source.getState(), layout) });
    let mirror = stateFromExport((await exported(sb, '?shape=engine')) as never);
    sb.subscribe((event: SandboxEvent) => {
      if (event.type === 'commit') mirror = applyPatches(mirror, event.commit.patches);
    });
    const more = await createPayments(sb, 20);
    const state = sb.getState();
    expect(flat(state.payments).where).toHaveLength(layout.buckets);
    expect(sizes(flat(state.payments).chunks)).toEqual(after);
    expect(paymentList(state).map((p) => p.paymentId)).toEqual([...ids, ...more]);
    for (const id of [...ids, ...more]) expect(paymentById(state, id)?.paymentId).toBe(id);
    expect(JSON.stringify(mirror)).toBe(JSON.stringify(state));
  });

  it('are made in the current layout by an import of them', async () => {
    const source = newSandbox();
    const ids = await createPayments(source, COUNT);
    const sb = newSandbox();
    const imported = await sb.fetch(
      new Request('http://bank.test/_sandbank/state', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(inLayout(source.getState(), layout)),
      }),
    );
    expect(imported.status).toBe(204);
    const state = sb.getState();
    expect(grouped(state.payments).groups.map(sizes)).toEqual([[16, 16, 16, 16, 6]]);
    expect(LAYOUT.kind).toBe('grouped');
    expect(paymentList(state).map((p) => p.paymentId)).toEqual(ids);
  });
});

describe('GET /_sandbank/state?shape=engine', () => {
  it('answers the state as the engine keeps it; the default stays the export', async () => {
    const sb = newSandbox();
    await createPayments(sb, 20);
    expect(await exported(sb, '?shape=engine')).toEqual(JSON.parse(JSON.stringify(sb.getState())));
    expect(await exported(sb, '?shape=export')).toEqual(stateToExport(sb.getState()));
    expect(await exported(sb)).toEqual(stateToExport(sb.getState()));
    const bad = await sb.fetch(new Request('http://bank.test/_sandbank/state?shape=chunks'));
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { tppMessages: { code: string; path?: string }[] }).tppMessages[0],
    ).toMatchObject({
      code: 'FORMAT_ERROR',
    });
  });
});
