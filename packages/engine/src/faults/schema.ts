import type { Draft } from 'immer';
import * as z from 'zod/mini';
import { apiError } from '../core/errors.js';
import {
  DelayEffect,
  ErrorEffect,
  FaultMatch,
  type FaultRule,
  MaintenanceEffect,
  NetworkEffect,
  PaymentStatusEffect,
  ScaEffect,
} from '../core/fault-state.js';
import type { State } from '../core/state.js';
import { parseWith } from '../core/validate.js';
import { int } from '../core/zod-support.js';
import { RETRY_AFTER_STATUSES } from './match.js';
import type { FaultRuleInput } from './scenarios.js';

/** The effect's schema is chosen by the key that names its kind, so a problem is told at its field. */
function effectSchema(effect: unknown): z.ZodMiniType {
  const has = (key: string) => effect !== null && typeof effect === 'object' && key in effect;
  if (has('delayMs')) return DelayEffect;
  if (has('network')) return NetworkEffect;
  if (has('sca')) return ScaEffect;
  if (has('paymentStatus')) return PaymentStatusEffect;
  if (has('maintenance')) return MaintenanceEffect;
  return ErrorEffect;
}

/** SCA and payment effects act on an authorisation or a payment, not on one request. */
const REQUEST_ONLY_KEYS = ['operation', 'method', 'path'] as const;

/** What a rule's `match` may name: the /v1 operations, and every operationId of the document. */
export interface RuleContext {
  /** The operationIds of the /v1 routes (a request effect acts on these alone). */
  apiOperations: readonly string[];
  /** Every operationId of GET /_sandbank/openapi.json, the control plane's and the pages' too. */
  allOperations: readonly string[];
  /** The API's base path below any mount (`/v1`). */
  basePath: string;
}

const NEVER_FAULTED =
  'the control plane and the bank’s pages are never faulted; a rule acts on /v1 calls only';

/** Whether a `match.path` pattern can match a path under the base path: its text before any `*` leads there. */
function reachesApi(pattern: string, basePath: string): boolean {
  const literal = pattern.split('*')[0] ?? '';
  return literal === basePath || literal.startsWith(`${basePath}/`) || `${basePath}/`.startsWith(literal);
}

/** A problem with a rule that its schema cannot see alone: where it is, and what it is. */
export interface RuleIssue {
  path: Array<string | number>;
  message: string;
}

/** What makes a `match` one that never fires: an operation or a path outside the /v1 API. */
function matchIssues(match: FaultMatch, context: RuleContext): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (match.operation !== undefined && !context.apiOperations.includes(match.operation)) {
    issues.push({
      path: ['operation'],
      message: context.allOperations.includes(match.operation)
        ? `${match.operation} is not a /v1 operation: ${NEVER_FAULTED}`
        : `${match.operation} is not an operationId of GET /_sandbank/openapi.json (e.g. listAccounts, createSinglePayment)`,
    });
  }
  if (match.path !== undefined && !reachesApi(match.path, context.basePath)) {
    issues.push({
      path: ['path'],
      message: `${match.path} is outside the API's base path ${context.basePath}, so it would never match: ${NEVER_FAULTED}`,
    });
  }
  return issues;
}

/** A Retry-After on a status that carries none; request keys on an SCA or payment effect. */
function effectIssues(rule: { match?: FaultMatch | undefined; effect: object }): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const error = rule.effect as { status?: unknown; retryAfterSeconds?: unknown };
  if (error.retryAfterSeconds !== undefined && !RETRY_AFTER_STATUSES.includes(error.status as number)) {
    issues.push({
      path: ['effect', 'retryAfterSeconds'],
      message: `a ${String(error.status)} answer carries no Retry-After: give retryAfterSeconds with 503 or 429 only`,
    });
  }
  if (!('sca' in rule.effect) && !('paymentStatus' in rule.effect)) return issues;
  for (const key of REQUEST_ONLY_KEYS) {
    if (rule.match?.[key] !== undefined) {
      issues.push({
        path: ['match', key],
        message: `${key} does not apply to an SCA or payment effect, which matches by psuId, tpp and paymentProduct`,
      });
    }
  }
  return issues;
}

const addIssues = (issues: readonly RuleIssue[], ctx: z.core.$RefinementCtx) => {
  for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue });
};

function ruleSchema(effect: unknown, context: RuleContext) {
  return z
    .strictObject({
      match: z.optional(
        FaultMatch.check(z.superRefine((match, ctx) => addIssues(matchIssues(match, context), ctx))),
      ),
      effect: effectSchema(effect),
      times: z.optional(int().check(z.gte(1), z.lte(1_000_000))),
      until: z.optional(z.iso.datetime({ offset: true })),
    })
    .check(z.superRefine((rule, ctx) => addIssues(effectIssues(rule as FaultRuleInput), ctx)));
}

/**
 * The first problem of stored rules (an imported state's) that POST /_sandbank/faults would have
 * refused: a rule that could never fire, or an effect its match cannot carry. Null when there is none.
 */
export function storedRulesIssue(rules: readonly FaultRule[], context: RuleContext): RuleIssue | null {
  for (const [index, rule] of rules.entries()) {
    const issue = [
      ...matchIssues(rule.match, context).map(({ path, message }) => ({ path: ['match', ...path], message })),
      ...effectIssues(rule),
    ][0];
    if (issue !== undefined) return { path: [index, ...issue.path], message: issue.message };
  }
  return null;
}

/** A rule from a client (POST /_sandbank/faults), validated: a problem is a 400 naming the field. */
export function parseRuleInput(body: unknown, context: RuleContext): FaultRuleInput {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw apiError(
      'FORMAT_ERROR',
      'the body must be a fault rule: {"match": {...}, "effect": {...}, "times"?: n}',
    );
  }
  return parseWith(
    ruleSchema((body as { effect?: unknown }).effect, context),
    body,
    'body',
  ) as FaultRuleInput;
}

/** Numbers the rule and keeps it in the state; returns it as stored. */
export function addRule(
  draft: Draft<State>,
  input: FaultRuleInput,
  now: number,
  scenario: string | null = null,
): FaultRule {
  draft.faults.counter += 1;
  const rule: FaultRule = {
    id: `fault-${draft.faults.counter}`,
    match: input.match ?? {},
    effect: input.effect,
    times: input.times ?? null,
    until: input.until === undefined ? null : new Date(Date.parse(input.until)).toISOString(),
    scenario,
    createdAt: new Date(now).toISOString(),
    seen: 0,
    fired: 0,
  };
  draft.faults.rules.push(rule);
  return rule;
}
