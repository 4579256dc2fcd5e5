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

function ruleSchema(effect: unknown, operations: readonly string[]) {
  const known = new Set(operations);
  return z
    .strictObject({
      match: z.optional(
        FaultMatch.check(
          z.superRefine((match, ctx) => {
            if (match.operation !== undefined && !known.has(match.operation)) {
              ctx.addIssue({
                code: 'custom',
                path: ['operation'],
                message: `${match.operation} is not an operationId of GET /_sandbank/openapi.json (e.g. listAccounts, createSinglePayment)`,
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
export function parseRuleInput(body: unknown, operations: readonly string[]): FaultRuleInput {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw apiError(
      'FORMAT_ERROR',
      'the body must be a fault rule: {"match": {...}, "effect": {...}, "times"?: n}',
    );
  }
  return parseWith(
    ruleSchema((body as { effect?: unknown }).effect, operations),
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
