import { stateToExport } from '@sandbank/engine';
import { call, fixedSandbox, messages } from '@sandbank/test-support/http';
import { describe, expect, it } from 'vitest';

describe('state export, import and reset through the control plane', () => {
  it('exports the whole state as JSON', async () => {
    const sandbox = fixedSandbox();
    const answer = await call(sandbox, 'GET', '/_sandbank/state');
    expect(answer.body).toEqual(JSON.parse(JSON.stringify(stateToExport(sandbox.getState()))));
  });

  it('imports an exported state into another sandbox', async () => {
    const source = fixedSandbox({ seed: 'alpha' });
    const target = fixedSandbox({ seed: 'beta' });
    const exported = (await call(source, 'GET', '/_sandbank/state')).body;
    expect((await call(target, 'PUT', '/_sandbank/state', { body: exported })).status).toBe(204);
    expect(target.getState()).toEqual(source.getState());
  });

  it('rejects an invalid state whole and keeps the current one', async () => {
    const sandbox = fixedSandbox();
    const before = JSON.stringify(sandbox.getState());
    const broken = { ...JSON.parse(before), accounts: { x: { id: 'x' } } };
    const answer = await call(sandbox, 'PUT', '/_sandbank/state', { body: broken });
    expect(answer.status).toBe(400);
    expect(messages(answer)[0]?.text).toContain('accounts.x');
    expect(JSON.stringify(sandbox.getState())).toBe(before);
  });

  it('rejects a state of another schema version', async () => {
    const sandbox = fixedSandbox();
    const answer = await call(sandbox, 'PUT', '/_sandbank/state', {
      body: { ...sandbox.getState(), version: 99 },
    });
    expect(answer.status).toBe(400);
    expect(messages(answer)[0]?.path).toBe('version');
  });

  it('resets to the seeded state, optionally with another seed', async () => {
    const sandbox = fixedSandbox();
    const seeded = JSON.stringify(sandbox.getState());
    await call(sandbox, 'POST', '/_sandbank/reset', { body: { seed: 'other' } });
    expect(sandbox.getState().meta.seed).toBe('other');
    expect(JSON.stringify(sandbox.getState())).not.toBe(seeded);
    await call(sandbox, 'PUT', '/_sandbank/state', { body: JSON.parse(seeded) });
    await call(sandbox, 'POST', '/_sandbank/reset');
    expect(JSON.stringify(sandbox.getState())).toBe(seeded);
  });

  it('keeps the bank clock across a reset', async () => {
    const sandbox = fixedSandbox();
    await call(sandbox, 'POST', '/_sandbank/clock', { body: { advanceMinutes: 60 } });
    await call(sandbox, 'POST', '/_sandbank/reset');
    expect(sandbox.getState().clock.offsetMs).toBe(3_600_000);
  });
});

describe('a sandbox started from a given state (initialState, with the fixed clock of fixedSandbox)', () => {
  it('starts from an exported state, as an import would', async () => {
    const source = fixedSandbox({ seed: 'alpha' });
    await call(source, 'POST', '/_sandbank/clock', { body: { advanceMinutes: 60 } });
    const exported = (await call(source, 'GET', '/_sandbank/state')).body;
    expect(fixedSandbox({ initialState: exported as never }).getState()).toEqual(source.getState());
    expect(fixedSandbox({ initialState: source.getState() }).getState()).toEqual(source.getState());
  });

  it('throws at once, naming the field, for a state the bank cannot start from', () => {
    const state = JSON.parse(JSON.stringify(fixedSandbox().getState()));
    const cases: Array<[unknown, string]> = [
      [{ ...state, accounts: { x: { id: 'x' } } }, 'accounts.x'],
      [{ ...state, version: 99 }, 'version'],
      [{ ...state, meta: { ...state.meta, counter: 0 } }, 'meta.counter'],
      [null, 'expected object'],
    ];
    for (const [initialState, named] of cases) {
      expect(() => fixedSandbox({ initialState: initialState as never }), named).toThrow(TypeError);
      expect(() => fixedSandbox({ initialState: initialState as never }), named).toThrow(named);
    }
  });

  it('fills in what an older export lacks (its fault rules, its snapshots), as an import does', async () => {
    const {
      faults: _faults,
      snapshots: _snapshots,
      ...older
    } = JSON.parse(JSON.stringify(fixedSandbox().getState()));
    const sandbox = fixedSandbox({ initialState: older });
    expect((await call(sandbox, 'GET', '/_sandbank/snapshots')).status).toBe(200);
    expect((await call(sandbox, 'GET', '/_sandbank/faults')).body).toEqual({ rules: [] });
    expect(sandbox.getState().faults).toEqual({ counter: 0, rules: [], held: [] });
  });
});
