import { z } from 'zod';
import { CARD_ACCOUNT_STATUSES } from '../core/codes.js';
import { DAY_MS, isoDate } from '../core/dates.js';
import { apiError } from '../core/errors.js';
import { json } from '../core/http.js';
import { allocateId } from '../core/ids.js';
import { canonicalAmount } from '../core/money.js';
import type { Operation } from '../core/router.js';
import type { CardAccount } from '../core/state.js';
import { parseWith } from '../core/validate.js';
import { cardBalances } from './card-balances.js';
import { customerInBody } from './lookup.js';
import { makeBban } from './norwegian.js';
import { BalanceIn, Currency, MoneyIn, text } from './schemas.js';
import { SANDBOX_BANK_CODE } from './seed.js';
import { cardAccountView } from './views.js';

/** part 2.8 fields as a request; the contract does not show it (part 4.2 item 8). */
const CreateCardAccountBody = z.object({
  customerNumber: z.string(),
  pan: z
    .string()
    .regex(/^\d{12,19}$/, { error: 'must be a card number of 12 to 19 digits' })
    .refine(luhn, { error: 'fails the Luhn check digit' })
    .optional(),
  maskedPan: z
    .string()
    .regex(/^\d{4,6}[x*]{2,9}\d{4}$/, { error: 'must look like 1234xxxxxxxx4321' })
    .optional(),
  name: text(70),
  product: text(70),
  currency: Currency,
  creditLimit: MoneyIn,
  balances: z.array(BalanceIn).max(3).optional(),
  cardId: text(35).optional(),
  cardIdVNo: text(35).optional(),
  accountNumber: z
    .string()
    .regex(/^\d{11}$/, { error: 'must be 11 digits' })
    .optional(),
  expiry: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month in the form yyyy-mm' })
    .optional(),
  status: z.enum(CARD_ACCOUNT_STATUSES).optional(),
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

function maskedPanOf(body: CreateCardAccountBody): string {
  if (body.pan !== undefined && body.maskedPan !== undefined) {
    throw apiError('FORMAT_ERROR', 'send either pan or maskedPan, not both', { path: 'maskedPan' });
  }
  if (body.maskedPan !== undefined) return body.maskedPan.replaceAll('*', 'x');
  if (body.pan === undefined) {
    throw apiError('FORMAT_ERROR', 'pan or maskedPan is required', { path: 'pan' });
  }
  // The full number is never stored: like the seed, only the first and last four digits stay.
  return `${body.pan.slice(0, 4)}${'x'.repeat(body.pan.length - 8)}${body.pan.slice(-4)}`;
}

/**
 * POST /v1/sandbox/card-accounts: a card account for an existing customer. Optional fields get
 * defaults: balances closingBooked and expected 0, expiry three years ahead, status enabled, and a
 * generated cardId, cardIdVNo "1" and accountNumber. Answers 201 with the get-card-account shape.
 */
export const createCardAccount: Operation = (draft, input, ctx) => {
  const body = parseWith(CreateCardAccountBody, input.body, 'body');
  customerInBody(draft, body.customerNumber, 'customerNumber');
  const maskedPan = maskedPanOf(body);
  if (body.creditLimit.currency !== body.currency) {
    throw apiError('FORMAT_ERROR', `creditLimit.currency must be the card currency ${body.currency}`, {
      path: 'creditLimit.currency',
    });
  }
  if (body.creditLimit.amount.startsWith('-')) {
    throw apiError('FORMAT_ERROR', 'creditLimit.amount must not be negative', { path: 'creditLimit.amount' });
  }
  const zero = canonicalAmount('0', body.currency);
  const balances = body.balances
    ? cardBalances(body.balances, body.currency, (i) => `balances[${i}]`)
    : [
        { balanceType: 'closingBooked' as const, amount: zero },
        { balanceType: 'expected' as const, amount: zero },
      ];
  const id = allocateId(draft);
  const serial = draft.meta.counter;
  const card: CardAccount = {
    id,
    customerNumber: body.customerNumber,
    maskedPan,
    currency: body.currency,
    creditLimit: canonicalAmount(body.creditLimit.amount, body.currency),
    balances,
    cardId: body.cardId ?? `${body.customerNumber.slice(0, 6)}${String(serial).padStart(6, '0')}`,
    cardIdVNo: body.cardIdVNo ?? '1',
    accountNumber: body.accountNumber ?? makeBban(SANDBOX_BANK_CODE, 500_000 + serial),
    expiry: body.expiry ?? isoDate(ctx.now + 3 * 365 * DAY_MS).slice(0, 7),
    name: body.name,
    product: body.product,
    status: body.status ?? 'enabled',
    seeded: false,
  };
  draft.cardAccounts[id] = card;
  draft.cardTransactions[id] = [];
  return json(201, { cardAccount: cardAccountView(ctx, card) });
};
