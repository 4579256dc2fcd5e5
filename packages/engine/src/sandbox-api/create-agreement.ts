import * as z from 'zod/mini';
import { apiError } from '../core/errors.js';
import { isNorwegianNationalId } from '../core/headers.js';
import { json } from '../core/http.js';
import { allocateId } from '../core/ids.js';
import { accountsNumbered } from '../core/records.js';
import type { Operation } from '../core/router.js';
import type { Agreement, State } from '../core/state.js';
import { agreementKeysOfPerson } from '../core/state-index.js';
import { parseWith } from '../core/validate.js';
import { customerInBody } from './lookup.js';
import { IbanIn, text } from './schemas.js';
import { reportStored } from './stored.js';
import { agreementView } from './views.js';

/** part 4.2 item 12, docs/platform-facts.md §2: `{owner, name, engagements:[{customer, account:{iban}, roles}]}`. */
export const CreateAgreementBody = z.object({
  owner: z.string(),
  name: text(70),
  engagements: z
    .array(
      z.object({
        customer: z.string().check(
          z.refine(isNorwegianNationalId, {
            error: 'must be the PSU national identity number or D-number (11 digits)',
          }),
        ),
        account: z.object({ iban: IbanIn }),
        // Role names are upper case (VIEW, REGISTER); `view` is read as VIEW.
        roles: z.array(
          z.pipe(
            z.string().check(z.regex(/^[A-Za-z_]{1,35}$/, { error: 'must be a role name such as VIEW' })),
            z.transform((role: string) => role.toUpperCase()),
          ),
        ),
      }),
    )
    .check(z.minLength(1, { error: 'must hold at least one engagement' })),
});

const REQUIRED_ROLES = ['VIEW', 'REGISTER'];

/**
 * POST /v1/sandbox/agreements: grants PSUs access to a corporate customer's accounts (part 4.2 item 6).
 * An agreement is identified by owner and name: posting the same owner and name again adds the
 * engagements to it (an engagement for the same PSU and account is replaced); otherwise a new
 * agreement is created.
 */
export const createAgreement: Operation = (draft, input, ctx) => {
  const body = parseWith(CreateAgreementBody, input.body, 'body');
  reportStored(ctx, input.body, body);
  const owner = customerInBody(draft, body.owner, 'owner');
  if (owner.customerType !== 'corporate') {
    throw apiError(
      'FORMAT_ERROR',
      `owner ${body.owner} is a private customer; agreements belong to corporate customers`,
      {
        path: 'owner',
      },
    );
  }
  const engagements = body.engagements.map((engagement, i) => {
    const path = `engagements[${i}]`;
    const missing = REQUIRED_ROLES.filter((role) => !engagement.roles.includes(role));
    if (missing.length > 0) {
      throw apiError(
        'FORMAT_ERROR',
        `${path}.roles must include both VIEW and REGISTER; missing ${missing.join(', ')}`,
        {
          path: `${path}.roles`,
        },
      );
    }
    const iban = engagement.account.iban;
    const account = accountsNumbered(draft, { iban })[0];
    if (!account) {
      throw apiError('RESOURCE_UNKNOWN', `${path}.account.iban: no sandbox account with iban ${iban}`, {
        path: `${path}.account.iban`,
        status: 400,
      });
    }
    if (account.customerNumber !== owner.customerNumber) {
      throw apiError(
        'FORMAT_ERROR',
        `${path}.account.iban: account ${iban} does not belong to the owner ${owner.customerNumber}`,
        {
          path: `${path}.account.iban`,
        },
      );
    }
    return { customer: engagement.customer, accountId: account.id, roles: [...new Set(engagement.roles)] };
  });
  const sameKey = agreementKeysOfPerson(draft as State, owner.customerNumber).find((key) => {
    const existing = draft.agreements[key] as Agreement;
    return existing.owner === owner.customerNumber && existing.name === body.name;
  });
  let agreement: Agreement | undefined = sameKey === undefined ? undefined : draft.agreements[sameKey];
  if (!agreement) {
    const agreementId = allocateId(draft);
    agreement = { agreementId, owner: owner.customerNumber, name: body.name, engagements: [], seeded: false };
    draft.agreements[agreementId] = agreement;
    agreement = draft.agreements[agreementId] as Agreement;
  }
  for (const engagement of engagements) {
    const same = (e: { customer: string; accountId: string }) =>
      e.customer === engagement.customer && e.accountId === engagement.accountId;
    agreement.engagements = [...agreement.engagements.filter((e) => !same(e)), engagement];
  }
  return json(201, agreementView(draft, agreement));
};
