import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import { type ErrorCode, tppMessage } from '../core/errors.js';
import { type EngineResponse, errorBody, json } from '../core/http.js';
import type { OperationInput } from '../core/router.js';
import type { State } from '../core/state.js';
import { startAuthorisation } from '../sca/start-authorisation.js';

/**
 * A 401 that carries an `scaRedirect` (docs/platform-facts.md §5): the consent authorisation it points to
 * is created now and kept, although the answer is an error.
 */
export function scaRequired(
  draft: Draft<State>,
  input: OperationInput,
  ctx: RequestContext,
  code: ErrorCode,
  text: string,
): EngineResponse {
  const { scaRedirect } = startAuthorisation(draft, ctx, {
    kind: 'consent',
    resourceIds: [],
    headers: input.headers,
  });
  return {
    ...json(401, {
      ...errorBody([tppMessage('ERROR', code, text)]),
      _links: { scaRedirect: { href: scaRedirect, verbs: ['GET'] } },
    }),
    keepChanges: true,
  };
}
