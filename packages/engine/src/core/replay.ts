import type { Draft } from 'immer';
import type { RequestContext } from './context.js';
import { apiError } from './errors.js';
import type { EngineRequest } from './http.js';
import { idRecord, idRecordWith } from './id-trie.js';
import { readable } from './readable.js';
import type { SeenRequests, State } from './state.js';

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
/**
 * A TPP's ids are kept in blocks of at most this many (the newest in `ids`, the older in `earlier`):
 * states are immutable, so a write copies the block it changes; one flat record of up to 500 ids
 * made every signed write copy all of them (docs/benchmarks.md, "Payment creation").
 */
export const ID_BLOCK = 16;

type Ids = Record<string, number>;

/** A TPP's blocks of ids, oldest first. */
function blocksOf(memory: SeenRequests): Ids[] {
  return memory.earlier === undefined ? [memory.ids] : [...memory.earlier, memory.ids];
}

/** Until when this TPP's use of `requestId` is refused (the newest block first: a reused expired id is newer). */
function expiryOf(memory: SeenRequests, requestId: string): number | undefined {
  const blocks = blocksOf(memory);
  for (let i = blocks.length - 1; i >= 0; i--) {
    const block = blocks[i] as Ids;
    if (Object.hasOwn(block, requestId)) return block[requestId];
  }
  return undefined;
}

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
  const until = memory === undefined ? undefined : expiryOf(memory, seen.requestId);
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

/** A block's size and the id in it expiring first (the first stored among equal ones; '' when none). */
interface BlockSummary {
  size: number;
  first: string;
  until: number;
}

/**
 * Summaries of the blocks a state holds. A state's blocks are frozen and never change (a write makes a
 * new block), so each is read once: at the bound every signed write needs every block's size and
 * earliest id, and reading the 500 ids each time was a fifth of a payment creation's engine time
 * (docs/benchmarks.md, session 9).
 */
const summaries = new WeakMap<Ids, BlockSummary>();

function summaryOf(block: Ids): BlockSummary {
  const known = summaries.get(block);
  if (known !== undefined) return known;
  let size = 0;
  let first = '';
  let until = Number.POSITIVE_INFINITY;
  for (const id in block) {
    size++;
    const expiry = block[id] as number;
    if (expiry < until) {
      until = expiry;
      first = id;
    }
  }
  const summary = { size, first, until };
  if (Object.isFrozen(block)) summaries.set(block, summary);
  return summary;
}

/** Splits a record of ids into blocks of ID_BLOCK, in their order. */
function split(ids: Ids): Ids[] {
  const blocks: Ids[] = [];
  let block = idRecord<number>();
  let size = 0;
  for (const id of Object.keys(ids)) {
    if (size === ID_BLOCK) {
      blocks.push(block);
      block = idRecord<number>();
      size = 0;
    }
    block[id] = ids[id] as number;
    size++;
  }
  if (size > 0) blocks.push(block);
  return blocks;
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
  const view = readable(all);
  const kept = Object.keys(view).filter(
    (organisationId) => !((view[organisationId] as SeenRequests).until < ctx.now),
  );
  for (const organisationId of Object.keys(view))
    if (!kept.includes(organisationId)) delete all[organisationId];
  const own = seen.tpp.organisationId;
  const memory = kept.includes(own) ? (view[own] as SeenRequests) : undefined;
  if (memory === undefined) {
    all[own] = { until: expiresAt, ids: idRecordWith(seen.requestId, expiresAt) };
    const others = kept
      .filter((id) => id !== own)
      .map((id) => [id, (view[id] as SeenRequests).until] as const);
    if (others.length + 1 > MAX_TPPS) delete all[earliest(others) ?? own];
    return;
  }
  remember(all[own] as Draft<SeenRequests>, memory, seen.requestId, expiresAt, ctx.now);
}

/** Adds an id to a TPP's memory (`mine`, read as `memory`), then keeps it within MAX_IDS_PER_TPP. */
function remember(
  mine: Draft<SeenRequests>,
  memory: SeenRequests,
  requestId: string,
  expiresAt: number,
  now: number,
) {
  mine.until = Math.max(memory.until, expiresAt);
  // The blocks after this write, as plain data (reading the draft would cost a proxy trap a key).
  let earlier = memory.earlier ?? [];
  // An expired use of the same id in an older block gives way to this one.
  let reused = false;
  earlier.forEach((block, i) => {
    if (!Object.hasOwn(block, requestId)) return;
    reused = true;
    delete (mine.earlier as Ids[])[i]?.[requestId];
  });
  // The newest block as this write leaves it, read below. Made as an id record (no spread): a spread
  // of the ids would take a new hidden class for each of them (docs/decisions/hidden-classes.md).
  let last: Ids;
  if (Object.hasOwn(memory.ids, requestId) || Object.keys(memory.ids).length < ID_BLOCK) {
    mine.ids[requestId] = expiresAt;
    last = Object.assign(idRecord<number>(), memory.ids);
    last[requestId] = expiresAt;
  } else {
    last = idRecordWith(requestId, expiresAt);
    const full = split(memory.ids);
    if (mine.earlier === undefined) mine.earlier = full;
    else mine.earlier.push(...full);
    mine.ids = last;
    earlier = [...earlier, ...full];
  }
  const blocks = [...earlier, last];
  const sizes = blocks.map((block, b) => {
    const { size } = summaryOf(block);
    return b < earlier.length && Object.hasOwn(block, requestId) ? size - 1 : size;
  });
  if (sizes.reduce((sum, size) => sum + size, 0) <= MAX_IDS_PER_TPP) return;
  if (!reused && forgetEarliest(mine, blocks, sizes, now)) {
    dropEmptyBlocks(mine, earlier.length, sizes);
    return;
  }
  // Over the bound: the expired ids go, then the one expiring first (the first stored among equal ones).
  let live = 0;
  let oldest: readonly [number, string, number] | undefined;
  blocks.forEach((block, b) => {
    for (const id of Object.keys(block)) {
      if (b < earlier.length && id === requestId) continue;
      const until = block[id] as number;
      if (until < now) {
        forget(mine, blocks.length, b, id);
        sizes[b] = (sizes[b] as number) - 1;
        continue;
      }
      live++;
      if (oldest === undefined || until < oldest[2]) oldest = [b, id, until];
    }
  });
  if (live > MAX_IDS_PER_TPP && oldest !== undefined) {
    forget(mine, blocks.length, oldest[0], oldest[1]);
    sizes[oldest[0]] = (sizes[oldest[0]] as number) - 1;
  }
  dropEmptyBlocks(mine, earlier.length, sizes);
}

/**
 * Over the bound with nothing expired (the usual case: one write more than the bound inside one
 * window): forgets the id expiring first, the first stored among equal ones, found from the blocks'
 * summaries (no lookup per id); false, changing nothing, when some id has expired.
 */
function forgetEarliest(mine: Draft<SeenRequests>, blocks: Ids[], sizes: number[], now: number): boolean {
  let earliest = Number.POSITIVE_INFINITY;
  let at = -1;
  let id = '';
  for (let b = 0; b < blocks.length; b++) {
    const { first, until } = summaryOf(blocks[b] as Ids);
    if (until < earliest) {
      earliest = until;
      at = b;
      id = first;
    }
  }
  if (at < 0 || earliest < now) return false;
  forget(mine, blocks.length, at, id);
  sizes[at] = (sizes[at] as number) - 1;
  return true;
}

/** Removes the older blocks left empty (`sizes`), and `earlier` itself once it holds none. */
function dropEmptyBlocks(mine: Draft<SeenRequests>, count: number, sizes: number[]) {
  for (let b = count - 1; b >= 0; b--) if (sizes[b] === 0) mine.earlier?.splice(b, 1);
  if (mine.earlier?.length === 0) delete mine.earlier;
}

/** Deletes an id from block `b` of `count` (the last is `ids`). */
function forget(mine: Draft<SeenRequests>, count: number, b: number, id: string) {
  if (b === count - 1) delete mine.ids[id];
  else delete (mine.earlier as Ids[])[b]?.[id];
}

/** One TPP memory per organisationId with every id in `ids`, oldest first (the exported form). */
function flatMemory(all: State['seenRequests']): State['seenRequests'] {
  let flat: State['seenRequests'] | undefined;
  for (const [organisationId, memory] of Object.entries(all)) {
    if (memory.earlier === undefined) continue;
    flat ??= { ...all };
    flat[organisationId] = { until: memory.until, ids: Object.assign({}, ...memory.earlier, memory.ids) };
  }
  return flat ?? all;
}

/**
 * The state as `GET /_sandbank/state` exports it: the format lists each TPP's ids in one record
 * (docs/security.md, "Replayed requests"), so the blocks are joined; the state itself when no TPP
 * has more than one block (no copy).
 */
export function exportedState(state: State): State {
  const seenRequests = flatMemory(state.seenRequests);
  let snapshots = state.snapshots;
  for (const [name, snapshot] of Object.entries(state.snapshots)) {
    const flat = flatMemory(snapshot.state.seenRequests);
    if (flat === snapshot.state.seenRequests) continue;
    if (snapshots === state.snapshots) snapshots = { ...state.snapshots };
    snapshots[name] = { ...snapshot, state: { ...snapshot.state, seenRequests: flat } };
  }
  if (seenRequests === state.seenRequests && snapshots === state.snapshots) return state;
  return { ...state, seenRequests, snapshots };
}
