import type { RequestContext } from './context.js';
import { canonicalAmount } from './money.js';

/**
 * part 9: how a response looks depends on the `x-accept-fix` values the client opted into.
 * Every amount, account type and card name in a response passes through these functions.
 */
type Fixes = Pick<RequestContext, 'fixes'>;

export interface AmountOut {
  amount: number | string;
  currency: string;
}

/**
 * `amount-as-string`: a string with exactly the currency's ISO 4217 minor digits ("100.50");
 * otherwise a JSON number (docs/platform-facts.md §2). The value itself is never computed in floating point.
 */
export function amountOut(ctx: Fixes, amount: string, currency: string): AmountOut {
  const exact = canonicalAmount(amount, currency);
  return { amount: ctx.fixes.has('amount-as-string') ? exact : Number(exact), currency };
}

/**
 * The mock-data API types its amounts as numbers (parts 2.7–2.10: double in requests, int32 in
 * answers), so its answers are JSON numbers whatever `amount-as-string` says; the decimals are kept,
 * since an int32 would lose the øre (docs/conformance.md, mock-data shapes).
 */
export function mockAmountOut(amount: string, currency: string): { amount: number; currency: string } {
  return { amount: Number(canonicalAmount(amount, currency)), currency };
}

/** Before `cash-account-type-iso`, the platform reported its own account-type names. */
const LEGACY_CASH_ACCOUNT_TYPES: Readonly<Record<string, string>> = {
  CACC: 'Current',
  SVGS: 'Savings',
  TAXE: 'Tax',
  LOAN: 'Loan',
  SLRY: 'Salary',
  CASH: 'Current',
  CARD: 'Card',
};

export function cashAccountTypeOut(ctx: Fixes, iso: string): string {
  return ctx.fixes.has('cash-account-type-iso') ? iso : (LEGACY_CASH_ACCOUNT_TYPES[iso] ?? 'Other');
}

/** Before `longer-names`, card account names were cut at 35 characters; with it they go up to 70. */
export function cardNameOut(ctx: Fixes, name: string): string {
  return name.slice(0, ctx.fixes.has('longer-names') ? 70 : 35);
}

/**
 * Before `cardaccount-switch-originalamount-and-transactionamount`, card transactions reported the
 * two amounts the wrong way round; the fix restores the correct mapping.
 */
export function cardAmountsOut<T>(
  ctx: Fixes,
  transactionAmount: T,
  originalAmount: T,
): { transactionAmount: T; originalAmount: T } {
  return ctx.fixes.has('cardaccount-switch-originalamount-and-transactionamount')
    ? { transactionAmount, originalAmount }
    : { transactionAmount: originalAmount, originalAmount: transactionAmount };
}
