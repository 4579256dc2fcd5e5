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

function ruleSchema(effect: unknown, context: RuleContext) {
  const api = new Set(context.apiOperations);
  const all = new Set(context.allOperations);
  return z
    .strictObject({
      match: z.optional(
        FaultMatch.check(
          z.superRefine((match, ctx) => {
            if (match.operation !== undefined && !api.has(match.operation)) {
              ctx.addIssue({
                code: 'custom',
                path: ['operation'],
                message: all.has(match.operation)
                  ? `${match.operation} is not a /v1 operation: ${NEVER_FAULTED}`
                  : `${match.operation} is not an operationId of GET /_sandbank/openapi.json (e.g. listAccounts, createSinglePayment)`,
              });
            }
            if (match.path !== undefined && !reachesApi(match.path, context.basePath)) {
              ctx.addIssue({
                code: 'custom',
                path: ['path'],
                message: `${match.path} is outside the API's base path ${context.basePath}, so it would never match: ${NEVER_FAULTED}`,
              });
            }
          }),
        ),
      ),
      effect: effectSchema(effect),
      times: z.optional(int().check(z.gte(1), z.lte(1_000_000))),
      until: z.optional(z.iso.datetime({ offset: true })),
    })
    .check(
      z.superRefine((rule, ctx) => {
        const effect = rule.effect as object;
        const error = effect as { status?: unknown; retryAfterSeconds?: unknown };
        if (error.retryAfterSeconds !== undefined && !RETRY_AFTER_STATUSES.includes(error.status as number)) {
          ctx.addIssue({
            code: 'custom',
            path: ['effect', 'retryAfterSeconds'],
            message: `a ${String(error.status)} answer carries no Retry-After: give retryAfterSeconds with 503 or 429 only`,
          });
        }
        if (!('sca' in effect) && !('paymentStatus' in effect)) return;
        for (const key of REQUEST_ONLY_KEYS) {
          if (rule.match?.[key] !== undefined) {
            ctx.addIssue({
              code: 'custom',
              path: ['match', key],
              message: `${key} does not apply to an SCA or payment effect, which matches by psuId, tpp and paymentProduct`,
            });
          }
        }
      }),
    );
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
