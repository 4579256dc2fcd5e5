import type { Draft } from 'immer';
import { type Access, assertCovered, type Need, resolveAccess } from '../consents/access.js';
import type { RequestContext } from '../core/context.js';
import { type EngineResponse, json } from '../core/http.js';
import { accountById } from '../core/records.js';
import type { Operation, OperationInput } from '../core/router.js';
import type { Account, State } from '../core/state.js';
import { accountView, coveredIds } from './views.js';

/** The consent and the account of a `/v1/accounts/{id}…` call, or the platform's answer why not. */
export function consentedAccount(
  draft: Draft<State>,
  input: OperationInput,
  ctx: RequestContext,
  need: Need,
): { access: Access; account: Account } | { response: EngineResponse } {
  const result = resolveAccess(draft, input, ctx, need);
  if (!result.ok) return { response: result.response };
  const id = input.params.id ?? '';
  const account = accountById(draft, id);
  const covered = coveredIds(draft, result.access).accounts.has(id);
  assertCovered(covered, account !== undefined, 'account');
  return { access: result.access, account: account as Account };
}

/** GET /v1/accounts/{id}: one consented account (Berlin Group `account` wrapper). */
export const getAccount: Operation = (draft, input, ctx) => {
  const found = consentedAccount(draft, input, ctx, 'balances');
  if ('response' in found) return found.response;
  return json(200, { account: accountView(ctx, found.account, input.query.withBalance?.[0] === 'true') });
};
