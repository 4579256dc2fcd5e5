import { enablePatches, type Patch, produceWithPatches } from 'immer';
import type { Profile, TppContext } from '../core/context.js';
import { apiError } from '../core/errors.js';
import type { FaultEffect, FaultRule } from '../core/fault-state.js';
import { type EngineResponse, errorBody, json, withHeaders } from '../core/http.js';
import type { PathMatch, Route } from '../core/router.js';
import type { State } from '../core/state.js';
import { FAULT_HEADER, parseFaultHeader } from './header.js';
import {
  anyLive,
  describeEffect,
  type EffectKind,
  type FaultFacts,
  isErrorEffect,
  maintenanceEnd,
  RETRY_AFTER_STATUSES,
  seededDraw,
  takeRule,
} from './match.js';
import { operationIds } from './operation-ids.js';
import { scenarioNamed } from './scenarios.js';

enablePatches();

/** The effects that act on a request as it arrives (SCA and payment effects act inside operations). */
const REQUEST_KINDS: readonly EffectKind[] = ['maintenance', 'error', 'network', 'delay'];
/** The /v1 services: faults never touch the control plane or the bank's pages. */
const API_SERVICES = new Set(['ais', 'pis', 'sandbox', 'psu']);

export interface FaultGateInput {
  state: State;
  routes: readonly Route[];
  /** The route the request matched, with its parameters (null: none). */
  match: PathMatch | null;
  method: string;
  /** The path as routed (below any mount). */
  path: string;
  headers: Record<string, string>;
  tpp: TppContext;
  /** Bank time. */
  now: number;
  profile: Profile;
  basePath: string;
}

export type FaultAction =
  | { kind: 'respond'; response: EngineResponse }
  | { kind: 'network' }
  | { kind: 'delay'; ms: number };

export interface FaultVerdict {
  /** Null when rules only counted the request (every Nth, probability) without firing. */
  action: FaultAction | null;
  /** `<rule id>; <effect>`, sent as the `X-Sandbank-Fault` response header and shown in the request log. */
  label: string;
  /** The state with the rule's counters moved on (the same state when nothing changed). */
  state: State;
  patches: Patch[];
}

function retryAfter(effect: FaultEffect, rule: FaultRule | null, now: number): number | null {
  if ('maintenance' in effect)
    return Math.max(1, Math.ceil(((maintenanceEnd(effect, now) ?? now) - now) / 1000));
  if (!isErrorEffect(effect) || !RETRY_AFTER_STATUSES.includes(effect.status)) return null;
  if (effect.retryAfterSeconds !== undefined) return effect.retryAfterSeconds;
  if (rule?.until != null) return Math.max(1, Math.ceil((Date.parse(rule.until) - now) / 1000));
  return 60;
}

function actionOf(
  effect: FaultEffect,
  rule: FaultRule | null,
  id: string,
  seed: string,
  now: number,
): FaultAction {
  if ('network' in effect) return { kind: 'network' };
  if ('delayMs' in effect) {
    const d = effect.delayMs;
    if (typeof d === 'number') return { kind: 'delay', ms: d };
    const draw = seededDraw(`delay:${seed}:${id}:${rule?.seen ?? 0}`);
    return { kind: 'delay', ms: d.min + Math.floor(draw * (d.max - d.min + 1)) };
  }
  const label = `${id}; ${describeEffect(effect, now)}`;
  const wait = retryAfter(effect, rule, now);
  const headers: Record<string, string> = { [FAULT_HEADER]: label };
  if (wait !== null) headers['retry-after'] = String(wait);
  if ('maintenance' in effect) {
    // The window's own end: `now` plus the rounded-up Retry-After would be off by the clock's milliseconds.
    const end = new Date(maintenanceEnd(effect, now) ?? now).toISOString();
    const text = effect.text ?? `the bank is closed for maintenance until ${end}; try again then`;
    return { kind: 'respond', response: json(503, errorBody([error('SYSTEM_ERROR', text)]), headers) };
  }
  if (!isErrorEffect(effect))
    throw new TypeError(`effect ${describeEffect(effect, now)} does not act on a request`);
  const text = effect.text ?? `${effect.code} injected by fault rule ${id} (docs/faults.md)`;
  return { kind: 'respond', response: json(effect.status, errorBody([error(effect.code, text)]), headers) };
}

function error(code: Parameters<typeof apiError>[0], text: string) {
  return apiError(code, text).messages[0] as ReturnType<typeof apiError>['messages'][number];
}

function factsOf(input: FaultGateInput, route: Route, params: Record<string, string>): FaultFacts {
  return {
    operation: operationIds(input.routes).get(route) ?? null,
    method: input.method,
    path: input.path,
    psuId: input.headers['psu-id'] ?? null,
    tpp: input.tpp.kind === 'verified' ? input.tpp.organisationId : 'unverified',
    paymentProduct: route.path.includes(':product') ? (params.product ?? null) : null,
  };
}

/** The header's fault (sandbox profile only): for this request alone, nothing in the state changes. */
function headerVerdict(input: FaultGateInput, facts: FaultFacts): FaultVerdict | null {
  const value = input.headers[FAULT_HEADER];
  if (value === undefined || input.profile !== 'sandbox') return null;
  let fault: ReturnType<typeof parseFaultHeader>;
  try {
    fault = parseFaultHeader(value);
  } catch (problem) {
    const e = problem as ReturnType<typeof apiError>;
    return {
      action: { kind: 'respond', response: json(e.status, errorBody(e.messages)) },
      label: '',
      state: input.state,
      patches: [],
    };
  }
  if (fault === null) return null;
  let effect: FaultEffect | undefined;
  let rule: FaultRule | null = null;
  if ('scenario' in fault) {
    const scenario = scenarioNamed(fault.scenario);
    // The first of the scenario's request effects that matches this request (draws aside: it is asked
    // for), with the rule's `until`: a Retry-After points to it as the applied scenario's does.
    const rules = (scenario?.rules(input.now, input.basePath) ?? []).map((rule, i) => ({
      id: `header-${i}`,
      match: { ...rule.match, everyNth: undefined, probability: undefined },
      effect: rule.effect,
      times: null,
      until: rule.until ?? null,
      scenario: null,
      createdAt: new Date(input.now).toISOString(),
      seen: 0,
      fired: 0,
    }));
    rule = takeRule(rules as FaultRule[], REQUEST_KINDS, facts, input.now, '');
    effect = rule?.effect;
  } else {
    effect = fault.effect;
  }
  if (effect === undefined) return null;
  const action = actionOf(effect, rule, 'header', input.state.meta.seed, input.now);
  return { action, label: `header; ${describeEffect(effect, input.now)}`, state: input.state, patches: [] };
}

/**
 * The request-level fault hook (docs/faults.md), run in the request's turn before the reducer: the
 * first live rule that matches answers an error, drops the connection or delays the request. Its
 * counters move on in the returned state, which the caller commits whatever the effect; an injected
 * error changes nothing else. Null when no fault applies (the request goes on as usual).
 */
export function checkFaults(input: FaultGateInput): FaultVerdict | null {
  if (input.match === null || !API_SERVICES.has(input.match.route.service)) return null;
  const { route, params } = input.match;
  const asked = input.headers[FAULT_HEADER] !== undefined && input.profile === 'sandbox';
  // The common case, no rules and no header, costs one look at the rules.
  if (!asked && !anyLive(input.state.faults.rules, REQUEST_KINDS, input.now)) return null;
  const facts = factsOf(input, route, params);
  const fromHeader = withRequestId(headerVerdict(input, facts), input.headers);
  if (fromHeader !== null) return fromHeader;
  let takenId: string | null = null;
  const [state, patches] = produceWithPatches(input.state, (draft) => {
    takenId =
      takeRule(draft.faults.rules, REQUEST_KINDS, facts, input.now, input.state.meta.seed)?.id ?? null;
  });
  const rule = state.faults.rules.find((r) => r.id === takenId);
  // Rules that matched but did not draw still count the request: their counters are committed too.
  if (rule === undefined) return patches.length === 0 ? null : { action: null, label: '', state, patches };
  return withRequestId(
    {
      action: actionOf(rule.effect, rule, rule.id, input.state.meta.seed, input.now),
      label: `${rule.id}; ${describeEffect(rule.effect, input.now)}`,
      state,
      patches,
    },
    input.headers,
  );
}

/** An injected answer echoes X-Request-ID, as every answer of the bank does. */
function withRequestId<V extends FaultVerdict | null>(verdict: V, headers: Record<string, string>): V {
  const id = headers['x-request-id'];
  if (verdict?.action?.kind !== 'respond' || id === undefined) return verdict;
  const response = verdict.action.response;
  const echoed = withHeaders(response, { 'x-request-id': id });
  return {
    action: { kind: 'respond', response: echoed },
    label: verdict.label,
    state: verdict.state,
    patches: verdict.patches,
  } as V;
}

/** What the request hook needs from the pipeline around it. */
export interface FaultIo {
  /** Commits (and persists) a change; resolves with the 500 to answer when storing failed. */
  commit(next: State, patches: Patch[]): Promise<EngineResponse | null>;
  /** Waits `ms` outside the request queue, then takes a new turn (a delay never blocks other requests). */
  pause(ms: number): Promise<void>;
}

export interface FaultOutcome {
  /** The answer instead of the bank's: an injected error, or a network failure (status 0). Null: go on. */
  response: EngineResponse | null;
  /** Marks the bank's own answer to a delayed request with `X-Sandbank-Fault`. */
  mark(response: EngineResponse): EngineResponse;
}

/**
 * The request hook as one call (docs/faults.md): decides, commits the rule's counters, then answers
 * for the bank, drops the request or delays it. Null, at once (no promise), when no rule applies: the
 * common case costs the request nothing but a look at the rules.
 */
export function applyFaults(input: FaultGateInput, io: FaultIo): Promise<FaultOutcome | null> | null {
  const verdict = checkFaults(input);
  return verdict === null ? null : applyVerdict(verdict, io);
}

async function applyVerdict(verdict: FaultVerdict, io: FaultIo): Promise<FaultOutcome | null> {
  const unmarked = (response: EngineResponse) => response;
  if (verdict.patches.length > 0) {
    const failed = await io.commit(verdict.state, verdict.patches);
    if (failed !== null) return { response: failed, mark: unmarked };
  }
  const action = verdict.action;
  if (action === null) return null;
  if (action.kind === 'respond') return { response: action.response, mark: unmarked };
  if (action.kind === 'network') {
    return { response: { status: 0, headers: { [FAULT_HEADER]: verdict.label } }, mark: unmarked };
  }
  await io.pause(action.ms);
  return {
    response: null,
    mark: (response) => withHeaders(response, { [FAULT_HEADER]: verdict.label }),
  };
}
