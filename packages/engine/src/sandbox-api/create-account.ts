import * as z from 'zod/mini';
import { CASH_ACCOUNT_TYPES } from '../core/codes.js';
import type { RequestContext } from '../core/context.js';
import { apiError } from '../core/errors.js';
import { json } from '../core/http.js';
import { allocateId } from '../core/ids.js';
import { canonicalAmount } from '../core/money.js';
import { accountsNumbered, putAccount } from '../core/records.js';
import type { Operation } from '../core/router.js';
import type { Account } from '../core/state.js';
import { parseWith } from '../core/validate.js';
import { customerInBody } from './lookup.js';
import { ibanFromBban, isValidBban, isValidIban } from './norwegian.js';
import { anyCase, BalanceIn, Currency, IbanIn, Int32, text } from './schemas.js';
import { SANDBOX_BIC } from './seed.js';
import { reportDefault, reportStored } from './stored.js';
import { accountView } from './views.js';

/** part 2.7: every field required. */
export const CreateAccountBody = z.object({
  customerNumber: z.string(),
  accountName: text(70),
  // Checked with the other fields, so a client fixes every problem in one round.
  bban: z
    .string()
    .check(
      z.regex(/^\d{11}$/, { error: 'must be a Norwegian BBAN of 11 digits' }),
      z.refine(isValidBban, { error: 'fails the MOD11 check digit (weights 5,4,3,2,7,6,5,4,3,2)' }),
    ),
  iban: IbanIn,
  currency: Currency,
  product: text(70),
  cashAccountType: anyCase(
    CASH_ACCOUNT_TYPES,
    `must be one of the part 2.1 cashAccountType codes: ${CASH_ACCOUNT_TYPES.join(', ')}`,
  ),
  creditLine: Int32.check(z.gte(0, { error: 'must not be negative' })),
  balances: z
    .array(BalanceIn)
    .check(z.maxLength(2, { error: 'at most one closingBooked and one expected balance' })),
});

/** The opening booked and expected balances: a missing expected equals booked, a missing booked is 0. */
function openingBalances(
  body: z.infer<typeof CreateAccountBody>,
  ctx: RequestContext,
): { booked: string; expected: string } {
  const amounts: Record<string, string> = {};
  body.balances.forEach((balance, i) => {
    const path = `balances[${i}]`;
    if (balance.balanceType === 'interimBooked') {
      throw apiError(
        'FORMAT_ERROR',
        `${path}.balanceType: an account has closingBooked and expected balances`,
        {
          path: `${path}.balanceType`,
        },
      );
    }
    if (balance.balanceType in amounts) {
      throw apiError('FORMAT_ERROR', `${path}.balanceType: ${balance.balanceType} is given twice`, {
        path: `${path}.balanceType`,
      });
    }
    if (balance.balanceAmount.currency !== body.currency) {
      throw apiError(
        'FORMAT_ERROR',
        `${path}.balanceAmount.currency must be the account currency ${body.currency}`,
        {
          path: `${path}.balanceAmount.currency`,
        },
      );
    }
    amounts[balance.balanceType] = canonicalAmount(balance.balanceAmount.amount, body.currency);
  });
  const booked = amounts.closingBooked ?? canonicalAmount('0', body.currency);
  const expected = amounts.expected ?? booked;
  if (amounts.closingBooked === undefined) reportDefault(ctx, 'balances', booked, 'a closingBooked balance');
  if (amounts.expected === undefined)
    reportDefault(ctx, 'balances', expected, 'an expected balance (the closingBooked amount)');
  return { booked, expected };
}

/**
 * POST /v1/sandbox/accounts (part 2.7, part 4.2 item 6). A private customer's account joins the
 * customer's personal agreement at once: a private PSU sees every account it owns. A corporate
 * customer's account is visible to no PSU until POST /v1/sandbox/agreements grants it.
 */
export const createAccount: Operation = (draft, input, ctx) => {
  const body = parseWith(CreateAccountBody, input.body, 'body');
  reportStored(ctx, input.body, body);
  customerInBody(draft, body.customerNumber, 'customerNumber');
  if (!isValidIban(body.iban)) {
    throw apiError('FORMAT_ERROR', `iban ${body.iban} is not a valid IBAN (ISO 13616 check digits)`, {
      path: 'iban',
    });
  }
  const expectedIban = ibanFromBban(body.bban);
  if (body.iban !== expectedIban) {
    throw apiError('FORMAT_ERROR', `iban must match the bban: expected ${expectedIban}`, { path: 'iban' });
  }
  const { booked, expected } = openingBalances(body, ctx);
  if (accountsNumbered(draft, { bban: body.bban }).length > 0) {
    throw apiError('CONFLICT', `an account with bban ${body.bban} already exists`, { path: 'bban' });
  }
  const account: Account = {
    id: allocateId(draft),
    customerNumber: body.customerNumber,
    accountName: body.accountName,
    bban: body.bban,
    iban: body.iban,
    bic: SANDBOX_BIC,
    currency: body.currency,
    product: body.product,
    cashAccountType: body.cashAccountType,
    creditLine: String(body.creditLine),
    booked,
    expected,
    requiresKid: false,
    seeded: false,
  };
  putAccount(draft, account);
  draft.transactions[account.id] = [];
  return json(201, accountView(ctx, account));
};
