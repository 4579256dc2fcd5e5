import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import type { EngineResponse } from '../core/http.js';
import type { Operation } from '../core/router.js';
import type { Authorisation, State } from '../core/state.js';
import { approveAuthorisation, failAuthorisation } from './finish-authorisation.js';
import { htmlPage } from './html.js';
import { renderStep, stepOf } from './pages.js';
import { agreementsOf, isKnownPsu, psuIdFor } from './psu.js';
import { guardAuthorisation } from './show-authorisation-page.js';

type Fields = Record<string, string[]>;

function field(fields: Fields, name: string): string | null {
  const value = fields[name]?.[0]?.trim();
  return value === undefined || value === '' ? null : value;
}

/** The next page, or the end of the flow when nothing is left to ask. */
function advance(
  draft: Draft<State>,
  authorisation: Draft<Authorisation>,
  ctx: RequestContext,
): EngineResponse {
  return htmlPage(200, renderStep(draft, authorisation, ctx));
}

function identify(
  draft: Draft<State>,
  authorisation: Draft<Authorisation>,
  ctx: RequestContext,
  fields: Fields,
): EngineResponse {
  const nationalId = field(fields, 'nationalIdentityNumber');
  if (nationalId === null) {
    return htmlPage(400, renderStep(draft, authorisation, ctx, 'Enter your national identity number.'));
  }
  // part 1: the sandbox login asks only for a mocked national identity number.
  if (!isKnownPsu(draft, nationalId)) {
    return failAuthorisation(draft, authorisation, ctx, {
      status: 401,
      code: 'PSU_CREDENTIALS_INVALID',
      message: 'no PSU with this national identity number exists in the sandbox',
    });
  }
  if (
    authorisation.psuId !== null &&
    psuIdFor(draft, nationalId, authorisation.tppId) !== authorisation.psuId.toLowerCase()
  ) {
    return failAuthorisation(draft, authorisation, ctx, {
      status: 401,
      code: 'PSU_CREDENTIALS_INVALID',
      message: 'the PSU who signed in is not the PSU named by the PSU-ID of the request',
    });
  }
  // part 5.4: an agreement named by PSU-Corporate-ID must be one the PSU acts under.
  const agreements = agreementsOf(draft, nationalId);
  if (
    authorisation.corporateId !== null &&
    !agreements.some((a) => a.agreementId === authorisation.agreementId)
  ) {
    return failAuthorisation(draft, authorisation, ctx, {
      status: 400,
      code: 'RESOURCE_UNKNOWN',
      message: 'the PSU-Corporate-ID of the request is not an agreement of the PSU who signed in',
    });
  }
  authorisation.nationalId = nationalId;
  authorisation.status = 'psuIdentified';
  return advance(draft, authorisation, ctx);
}

function chooseContext(
  draft: Draft<State>,
  authorisation: Draft<Authorisation>,
  ctx: RequestContext,
  fields: Fields,
): EngineResponse {
  const context = field(fields, 'context') ?? authorisation.context;
  if (context !== 'PRIVATE' && context !== 'CORPORATE') {
    return htmlPage(400, renderStep(draft, authorisation, ctx, 'Choose PRIVATE or CORPORATE.'));
  }
  if (context === 'CORPORATE') {
    const agreements = agreementsOf(draft, authorisation.nationalId ?? '');
    if (agreements.length === 0) {
      return htmlPage(400, renderStep(draft, authorisation, ctx, 'You have no corporate agreements.'));
    }
    const chosen =
      field(fields, 'agreement') ?? (agreements.length === 1 ? agreements[0]?.agreementId : null);
    const agreement = agreements.find((a) => a.agreementId === chosen);
    if (agreement === undefined) {
      return htmlPage(400, renderStep(draft, authorisation, ctx, 'Choose one of your corporate agreements.'));
    }
    authorisation.agreementId = agreement.agreementId;
  }
  authorisation.context = context;
  return advance(draft, authorisation, ctx);
}

/**
 * POST /_sandbank/sca/{authorisationId}: one step of the flow (sign in → context → confirm).
 * Every step answers with the next page; the last one ends with 303 to the TPP (part 5.3).
 */
export const submitAuthorisationPage: Operation = (draft, input, ctx) => {
  const authorisation = draft.authorisations[input.params.authorisationId ?? ''];
  const stop = guardAuthorisation(draft, authorisation, ctx);
  if (stop !== null || authorisation === undefined) return stop as EngineResponse;
  const fields = (input.body ?? {}) as Fields;
  const action = field(fields, 'action');
  if (action === 'cancel') {
    return failAuthorisation(draft, authorisation, ctx, {
      status: 400,
      code: 'SCA_INVALID',
      message: 'the PSU cancelled the authorisation',
    });
  }
  if (action !== 'approve') {
    return htmlPage(
      400,
      renderStep(draft, authorisation, ctx, 'Press one of the buttons (action=approve or action=cancel).'),
    );
  }
  switch (stepOf(authorisation)) {
    case 'identify':
      return identify(draft, authorisation, ctx, fields);
    case 'context':
      return chooseContext(draft, authorisation, ctx, fields);
    default:
      authorisation.selectedIds = fields.accounts ?? [];
      return approveAuthorisation(draft, authorisation, ctx);
  }
};
