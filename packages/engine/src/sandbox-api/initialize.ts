import { empty } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { createSeedState } from './seed.js';

/**
 * POST /v1/sandbox/initialize (part 1, 4.2 item 12): back to the seeded state. Customers and accounts
 * made by hand are deleted; the bank clock keeps its time.
 */
export const initializeSandbox: Operation = (draft, _input, ctx) => {
  const offsetMs = draft.clock.offsetMs;
  Object.assign(draft, createSeedState(draft.meta.seed, ctx.now));
  draft.clock.offsetMs = offsetMs;
  return empty(204);
};
