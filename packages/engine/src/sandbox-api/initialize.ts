import { empty } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { reseed } from './seed.js';

/**
 * POST /v1/sandbox/initialize (part 1, 4.2 item 12): back to the seeded state. Customers and accounts
 * made by hand are deleted; the bank's own settings (clock, TPP register) stay.
 */
export const initializeSandbox: Operation = (draft, _input, ctx) => {
  reseed(draft, draft.meta.seed, ctx.now);
  return empty(204);
};
