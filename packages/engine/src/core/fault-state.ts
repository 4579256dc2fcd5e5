import * as z from 'zod/mini';
import { ERROR_STATUSES, type ErrorCode } from './errors.js';
import { int } from './zod-support.js';

/**
 * Fault rules as the bank's state keeps them (docs/faults.md): exported, imported, persisted and
 * reset with the rest of the state. The schemas here validate a stored or imported rule; the control
 * plane's input validation (src/faults/schema.ts) builds on them and names the field at fault.
 */
const ERROR_CODES = Object.keys(ERROR_STATUSES) as [ErrorCode, ...ErrorCode[]];
const IsoDateTime = z.iso.datetime({ offset: true });
const ClockTime = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day HH:MM (UTC)'));

/** Status and code must belong together (part 7: the statuses each code may carry). */
function pairsWithCode(
  effect: { status?: number | undefined; code?: ErrorCode | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  if (effect.status !== undefined && effect.code === undefined) {
    ctx.addIssue({ code: 'custom', path: ['code'], message: 'a part 7 code is required with status' });
  }
  if (effect.code === undefined || effect.status === undefined) return;
  const allowed: readonly number[] = ERROR_STATUSES[effect.code];
  if (!allowed.includes(effect.status)) {
    ctx.addIssue({
      code: 'custom',
      path: ['status'],
      message: `${effect.status} is not a status of ${effect.code}; use ${allowed.join(' or ')}`,
    });
  }
}

/** An error answer from the contract: status, part 7 code, optional text and Retry-After. */
export const ErrorEffect = z
  .strictObject({
    status: int(),
    code: z.enum(ERROR_CODES),
    text: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
    retryAfterSeconds: z.optional(int().check(z.gte(0), z.lte(86_400))),
  })
  .check(z.superRefine(pairsWithCode));
export type ErrorEffect = z.infer<typeof ErrorEffect>;

export const DelayEffect = z.strictObject({
  delayMs: z.union([
    int().check(z.gte(0), z.lte(120_000)),
    z
      .strictObject({
        min: int().check(z.gte(0), z.lte(120_000)),
        max: int().check(z.gte(0), z.lte(120_000)),
      })
      .check(z.refine((r) => r.min <= r.max, { message: 'min must not exceed max', path: ['max'] })),
  ]),
});

export const NetworkEffect = z.strictObject({ network: z.literal('error') });

/** part 5.3: the SCA fails (failure redirect), the PSU abandons it, or its link has expired. */
export const ScaEffect = z
  .strictObject({
    sca: z.enum(['fail', 'abandon', 'expire']),
    status: z.optional(int()),
    code: z.optional(z.enum(ERROR_CODES)),
    message: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
  })
  .check(z.superRefine(pairsWithCode));

/** The next payments end RJCT, are ACCP with fundsAvailable false, or stay PDNG. */
export const PaymentStatusEffect = z.strictObject({
  paymentStatus: z.enum(['RJCT', 'ACCP', 'PDNG']),
  text: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
});

/** Every /v1 call answers 503 inside the window: once (from/until) or every day (HH:MM, UTC). */
export const MaintenanceEffect = z.strictObject({
  maintenance: z.union([
    z.strictObject({ from: z.optional(IsoDateTime), until: IsoDateTime }).check(
      z.refine((w) => w.from === undefined || Date.parse(w.from) < Date.parse(w.until), {
        message: 'from must be before until',
        path: ['until'],
      }),
    ),
    z.strictObject({
      daily: z.strictObject({ from: ClockTime, until: ClockTime }).check(
        z.refine((w) => w.from !== w.until, {
          message:
            'from and until must differ: the window would be empty (one over midnight has from after until)',
          path: ['until'],
        }),
      ),
    }),
  ]),
  text: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
});

export const FaultEffect = z.union([
  ErrorEffect,
  DelayEffect,
  NetworkEffect,
  ScaEffect,
  PaymentStatusEffect,
  MaintenanceEffect,
]);
export type FaultEffect = z.infer<typeof FaultEffect>;

export const FaultMatch = z.strictObject({
  /** An operationId of the OpenAPI document (GET /_sandbank/openapi.json). */
  operation: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  method: z.optional(z.enum(['GET', 'POST', 'PUT', 'DELETE'])),
  /** `*` stands for one path segment, `**` for any number; the base path included (`/v1/payments/**`). */
  path: z.optional(z.string().check(z.minLength(1), z.maxLength(300), z.startsWith('/'))),
  /** The PSU-ID header of the request (or the PSU of the authorisation / payment). */
  psuId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  /** The TPP's organisationId (`unverified` while signatures are off). */
  tpp: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  paymentProduct: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  /** Only every Nth request that matches the rest (1: every one). */
  everyNth: z.optional(int().check(z.gte(1), z.lte(1_000_000))),
  /** Only with this probability, drawn from the seed and the rule's counter (never Math.random). */
  probability: z.optional(z.number().check(z.gte(0), z.lte(1))),
});
export type FaultMatch = z.infer<typeof FaultMatch>;

export const FaultRule = z.object({
  id: z.string(),
  match: FaultMatch,
  effect: FaultEffect,
  /** How many times the effect applies (null: no limit). */
  times: z.nullable(int().check(z.gte(1))),
  /** Bank time (ISO) from which the rule no longer applies (null: no end). */
  until: z.nullable(IsoDateTime),
  /** The scenario that added it, if any. */
  scenario: z.nullable(z.string()),
  createdAt: IsoDateTime,
  /** Requests (or SCAs, payments) that matched `match` so far: the counter the draws use. */
  seen: int().check(z.gte(0)),
  /** Times the effect was applied. */
  fired: int().check(z.gte(0)),
});
export type FaultRule = z.infer<typeof FaultRule>;

/**
 * The ids the bank numbers (`fault-N`) must be ones it will not issue again: an imported file whose
 * counter is below a rule's number, or whose rules share an id, would have two rules answer to one id
 * (`DELETE /_sandbank/faults/{id}`, `X-Sandbank-Fault`). Ids written by hand in another form are let be.
 */
function idsNotReissued(
  faults: { counter: number; rules: Array<{ id: string }> },
  ctx: z.core.$RefinementCtx,
) {
  const seen = new Set<string>();
  let highest: { id: string; number: number } | null = null;
  for (const [index, rule] of faults.rules.entries()) {
    if (seen.has(rule.id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['rules', index, 'id'],
        message: `${rule.id.slice(0, 100)} is the id of an earlier rule; each rule needs its own`,
      });
    }
    seen.add(rule.id);
    const number = Number(/^fault-([1-9]\d{0,15})$/.exec(rule.id)?.[1] ?? 0);
    if (number > (highest?.number ?? 0)) highest = { id: rule.id, number };
  }
  if (highest !== null && highest.number > faults.counter) {
    ctx.addIssue({
      code: 'custom',
      path: ['counter'],
      message: `${faults.counter} is below the number of rule ${highest.id}, an id the bank would issue again; set it to at least ${highest.number}`,
    });
  }
}

export const FaultsState = z
  .object({
    /** Numbers the rules' ids (`fault-1`, …); goes on across clears. */
    counter: int().check(z.gte(0)),
    rules: z.array(FaultRule),
    /** Payments a `paymentStatus: PDNG` rule keeps pending: the batch leaves them alone. */
    held: z.array(z.string()),
  })
  .check(z.superRefine(idsNotReissued));
export type FaultsState = z.infer<typeof FaultsState>;

export function emptyFaults(): FaultsState {
  return { counter: 0, rules: [], held: [] };
}
