import fc from 'fast-check';
import { freeze, produce } from 'immer';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../src/core/context.js';
import { MAX_IDS_PER_TPP, rememberRequest } from '../../src/core/replay.js';
import type { SeenRequests, State } from '../../src/core/state.js';

/**
 * The bounds of a TPP's replay memory, whatever its blocks look like inside (core/replay.ts reads
 * each frozen block's size and earliest id once and keeps them): after every signed write the memory
 * holds at most MAX_IDS_PER_TPP ids; an id leaves it only when it has expired or, over the bound, when
 * no id kept expires before it; and under the bound nothing leaves.
 */

const TPP = 'PSDNO-FSA-REPLAY';
const START = Date.UTC(2026, 0, 5, 10);

type Memory = Pick<State, 'seenRequests'>;

function idsOf(memory: Memory): Map<string, number> {
  const seen: SeenRequests | undefined = memory.seenRequests[TPP];
  if (seen === undefined) return new Map();
  return new Map(
    Object.entries(Object.assign({}, ...(seen.earlier ?? []), seen.ids) as Record<string, number>),
  );
}

/** One signed write as the reducer remembers it, the result frozen as the reducer leaves a state. */
function write(memory: Memory, requestId: string, signedAt: number, now: number): Memory {
  const ctx = {
    now,
    tpp: { kind: 'verified', organisationId: TPP, name: TPP, roles: [], fingerprint: TPP, signedAt },
  } as unknown as RequestContext;
  const request = { method: 'POST', path: '/v1/payments', query: {}, headers: { 'x-request-id': requestId } };
  return freeze(
    produce(memory, (draft) => {
      rememberRequest(draft as never, request as never, ctx);
    }),
    true,
  );
}

const step = fc.record({
  // A new id, or one used before (the reducer refuses one still in the window: only expired ones come back).
  reuse: fc.option(fc.nat(), { freq: 8 }),
  // How long before the bank's now the request was signed (inside the 60 s window).
  age: fc.integer({ min: 0, max: 59_000 }),
  // How far the bank clock moves before the write.
  tick: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 400 })),
});

describe('replay memory bounds', () => {
  it('keeps at most the bound, forgetting only expired ids or, over the bound, the one expiring first', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 560, maxLength: 700 }), (steps) => {
        let memory: Memory = freeze({ seenRequests: {} }, true);
        let now = START;
        let fresh = 0;
        const used: string[] = [];
        for (const { reuse, age, tick } of steps) {
          now += tick;
          const before = idsOf(memory);
          let id = `w-${fresh}`;
          if (reuse !== null && used.length > 0) {
            const old = used[reuse % used.length] as string;
            // The reducer's checkReplay answers 409 to an id still in the window: nothing is remembered.
            if (!((before.get(old) ?? Number.NEGATIVE_INFINITY) >= now)) id = old;
          }
          if (id === `w-${fresh}`) {
            fresh++;
            used.push(id);
          }
          const expiry = now - age + 60_000;
          memory = write(memory, id, now - age, now);
          const after = idsOf(memory);
          const offered = new Map(before);
          offered.set(id, expiry);

          expect(after.size).toBeLessThanOrEqual(MAX_IDS_PER_TPP);
          const live = [...offered.values()].filter((until) => until >= now).length;
          expect(after.size).toBeGreaterThanOrEqual(Math.min(live, MAX_IDS_PER_TPP));
          const earliestKept = Math.min(...after.values());
          // Plain checks collected, one expect a step: 500 expects a step made the test slow.
          const wrong: string[] = [];
          for (const [kept, until] of after) if (offered.get(kept) !== until) wrong.push(`${kept} changed`);
          for (const [gone, until] of offered) {
            if (after.has(gone) || until < now) continue;
            // Over the bound, and nothing kept expires before it.
            if (offered.size <= MAX_IDS_PER_TPP) wrong.push(`${gone} forgotten under the bound`);
            if (until > earliestKept) wrong.push(`${gone} forgotten before an id expiring earlier`);
          }
          expect(wrong).toEqual([]);
        }
      }),
      // A failure is reported as found: shrinking 560 steps takes minutes.
      { numRuns: 12, endOnFailure: true },
    );
  });
});
