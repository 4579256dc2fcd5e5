import type { Draft } from 'immer';
import type { RequestContext } from './context.js';
import { apiError } from './errors.js';
import type { EngineRequest } from './http.js';
import type { State } from './state.js';

/**
 * Replay protection (docs/security.md, "Replayed requests"). part 4.1: X-Request-ID is unique per
 * call. A signed request that changes the bank is carried out once: its X-Request-ID is remembered
 * per TPP (the certificate's organisationId) for as long as its signed date is inside the window
 * (part 5.1 rule 1: 60 s), and a second request from the same TPP with that id in that time is
 * refused with 409 CONFLICT. Reads (GET) are not remembered: repeating one changes nothing, and
 * retrying a read with the same id is what HTTP clients do after a lost answer.
 */

/** part 5.1 rule 1 / part 8: the clock deviation a signed date may have. */
export const SIGNATURE_WINDOW_MS = 60_000;
/** Ids kept per TPP: beyond this many writes inside one window the oldest are forgotten first. */
export const MAX_IDS_PER_TPP = 500;
/** TPPs kept at once: beyond this many the one whose ids expire first is forgotten. */
export const MAX_TPPS = 50;

/** The TPP whose ids a request is checked against, or null when the request is not remembered. */
function rememberedTpp(request: EngineRequest, ctx: RequestContext) {
  if (ctx.tpp.kind !== 'verified' || request.method === 'GET') return null;
  const requestId = request.headers['x-request-id'];
  return requestId === undefined ? null : { tpp: ctx.tpp, requestId };
}

/** Before the operation: refuses a write whose X-Request-ID this TPP used within the window. */
export function checkReplay(request: EngineRequest, ctx: RequestContext, state: State): void {
  const seen = rememberedTpp(request, ctx);
  if (seen === null) return;
  const memory = Object.hasOwn(state.seenRequests, seen.tpp.organisationId)
    ? state.seenRequests[seen.tpp.organisationId]
    : undefined;
  const until =
    memory !== undefined && Object.hasOwn(memory.ids, seen.requestId)
      ? memory.ids[seen.requestId]
      : undefined;
  if (until === undefined || until < ctx.now) return;
  throw apiError(
    'CONFLICT',
    `X-Request-ID ${JSON.stringify(seen.requestId.slice(0, 100))} was already used by ${seen.tpp.organisationId} ` +
      `on a request this bank carried out; every call needs its own X-Request-ID (part 4.1), and a signed ` +
      `request is not carried out twice. The id can be used again after ${new Date(until).toISOString()} (bank time)`,
    { path: 'X-Request-ID' },
  );
}

/** Oldest expiry first; among equal ones, the first stored. */
function earliest(entries: ReadonlyArray<readonly [string, number]>): string | undefined {
  let found: readonly [string, number] | undefined;
  for (const entry of entries) if (found === undefined || entry[1] < found[1]) found = entry;
  return found?.[0];
}

/** After the operation, in the same change: remembers the request's id, within the bounds. */
export function rememberRequest(draft: Draft<State>, request: EngineRequest, ctx: RequestContext): void {
  const seen = rememberedTpp(request, ctx);
  if (seen === null || ctx.tpp.kind !== 'verified') return;
  // The date check accepts a signed date within the window of the bank clock, so a replay fails it
  // from here on; should the check also accept the clock source's time (ARCHITECTURE.md "signing
  // clock"), the id must live until both clocks are past this point.
  const expiresAt = ctx.tpp.signedAt + SIGNATURE_WINDOW_MS;
  const all = draft.seenRequests;
  for (const [organisationId, memory] of Object.entries(all)) {
    if (memory.until < ctx.now) delete all[organisationId];
  }
  const own = seen.tpp.organisationId;
  const memory = Object.hasOwn(all, own) ? all[own] : undefined;
  if (memory === undefined) {
    all[own] = { until: expiresAt, ids: { [seen.requestId]: expiresAt } };
    const tpps = Object.entries(all).map(([id, m]) => [id, m.until] as const);
    if (tpps.length > MAX_TPPS) delete all[earliest(tpps.filter(([id]) => id !== own)) ?? own];
    return;
  }
  memory.ids[seen.requestId] = expiresAt;
  memory.until = Math.max(memory.until, expiresAt);
  if (Object.keys(memory.ids).length <= MAX_IDS_PER_TPP) return;
  const ids = Object.entries(memory.ids);
  for (const [id, until] of ids) if (until < ctx.now) delete memory.ids[id];
  if (Object.keys(memory.ids).length > MAX_IDS_PER_TPP) {
    delete memory.ids[earliest(ids.filter(([id]) => Object.hasOwn(memory.ids, id))) ?? seen.requestId];
  }
}
