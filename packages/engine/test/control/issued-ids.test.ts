import { call, fixedSandbox, messages } from '@sandbank/test-support/http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { counterOf, opaqueId } from '../../src/core/ids.js';

// The bank makes each id from its seed and the next counter (core/ids.ts). An imported file whose
// `meta.counter` is below an id it holds would have the bank issue that id again, for a new record
// taking the place of the one the file keeps: such a file is refused whole.

describe('counterOf: the counter behind an id the bank made', () => {
  it('gives back the counter of every id, of both lengths', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(0xffffffff), fc.constantFrom(38, 28), (seed, counter, length) => {
        expect(counterOf(seed, opaqueId(seed, counter, length))).toBe(counter);
      }),
    );
  });

  it('gives null for text in the id shape and a counter outside the bounds', () => {
    expect(counterOf('s', 'enc!!ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijkl==')).toBeNull();
    expect(counterOf('s', 'not an id')).toBeNull();
    expect(counterOf('s', opaqueId('s', 41), 41)).toBeNull();
    expect(counterOf('s', opaqueId('s', 42), 41)).toBe(42);
    expect(counterOf('s', opaqueId('s', 42), 0, 41)).toBeNull();
    expect(counterOf('s', opaqueId('s', 42), 0, 42)).toBe(42);
  });
});

describe('PUT /_sandbank/state with meta.counter set back', () => {
  it('refuses the file whole, naming the counter and the id it would issue again', async () => {
    const source = fixedSandbox();
    const exported = (await call(source, 'GET', '/_sandbank/state')).body as {
      meta: { seed: string; counter: number };
    };
    const target = fixedSandbox({ seed: 'another' });
    const before = JSON.stringify(target.getState());
    const setBack = { ...exported, meta: { ...exported.meta, counter: exported.meta.counter - 1 } };
    const answer = await call(target, 'PUT', '/_sandbank/state', { body: setBack });
    expect(answer.status).toBe(400);
    expect(messages(answer)[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'meta.counter',
      text: expect.stringContaining(opaqueId(exported.meta.seed, exported.meta.counter)),
    });
    expect(JSON.stringify(target.getState())).toBe(before);
    // The same file with its counter as exported is taken.
    expect((await call(target, 'PUT', '/_sandbank/state', { body: exported })).status).toBe(204);
  });

  it('takes a file holding ids made for another seed, which its bank would not issue soon', async () => {
    const source = fixedSandbox({ seed: 'alpha' });
    const exported = (await call(source, 'GET', '/_sandbank/state')).body as { meta: { seed: string } };
    const target = fixedSandbox();
    const renamed = { ...exported, meta: { ...exported.meta, seed: 'beta' } };
    expect((await call(target, 'PUT', '/_sandbank/state', { body: renamed })).status).toBe(204);
  });

  it('checks each snapshot against its own counter', async () => {
    const source = fixedSandbox();
    expect((await call(source, 'POST', '/_sandbank/snapshots', { body: { name: 'first' } })).status).toBe(
      201,
    );
    const exported = (await call(source, 'GET', '/_sandbank/state')).body as {
      snapshots: Record<string, { state: { meta: { counter: number } } }>;
    };
    const snapshot = exported.snapshots.first;
    if (snapshot === undefined) throw new Error('the snapshot is missing from the export');
    snapshot.state.meta.counter = 3;
    const answer = await call(source, 'PUT', '/_sandbank/state', { body: exported });
    expect(answer.status).toBe(400);
    expect(messages(answer)[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'snapshots.first.state.meta.counter',
    });
  });
});
