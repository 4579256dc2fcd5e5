import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import type { EngineResponse } from '../core/http.js';
import { authorisationById } from '../core/records.js';
import type { Operation } from '../core/router.js';
import type { Authorisation, State } from '../core/state.js';
import { takeScaFault } from '../faults/outcomes.js';
import { type Browser, browserFor } from '../sca/browser-session.js';
import { htmlPage } from '../sca/html.js';
import { failAuthorisation, failureResponse } from './finish-authorisation.js';
import { injectedScaOutcome } from './injected-outcome.js';
import { closedPage, stepPage } from './pages.js';

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
  // Fault rules may decide the outcome instead (docs/faults.md).
  const fault = takeScaFault(draft, authorisation, ctx.now);
  return fault === null ? null : injectedScaOutcome(draft, authorisation, ctx, fault);
}

/**
 * An authorisation the PSU needs no sign-in for (an active TPP session, part 5.2 rule 6) belongs to
 * the first browser that opens it; others then start at the sign-in page.
 */
export function claimPreidentified(authorisation: Draft<Authorisation>, browser: Browser): void {
  if (authorisation.status === 'psuIdentified' && authorisation.browser === null) {
    authorisation.browser = browser.id;
  }
}

/**
 * GET /_sandbank/sca/{authorisationId}: the page for the authorisation's current step, as this
 * browser sees it. A browser without a page session gets one (its cookie) with this page.
 */
export const showAuthorisationPage: Operation = (draft, input, ctx) => {
  const authorisation = authorisationById(draft, input.params.authorisationId ?? '');
  const stop = guardAuthorisation(draft, authorisation, ctx);
  if (stop !== null || authorisation === undefined) return stop as EngineResponse;
  const browser = browserFor(draft, input.headers, ctx);
  claimPreidentified(authorisation, browser);
  return stepPage(200, draft, authorisation, ctx, browser);
};
