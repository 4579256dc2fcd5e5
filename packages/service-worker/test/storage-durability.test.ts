import 'fake-indexeddb/auto';
import { accountList, createSandbox, type Sandbox, type State } from '@sandbank/engine';
import { signing } from '@sandbank/test-support/signing';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type DurableStore, openStore } from '../src/storage/index.js';

// The worker's durability promise at the storage level: whatever the sandbox went through (bulk
// transactions that split ledger chunks, back-dated ones that land in old chunks, deleted accounts,
// clock moves, a whole-state import) and wherever compactions happened, a restart restores exactly
// the state the sandbox had. The same store, in Chromium: test/browser/durable-state.test.ts.

const NOW = Date.parse('2026-03-02T10:00:00Z');
const DAY = 86_400_000;

type Step =
  | { kind: 'transactions'; account: number; count: number; daysBack: number }
  | { kind: 'clock'; minutes: number }
  | { kind: 'delete-account'; account: number }
  | { kind: 'import' }
  | { kind: 'compact' }
  | { kind: 'restart' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('transactions' as const),
      account: fc.nat(20),
      count: fc.integer({ min: 1, max: 700 }),
      daysBack: fc.nat(400),
    }),
  },
  fc.record({ kind: fc.constant('clock' as const), minutes: fc.integer({ min: 1, max: 600 }) }),
  fc.record({ kind: fc.constant('delete-account' as const), account: fc.nat(20) }),
  fc.constant({ kind: 'import' as const }),
  { weight: 2, arbitrary: fc.constant({ kind: 'compact' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'restart' as const }) },
);

let databases = 0;
let requests = 0;

/**
 * Compactions happen exactly at the `compact` steps: the idle pause that would start one on its own
 * is longer than any run, so where they happen does not depend on how fast the machine is.
 */
const options = (databaseName: string) => ({ databaseName, compactEvery: 1_000, compactIdleMs: 3_600_000 });

/** A sandbox that stores every commit in `store()`, as the worker wires it. */
function bank(store: () => DurableStore, initialState?: State): Sandbox {
  return signing(
    createSandbox({
      now: () => NOW,
      seed: 'durability',
      ...(initialState === undefined ? {} : { initialState }),
      persist: async (commit) => {
        await store().append(commit.patches, commit.state);
      },
    }),
  );
}

async function send(sandbox: Sandbox, method: string, path: string, body?: unknown): Promise<number> {
  requests += 1;
  const headers: Record<string, string> = {
    'X-Request-ID': `00000000-0000-4000-8000-${String(requests).padStart(12, '0')}`,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await sandbox.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  await response.text();
  return response.status;
}

async function apply(sandbox: Sandbox, action: Step): Promise<void> {
  const accounts = accountList(sandbox.getState());
  const account = 'account' in action ? accounts[action.account % Math.max(accounts.length, 1)] : undefined;
  if (action.kind === 'transactions' && account !== undefined) {
    const date = new Date(NOW - action.daysBack * DAY).toISOString().slice(0, 10);
    const items = Array.from({ length: action.count }, (_, i) => ({
      amount: `${i % 2 === 0 ? '-' : ''}${(i % 90) + 1}.25`,
      currency: account.currency,
      bookingDate: date,
      valueDate: date,
      remittanceInformationUnstructured: `Durability ${i}`,
    }));
    expect(await send(sandbox, 'POST', `/v1/sandbox/accounts/${account.id}/transactions`, items)).toBe(201);
  } else if (action.kind === 'delete-account' && account !== undefined) {
    expect(await send(sandbox, 'DELETE', `/v1/sandbox/accounts/${account.id}`)).toBe(204);
  } else if (action.kind === 'clock') {
    expect(await send(sandbox, 'POST', '/_sandbank/clock', { advanceMinutes: action.minutes })).toBe(200);
  } else if (action.kind === 'import') {
    expect(await send(sandbox, 'PUT', '/_sandbank/state', sandbox.getState())).toBeLessThan(300);
  }
}

describe('durable state across restarts', () => {
  test('a restart restores exactly the state the sandbox had, whatever happened and wherever it compacted', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const databaseName = `durability-${++databases}`;
        let store = await openStore(options(databaseName));
        let sandbox = bank(() => store);
        await store.begin(sandbox.getState());
        for (const action of steps) {
          if (action.kind === 'compact') {
            await store.compact();
          } else if (action.kind === 'restart') {
            store = await openStore(options(databaseName));
            expect(store.report.problem).toBeNull();
            expect(JSON.stringify(store.restored)).toBe(JSON.stringify(sandbox.getState()));
            sandbox = bank(() => store, store.restored ?? undefined);
          } else {
            await apply(sandbox, action);
          }
        }
        const restarted = await openStore(options(databaseName));
        expect(restarted.report.problem).toBeNull();
        expect(JSON.stringify(restarted.restored)).toBe(JSON.stringify(sandbox.getState()));
      }),
      { numRuns: 25 },
    );
  }, 600_000);
});
