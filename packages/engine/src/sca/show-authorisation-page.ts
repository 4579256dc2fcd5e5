import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import type { EngineResponse } from '../core/http.js';
import type { Operation } from '../core/router.js';
import type { Authorisation, State } from '../core/state.js';
import { failAuthorisation, failureResponse } from './finish-authorisation.js';
import { htmlPage } from './html.js';
import { closedPage, renderStep } from './pages.js';

/**
 * What every visit to an SCA link checks first: the link exists, is not used up and has not
 * expired (15 minutes of bank time). Null when the page may be shown.
 */
export function guardAuthorisation(
  draft: Draft<State>,
  authorisation: Draft<Authorisation> | undefined,
  ctx: RequestContext,
): EngineResponse | null {
  if (authorisation === undefined) {
    return htmlPage(
      404,
      closedPage('Unknown authorisation', 'This authorisation link is not known to the bank.'),
    );
  }
  if (authorisation.status === 'finalised' || authorisation.status === 'failed') {
    return failureResponse(authorisation, {
      status: 400,
      code: 'SCA_INVALID',
      message: 'this authorisation link has already been used; start a new authorisation',
    });
  }
  if (ctx.now >= authorisation.expiresAt) {
    return failAuthorisation(draft, authorisation, ctx, {
      status: 400,
      code: 'SCA_EXPIRED',
      message: 'the authorisation link expired after 15 minutes; start a new authorisation',
    });
  }
  return null;
}

/** GET /_sandbank/sca/{authorisationId}: the page for the authorisation's current step. */
export const showAuthorisationPage: Operation = (draft, input, ctx) => {
  const authorisation = draft.authorisations[input.params.authorisationId ?? ''];
  const stop = guardAuthorisation(draft, authorisation, ctx);
  if (stop !== null || authorisation === undefined) return stop as EngineResponse;
  return htmlPage(200, renderStep(draft, authorisation, ctx));
};
