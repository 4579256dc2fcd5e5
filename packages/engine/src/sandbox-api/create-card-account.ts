import * as z from 'zod/mini';
import { CARD_ACCOUNT_STATUSES } from '../core/codes.js';
import type { RequestContext } from '../core/context.js';
import { DAY_MS, isoDate } from '../core/dates.js';
import { apiError, warning } from '../core/errors.js';
import { json } from '../core/http.js';
import { allocateId } from '../core/ids.js';
import { canonicalAmount } from '../core/money.js';
import { putCardAccount } from '../core/records.js';
import type { Operation } from '../core/router.js';
import type { CardAccount } from '../core/state.js';
import { parseWith } from '../core/validate.js';
import { cardBalances } from './card-balances.js';
import { customerInBody } from './lookup.js';
import { makeBban } from './norwegian.js';
import { anyCase, BalanceIn, Currency, MoneyIn, MonthIn, text } from './schemas.js';
import { SANDBOX_BANK_CODE } from './seed.js';
import { reportDefault, reportStored } from './stored.js';
import { cardAccountView } from './views.js';

/**
 * part 2.8 fields as a request; the contract does not show it (part 4.2 item 8), so it takes what the
 * platform's scripts send: any case for status, a month written as a date, an account number of any
 * length. Optional fields get defaults, each reported (docs/sandbox-api.md).
 */
export const CreateCardAccountBody = z.object({
  customerNumber: z.string(),
  pan: z.optional(
    z
      .string()
      .check(
        z.regex(/^\d{12,19}$/, { error: 'must be a card number of 12 to 19 digits' }),
        z.refine(luhn, { error: 'fails the Luhn check digit' }),
      ),
  ),
  // Both forms are the platform's (`123456******1234` in its listings, `1234xxxxxxxx4321` in its seed).
  maskedPan: z.optional(
    z.pipe(
      z.string().check(
        z.regex(/^\d{4,6}[xX*]{2,9}\d{4}$/, {
          error: 'must look like 1234xxxxxxxx4321 or 123456******1234',
        }),
      ),
      z.transform((value: string) => value.replace(/[X*]/g, 'x')),
    ),
  ),
  name: text(70),
  product: text(70),
  currency: Currency,
  creditLimit: z.optional(MoneyIn),
  balances: z.optional(z.array(BalanceIn).check(z.maxLength(3))),
  cardId: z.optional(text(35)),
  cardIdVNo: z._default(text(35), '1'),
  // part 2.8 types it as a string: any run of digits up to the part 8 bban limit of 30.
  accountNumber: z.optional(z.string().check(z.regex(/^\d{1,30}$/, { error: 'must be 1 to 30 digits' }))),
  expiry: z.optional(MonthIn),
  status: z._default(
    anyCase(CARD_ACCOUNT_STATUSES, `must be one of ${CARD_ACCOUNT_STATUSES.join(', ')}`),
    'enabled',
  ),
});
type CreateCardAccountBody = z.infer<typeof CreateCardAccountBody>;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function maskedPanOf(body: CreateCardAccountBody, serial: number, ctx: RequestContext): string {
  if (body.pan !== undefined && body.maskedPan !== undefined) {
    throw apiError('FORMAT_ERROR', 'send either pan or maskedPan, not both', { path: 'maskedPan' });
  }
  if (body.maskedPan !== undefined) return body.maskedPan;
  if (body.pan === undefined) {
    const generated = `5399${'x'.repeat(8)}${String(serial % 10_000).padStart(4, '0')}`;
    reportDefault(ctx, 'maskedPan', generated);
    return generated;
  }
  // The full number is never stored: like the seed, only the first and last four digits stay.
  const masked = `${body.pan.slice(0, 4)}${'x'.repeat(body.pan.length - 8)}${body.pan.slice(-4)}`;
  ctx.warnings.push(warning('FORMAT_ERROR', `pan is not stored: stored maskedPan "${masked}"`, 'pan'));
  return masked;
}

/** A default the operation computes, stored and reported. */
function withDefault<T>(ctx: RequestContext, path: string, given: T | undefined, fallback: () => T): T {
  if (given !== undefined) return given;
  const value = fallback();
  reportDefault(ctx, path, value);
  return value;
}

/**
 * POST /v1/sandbox/card-accounts: a card account for an existing customer. Optional fields get
 * defaults, each reported as a WARNING: balances closingBooked and expected 0, creditLimit 0, expiry
 * three years ahead, status enabled, a generated maskedPan, cardId and accountNumber, cardIdVNo "1".
 * Answers 201 with the get-card-account shape.
 */
export const createCardAccount: Operation = (draft, input, ctx) => {
  const body = parseWith(CreateCardAccountBody, input.body, 'body');
  reportStored(ctx, input.body, body);
  customerInBody(draft, body.customerNumber, 'customerNumber');
  const zero = canonicalAmount('0', body.currency);
  const creditLimit = withDefault(ctx, 'creditLimit', body.creditLimit, () => ({
    amount: zero,
    currency: body.currency,
  }));
  if (creditLimit.currency !== body.currency) {
    throw apiError('FORMAT_ERROR', `creditLimit.currency must be the card currency ${body.currency}`, {
      path: 'creditLimit.currency',
    });
  }
  if (creditLimit.amount.startsWith('-')) {
    throw apiError('FORMAT_ERROR', 'creditLimit.amount must not be negative', { path: 'creditLimit.amount' });
  }
  const balances = body.balances
    ? cardBalances(body.balances, body.currency, (i) => `balances[${i}]`)
    : withDefault(ctx, 'balances', undefined, () => [
        { balanceType: 'closingBooked' as const, amount: zero },
        { balanceType: 'expected' as const, amount: zero },
      ]);
  const id = allocateId(draft);
  const serial = draft.meta.counter;
  const card: CardAccount = {
    id,
    customerNumber: body.customerNumber,
    maskedPan: maskedPanOf(body, serial, ctx),
    currency: body.currency,
    creditLimit: canonicalAmount(creditLimit.amount, body.currency),
    balances,
    cardId: withDefault(
      ctx,
      'cardId',
      body.cardId,
      () => `${body.customerNumber.slice(0, 6)}${String(serial).padStart(6, '0')}`,
    ),
    cardIdVNo: body.cardIdVNo,
    accountNumber: withDefault(ctx, 'accountNumber', body.accountNumber, () =>
      makeBban(SANDBOX_BANK_CODE, 500_000 + serial),
    ),
    expiry: withDefault(ctx, 'expiry', body.expiry, () => isoDate(ctx.now + 3 * 365 * DAY_MS).slice(0, 7)),
    name: body.name,
    product: body.product,
    status: body.status,
    seeded: false,
  };
  putCardAccount(draft, card);
  draft.cardTransactions[id] = [];
  return json(201, { cardAccount: cardAccountView(ctx, card) });
};
