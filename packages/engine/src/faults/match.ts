import type { Draft } from 'immer';
import type { ErrorEffect, FaultEffect, FaultRule } from '../core/fault-state.js';
import { hashString } from '../core/ids.js';

/** What a rule can be matched against: the request, or the authorisation / payment an effect acts on. */
export interface FaultFacts {
  /** The OpenAPI operationId of the route (null for the SCA and payment hooks). */
  operation: string | null;
  method: string | null;
  /** The path as routed (below any mount), the base path included. */
  path: string | null;
  psuId: string | null;
  tpp: string;
  paymentProduct: string | null;
}

export type EffectKind = 'error' | 'delay' | 'network' | 'sca' | 'paymentStatus' | 'maintenance';

export function effectKind(effect: FaultEffect): EffectKind {
  if ('delayMs' in effect) return 'delay';
  if ('network' in effect) return 'network';
  if ('sca' in effect) return 'sca';
  if ('paymentStatus' in effect) return 'paymentStatus';
  if ('maintenance' in effect) return 'maintenance';
  return 'error';
}

/** The statuses an error answer carries `Retry-After` with (docs/faults.md): the rest take none. */
export const RETRY_AFTER_STATUSES: readonly number[] = [429, 503];

export function isErrorEffect(effect: FaultEffect): effect is ErrorEffect {
  return effectKind(effect) === 'error';
}

/** `*` is one path segment, `**` any number of them; everything else is literal. */
function pathPattern(pattern: string): RegExp {
  const source = pattern
    .split(/(\/\*\*|\*\*|\*)/)
    .map((part) => {
      // `/v1/accounts/**` matches `/v1/accounts` itself too.
      if (part === '/**') return '(?:/.*)?';
      if (part === '**') return '.*';
      if (part === '*') return '[^/]*';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

const DAY_MS = 86_400_000;

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/**
 * The end (bank time, epoch ms) of the maintenance window `now` falls in, or null when outside it.
 * Daily windows are in UTC, as every bank day here, and may run over midnight (23:00–01:00).
 */
export function maintenanceEnd(
  effect: Extract<FaultEffect, { maintenance: unknown }>,
  now: number,
): number | null {
  const window = effect.maintenance;
  if ('until' in window) {
    const from = window.from === undefined ? Number.NEGATIVE_INFINITY : Date.parse(window.from);
    const until = Date.parse(window.until);
    return now >= from && now < until ? until : null;
  }
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  const minute = (now - day) / 60_000;
  const from = minutesOf(window.daily.from);
  const until = minutesOf(window.daily.until);
  if (from === until) return null;
  if (from < until) return minute >= from && minute < until ? day + until * 60_000 : null;
  // Over midnight: in the evening part the window ends tomorrow, in the morning part today.
  if (minute >= from) return day + DAY_MS + until * 60_000;
  return minute < until ? day + until * 60_000 : null;
}

export function isLive(rule: FaultRule, now: number): boolean {
  if (rule.times !== null && rule.fired >= rule.times) return false;
  return rule.until === null || now < Date.parse(rule.until);
}

function filtersHold(rule: FaultRule, facts: FaultFacts, now: number): boolean {
  const m = rule.match;
  if (m.operation !== undefined && m.operation !== facts.operation) return false;
  if (m.method !== undefined && m.method !== facts.method) return false;
  if (m.path !== undefined && (facts.path === null || !pathPattern(m.path).test(facts.path))) return false;
  if (m.psuId !== undefined && m.psuId.toLowerCase() !== facts.psuId?.toLowerCase()) return false;
  if (m.tpp !== undefined && m.tpp !== facts.tpp) return false;
  if (m.paymentProduct !== undefined && m.paymentProduct !== facts.paymentProduct) return false;
  if ('maintenance' in rule.effect && maintenanceEnd(rule.effect, now) === null) return false;
  return true;
}

/** A number in [0, 1) from the text: FNV-1a, then murmur3's finaliser so every input bit counts. */
export function seededDraw(text: string): number {
  let h = hashString(text);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/**
 * Whether the rule fires on its `seen`-th match: every Nth, and with probability p drawn from the
 * seed, the rule's id and its counter (deterministic: the same seed and requests fire the same way).
 */
function draws(rule: FaultRule, seed: string): boolean {
  const m = rule.match;
  if (m.everyNth !== undefined && rule.seen % m.everyNth !== 0) return false;
  if (m.probability !== undefined) {
    if (seededDraw(`fault:${seed}:${rule.id}:${rule.seen}`) >= m.probability) return false;
  }
  return true;
}

/**
 * The first live rule of the given kinds that matches the facts and draws, with its counters moved
 * on (on the draft: the change is committed with the request's). Every matching rule before it counts
 * the match too, so its every-Nth and probability draws go on as the requests come.
 */
export function takeRule(
  rules: Draft<FaultRule>[],
  kinds: readonly EffectKind[],
  facts: FaultFacts,
  now: number,
  seed: string,
): FaultRule | null {
  for (const rule of rules) {
    if (!kinds.includes(effectKind(rule.effect)) || !isLive(rule, now)) continue;
    if (!filtersHold(rule, facts, now)) continue;
    rule.seen += 1;
    if (!draws(rule, seed)) continue;
    rule.fired += 1;
    return rule;
  }
  return null;
}

/** Whether any live rule of these kinds exists (cheap check before making a draft). */
export function anyLive(rules: readonly FaultRule[], kinds: readonly EffectKind[], now: number): boolean {
  return rules.some((rule) => kinds.includes(effectKind(rule.effect)) && isLive(rule, now));
}

/** How the request log and the `X-Sandbank-Fault` response header describe an effect. */
export function describeEffect(effect: FaultEffect, now: number): string {
  if ('delayMs' in effect) {
    const d = effect.delayMs;
    return typeof d === 'number' ? `delay ${d} ms` : `delay ${d.min}-${d.max} ms`;
  }
  if ('network' in effect) return 'network error';
  if ('sca' in effect) return `sca ${effect.sca}`;
  if ('paymentStatus' in effect) return `payment ${effect.paymentStatus}`;
  if ('maintenance' in effect) {
    const end = maintenanceEnd(effect, now);
    return `503 maintenance${end === null ? '' : ` until ${new Date(end).toISOString()}`}`;
  }
  return `${effect.status} ${effect.code}`;
}
