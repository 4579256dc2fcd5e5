import * as z from 'zod/mini';
import { ApiError, apiError } from '../core/errors.js';
import { DelayEffect, ErrorEffect, type FaultEffect, NetworkEffect } from '../core/fault-state.js';
import { parseWith } from '../core/validate.js';
import { RETRY_AFTER_STATUSES } from './match.js';
import { SCENARIOS, scenarioNamed } from './scenarios.js';

/** The per-request fault header (sandbox profile only; docs/faults.md). */
export const FAULT_HEADER = 'x-sandbank-fault';

/**
 * `X-Sandbank-Fault` asks for one effect on this request alone, in the spirit of Prism's `Prefer`:
 * `status=503; code=SYSTEM_ERROR[; text="…"][; retry-after=30]`, `delay=2000` or `delay=100-500`,
 * `network=error`, or `scenario=<name>` (the scenario's request effects, for this request). Keys are
 * case-insensitive; a value may be quoted.
 */
export type HeaderFault = { effect: FaultEffect } | { scenario: string };

function pairs(value: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of value.match(/(?:[^;"]+|"[^"]*")+/g) ?? []) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase();
    let raw = eq < 0 ? '' : part.slice(eq + 1).trim();
    if (raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2) raw = raw.slice(1, -1);
    if (key !== '') out.set(key, raw);
  }
  return out;
}

const number = (text: string | undefined) => (text === undefined || text === '' ? text : Number(text));

function effectOf(fields: Map<string, string>): unknown {
  if (fields.has('network')) return { network: fields.get('network') };
  const delay = fields.get('delay');
  if (delay !== undefined) {
    const range = /^(\d+)\s*-\s*(\d+)$/.exec(delay);
    return { delayMs: range ? { min: Number(range[1]), max: Number(range[2]) } : number(delay) };
  }
  const effect: Record<string, unknown> = { status: number(fields.get('status')), code: fields.get('code') };
  if (fields.has('text')) effect.text = fields.get('text');
  if (fields.has('retry-after')) effect.retryAfterSeconds = number(fields.get('retry-after'));
  return effect;
}

const HeaderEffect = z.union([NetworkEffect, DelayEffect, ErrorEffect]);

/** Which effect each key asks for: a header asks for one effect, so its keys name one kind. */
const KEY_KINDS = new Map([
  ['network', 'network'],
  ['delay', 'delay'],
  ['status', 'error'],
  ['code', 'error'],
  ['text', 'error'],
  ['retry-after', 'error'],
  ['scenario', 'scenario'],
]);

function unreadable(reason: string): never {
  throw apiError(
    'FORMAT_ERROR',
    `X-Sandbank-Fault is not understood (${reason}): use e.g. "status=503; code=SYSTEM_ERROR", "delay=2000", "network=error" or "scenario=slow-bank"`,
    { path: 'X-Sandbank-Fault' },
  );
}

/**
 * The header's fault, or null without one. A header the bank cannot read in full is a 400 naming
 * it: a key it does not know, keys of two effects at once, an unknown scenario, a bad value.
 */
export function parseFaultHeader(value: string | undefined): HeaderFault | null {
  if (value === undefined || value.trim() === '') return null;
  const fields = pairs(value);
  const kinds = new Set<string>();
  for (const key of fields.keys()) {
    const kind = KEY_KINDS.get(key);
    if (kind === undefined) unreadable(`unknown key ${key.slice(0, 40)}`);
    kinds.add(kind);
  }
  if (kinds.size > 1) unreadable(`one effect at a time, not ${[...kinds].join(' and ')}`);
  const scenario = fields.get('scenario');
  if (scenario !== undefined) {
    if (scenarioNamed(scenario) === undefined) {
      unreadable(`no scenario ${scenario.slice(0, 100)}; known: ${SCENARIOS.map((s) => s.name).join(', ')}`);
    }
    return { scenario };
  }
  if (fields.has('retry-after') && !RETRY_AFTER_STATUSES.includes(Number(fields.get('status')))) {
    unreadable('retry-after goes with status=503 or status=429 only');
  }
  const raw = effectOf(fields);
  const schema =
    'network' in (raw as object) ? NetworkEffect : 'delayMs' in (raw as object) ? DelayEffect : ErrorEffect;
  try {
    return { effect: parseWith(schema, raw, 'body') as z.infer<typeof HeaderEffect> };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return unreadable(error.messages[0]?.text ?? 'invalid');
  }
}
