import type { ApiError, TppMessage } from './errors.js';
import type { HistoryReader } from './history.js';

export type Profile = 'sandbox' | 'production';

/** part 9: the opt-in fixes a client may send in `x-accept-fix`. */
export const ACCEPT_FIXES = [
  'amount-as-string',
  'cardaccount-switch-originalamount-and-transactionamount',
  'longer-names',
  'cash-account-type-iso',
] as const;
export type AcceptFix = (typeof ACCEPT_FIXES)[number];

/**
 * part 9 rule 2 table: the bank date (UTC, as every bank day here) from which each fix is the
 * default. Before it a client opts in with `x-accept-fix`; from it on the fix applies without asking.
 */
export const ACCEPT_FIX_DEFAULT_FROM: Readonly<Record<AcceptFix, string>> = {
  'amount-as-string': '2020-08-01',
  'cardaccount-switch-originalamount-and-transactionamount': '2024-09-05',
  'longer-names': '2024-09-05',
  'cash-account-type-iso': '2024-09-05',
};

/**
 * Which fixes apply without the header (docs/decisions/accept-fix.md): `bank-clock` (the default)
 * follows the part 9 dates by the bank clock; `legacy` keeps every fix opt-in, as the platform's
 * recorded traffic answers (amounts as JSON numbers without `x-accept-fix: amount-as-string`).
 */
export type AcceptFixDefaults = 'bank-clock' | 'legacy';

export type Psd2Role = 'PSP_AS' | 'PSP_PI' | 'PSP_AI' | 'PSP_IC';

/** Who signed the request, as the (async) signature check found it. */
export type TppContext =
  | { kind: 'unchecked' }
  | {
      kind: 'verified';
      organisationId: string;
      name: string;
      roles: Psd2Role[];
      fingerprint: string;
      email?: string;
      /** The signed date (epoch ms): the request's X-Request-ID is remembered until it leaves the window. */
      signedAt: number;
    }
  | { kind: 'rejected'; error: ApiError };

/**
 * Everything the pure reducer needs that is not in the state or the request: produced before the
 * reducer runs and handed in as data (STYLE.md: time and ids arrive as data).
 */
export interface RequestContext {
  /** The bank clock, epoch milliseconds. */
  now: number;
  /** The clock source's reading the bank clock was derived from (bank clock = source + offset). */
  sourceNow: number;
  /** The bank's public origin (the request's own unless `publicUrl` names one), for absolute links such as `scaRedirect`. */
  origin: string;
  /** The path prefix the bank is mounted below (`publicUrl`); absent or '' at the root. Links to pages start with it. */
  mount?: string;
  profile: Profile;
  /** Mixed into the secret tokens the bank hands to browsers (core/tokens.ts); '' when the host gave none. */
  secret?: string;
  /** The API's base path as clients see it, the mount included: links to API resources start with it. */
  basePath: string;
  /** The fixes in force for this request: asked for in `x-accept-fix`, or default by the bank date. */
  fixes: ReadonlySet<AcceptFix>;
  /** Whether fixes become default by the part 9 dates (`bank-clock`, when absent) or stay opt-in. */
  acceptFixDefaults?: AcceptFixDefaults;
  tpp: TppContext;
  /** Messages added to a successful answer (deprecations, role warnings in the sandbox profile). */
  warnings: TppMessage[];
  /** The engine's remembered commits, for the control plane's time travel (absent: none kept). */
  history?: HistoryReader;
}

/** What the gateway hands the reducer: the context without the parts the reducer fills in. */
export type BaseContext = Omit<RequestContext, 'fixes' | 'warnings'>;

/**
 * A request's context from the gateway's part, its fields written out one by one. Not
 * `{ ...base, fixes, warnings }`: Node 20's V8 gives every object made that way (a spread, then
 * more keys) a hidden class of its own, which stays in the old generation and keeps its young
 * descriptors alive through every scavenge; each request left ~0.7 KB for the collector to copy, and
 * every `ctx.x` read met a new shape (docs/decisions/hidden-classes.md).
 */
export function requestContext(base: BaseContext): RequestContext {
  const ctx: RequestContext = {
    now: base.now,
    sourceNow: base.sourceNow,
    origin: base.origin,
    profile: base.profile,
    basePath: base.basePath,
    fixes: new Set(),
    tpp: base.tpp,
    warnings: [],
  };
  if (base.mount !== undefined) ctx.mount = base.mount;
  if (base.secret !== undefined) ctx.secret = base.secret;
  if (base.acceptFixDefaults !== undefined) ctx.acceptFixDefaults = base.acceptFixDefaults;
  if (base.history !== undefined) ctx.history = base.history;
  return ctx;
}
