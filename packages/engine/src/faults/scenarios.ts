import type { FaultEffect, FaultMatch } from '../core/fault-state.js';

/** A rule as a scenario or a client gives it, before the bank numbers it. */
export interface FaultRuleInput {
  match?: FaultMatch;
  effect: FaultEffect;
  times?: number;
  /** Bank time (ISO) from which the rule no longer applies. */
  until?: string;
}

export interface Scenario {
  name: string;
  /** One sentence, shown by GET /_sandbank/scenarios and the playground. */
  description: string;
  /** The rules it adds, for the bank time `now` and the API base path (below any mount). */
  rules(now: number, basePath: string): FaultRuleInput[];
}

const DAY_MS = 86_400_000;

/** The account-information reads a consent covers (part 2): accounts and card accounts. */
const aisPaths = (basePath: string) => [`${basePath}/accounts/**`, `${basePath}/card-accounts/**`];

/** The named scenarios (docs/faults.md), applied with POST /_sandbank/scenarios/{name}. */
export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'nightly-batch-down',
    description:
      'The bank is down every night from 04:30 to 05:30 UTC, around its nightly standing-order run: every /v1 call answers 503 SYSTEM_ERROR with a Retry-After pointing to 05:30.',
    rules: () => [{ effect: { maintenance: { daily: { from: '04:30', until: '05:30' } } } }],
  },
  {
    name: 'sca-always-fails',
    description:
      'Every SCA fails: the PSU is sent back to the TPP-Redirect-URI with the part 5.3 failure parameters (status 401, code PSU_CREDENTIALS_INVALID).',
    rules: () => [{ effect: { sca: 'fail' } }],
  },
  {
    name: 'slow-bank',
    description: 'Every /v1 call is answered 2 s late (slow bank: 2 s per call); other banks are not slowed.',
    rules: () => [{ effect: { delayMs: 2000 } }],
  },
  {
    name: 'consent-expired',
    description:
      'Every account-information read answers 401 CONSENT_EXPIRED, as when the consent has expired and the PSU must give a new one.',
    rules: (_now, basePath) =>
      aisPaths(basePath).map((path) => ({
        match: { path },
        effect: {
          status: 401,
          code: 'CONSENT_EXPIRED',
          text: 'the consent has expired; ask the PSU for a new one',
        },
      })),
  },
  {
    name: 'daily-limit-reached',
    description:
      'Every account-information read answers 429 ACCESS_EXCEEDED until the end of the bank day (UTC), with a Retry-After pointing to midnight.',
    rules: (now, basePath) => {
      const until = new Date((Math.floor(now / DAY_MS) + 1) * DAY_MS).toISOString();
      return aisPaths(basePath).map((path) => ({
        match: { path },
        effect: {
          status: 429,
          code: 'ACCESS_EXCEEDED',
          text: 'the daily limit of calls for this consent is reached; try again tomorrow',
        },
        until,
      }));
    },
  },
  {
    name: 'flaky-network',
    description:
      'About 5 % of /v1 calls are dropped as network errors, drawn from the seed: the same seed and requests drop the same calls.',
    rules: () => [{ match: { probability: 0.05 }, effect: { network: 'error' } }],
  },
  {
    name: 'payments-rejected',
    description: 'Every payment the PSU authorises ends RJCT, as when the bank refuses it for lack of funds.',
    rules: () => [
      { effect: { paymentStatus: 'RJCT', text: 'Betalingen ble avvist: ikke dekning på kontoen.' } },
    ],
  },
];

export function scenarioNamed(name: string): Scenario | undefined {
  return SCENARIOS.find((s) => s.name === name);
}
