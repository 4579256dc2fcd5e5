import { current, type Draft, Immer, isDraft, type Patch } from 'immer';
import type { RequestContext } from '../core/context.js';
import { ApiError } from '../core/errors.js';
import type { EngineResponse } from '../core/http.js';
import { isKeyed } from '../core/keyed-chunks.js';
import { reconcile } from '../core/reconcile.js';
import { authorisationById } from '../core/records.js';
import { type Authorisation, isKeyedSlice, type State } from '../core/state.js';
import { htmlPage, pageRedirect } from '../sca/html.js';
import { corporateIdFor, psuIdFor } from '../sca/psu.js';
import { failureLocation, type ScaFailure, successLocation } from '../sca/redirects.js';
import { completeSession } from '../sca/sessions.js';
import { SCA_OUTCOMES, type ScaPsu } from './outcomes.js';
import { closedPage } from './pages.js';

/** Without a TPP-Redirect-URI the PSU gets a page instead of a redirect. */
function endPage(
  authorisation: Authorisation,
  location: string | null,
  title: string,
  text: string,
): EngineResponse {
  const options = { redirectUri: authorisation.redirectUri };
  return location === null || authorisation.redirectUri === null
    ? htmlPage(200, closedPage(title, text), options)
    : pageRedirect(location, options);
}

/** Tells the TPP that the SCA failed without changing anything (e.g. a reused link). */
export function failureResponse(authorisation: Authorisation, failure: ScaFailure): EngineResponse {
  const location =
    authorisation.redirectUri === null ? null : failureLocation(authorisation.redirectUri, failure);
  return endPage(authorisation, location, 'Authorisation failed', failure.message);
}

/** The SCA failed or was cancelled: the outcome is told, then the PSU goes back to the TPP (part 5.3). */
export function failAuthorisation(
  draft: Draft<State>,
  authorisation: Draft<Authorisation>,
  ctx: RequestContext,
  failure: ScaFailure,
): EngineResponse {
  authorisation.status = 'failed';
  SCA_OUTCOMES[authorisation.kind]?.cancel(draft, authorisation, ctx);
  return failureResponse(authorisation, failure);
}

/** Like the reducer's: state is replaced, never mutated, so freezing buys nothing. */
const scratchImmer = new Immer({ autoFreeze: false });

/**
 * The ids of each slice's entries the scratch change wrote, as its patches name them; null for a
 * slice it replaced whole.
 */
function writtenEntries(patches: readonly Patch[]): Map<string, Set<string> | null> {
  const written = new Map<string, Set<string> | null>();
  for (const { path } of patches) {
    const slice = String(path[0]);
    if (path.length < 2) {
      written.set(slice, null);
      continue;
    }
    const ids = written.get(slice);
    if (ids === null) continue;
    if (ids === undefined) written.set(slice, new Set([String(path[1])]));
    else ids.add(String(path[1]));
  }
  return written;
}

/**
 * Runs `change` on a copy and keeps its effect only when it does not throw: an outcome that refuses
 * (e.g. PAYMENT_FAILED) leaves no half-done change behind. Changes are copied back per entry of each
 * slice, so the recorded patches stay as small as the change; a slice kept in chunks (the consents a
 * consent's SCA gives) down to the chunks and the entries that changed, not its whole list of groups.
 * The entries of a flat slice copied back are those the copy's patches name: listing every id of a
 * slice twice costs what the slice holds (V8 lists 50 000 accounts' ids in 18 ms; docs/benchmarks.md,
 * "Session 33").
 */
function applyAtomically(draft: Draft<State>, change: (scratch: Draft<State>) => void): void {
  const before = (isDraft(draft) ? current(draft) : draft) as State;
  const [after, patches] = scratchImmer.produceWithPatches(before, change);
  const written = writtenEntries(patches);
  const target = draft as unknown as Record<string, unknown>;
  for (const key of Object.keys(after) as (keyof State)[]) {
    const was = before[key] as unknown;
    const now = after[key] as unknown;
    if (was === now) continue;
    const slice = target[key];
    if (typeof now !== 'object' || now === null || typeof slice !== 'object' || slice === null) {
      target[key] = now;
      continue;
    }
    const into = slice as Record<string, unknown>;
    const from = now as Record<string, unknown>;
    const old = (was ?? {}) as Record<string, unknown>;
    if (isKeyedSlice(key) && isKeyed(old) && isKeyed(from)) {
      reconcile(into, old, from);
      continue;
    }
    const ids = written.get(key);
    for (const id of ids ?? Object.keys(from))
      if (Object.hasOwn(from, id) && from[id] !== old[id]) into[id] = from[id];
    for (const id of ids ?? Object.keys(old))
      if (!Object.hasOwn(from, id) && Object.hasOwn(old, id)) delete into[id];
  }
}

/**
 * The PSU approved: the outcome applies the effect, the session starts (part 5.2 rule 6), and the PSU
 * goes back to the TPP with its ids (part 5.3). An outcome that refuses fails the SCA instead.
 */
export function approveAuthorisation(
  draft: Draft<State>,
  authorisation: Draft<Authorisation>,
  ctx: RequestContext,
): EngineResponse {
  const nationalId = authorisation.nationalId as string;
  const context = authorisation.context ?? 'PRIVATE';
  const corporateId =
    context === 'CORPORATE' && authorisation.agreementId !== null
      ? corporateIdFor(draft, authorisation.agreementId, authorisation.tppId)
      : null;
  const scaAt = authorisation.scaAt ?? ctx.now;
  const psu: ScaPsu = { psuId: psuIdFor(draft, nationalId, authorisation.tppId), nationalId, context, scaAt };
  if (corporateId !== null) psu.corporateId = corporateId;
  try {
    applyAtomically(draft, (scratch) => {
      const own = authorisationById(scratch, authorisation.authorisationId) as Draft<Authorisation>;
      SCA_OUTCOMES[authorisation.kind]?.approve(scratch, own, psu, ctx);
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const first = error.messages[0];
    return failAuthorisation(draft, authorisation, ctx, {
      status: error.status,
      code: first?.code ?? 'SCA_INVALID',
      message: first?.text ?? 'the authorisation could not be completed',
    });
  }
  authorisation.status = 'finalised';
  if (authorisation.sessionId !== null) {
    completeSession(draft, authorisation.tppId, authorisation.sessionId, nationalId, ctx.now, scaAt);
  }
  const location =
    authorisation.redirectUri === null
      ? null
      : successLocation(authorisation, authorisation.redirectUri, { psuId: psu.psuId, corporateId, context });
  return endPage(authorisation, location, 'Done', 'You can close this page and return to the service.');
}
