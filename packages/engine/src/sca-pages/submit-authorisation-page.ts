import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import type { EngineResponse } from '../core/http.js';
import { authorisationById } from '../core/records.js';
import type { Operation } from '../core/router.js';
import type { Authorisation, State } from '../core/state.js';
import { type Browser, postingBrowser } from '../sca/browser-session.js';
import { staleFormPage } from '../sca/html.js';
import { agreementsOf, isKnownPsu, psuIdFor } from '../sca/psu.js';
import { scaPagePath } from '../sca/start-authorisation.js';
import { approveAuthorisation, failAuthorisation } from './finish-authorisation.js';
import { STEP_FIELD, stepFor, stepPage } from './pages.js';
import { claimPreidentified, guardAuthorisation } from './show-authorisation-page.js';

type Fields = Record<string, string[]>;

function field(fields: Fields, name: string): string | null {
  const value = fields[name]?.[0]?.trim();
  return value === undefined || value === '' ? null : value;
}

interface Step {
  draft: Draft<State>;
  authorisation: Draft<Authorisation>;
  ctx: RequestContext;
  browser: Browser;
  fields: Fields;
}

/** The page of the step the browser is at now, or the same page again with a problem. */
function pageOf(step: Step, status = 200, problem: string | null = null): EngineResponse {
  return stepPage(status, step.draft, step.authorisation, step.ctx, step.browser, problem);
}

function identify(step: Step): EngineResponse {
  const { draft, authorisation, ctx } = step;
  const nationalId = field(step.fields, 'nationalIdentityNumber');
  if (nationalId === null) return pageOf(step, 400, 'Enter your national identity number.');
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
  // Another browser signing in on a link a PSU already signed in on: the same PSU moves the
  // authorisation to this browser; anyone else is not that PSU.
  if (authorisation.nationalId !== null && authorisation.nationalId !== nationalId) {
    return failAuthorisation(draft, authorisation, ctx, {
      status: 401,
      code: 'PSU_CREDENTIALS_INVALID',
      message: 'the PSU who signed in is not the PSU who started this authorisation',
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
  authorisation.browser = step.browser.id;
  // Signed in here: a new SCA, whatever session identified the PSU before.
  delete authorisation.scaAt;
  return pageOf(step);
}

function chooseContext(step: Step): EngineResponse {
  const { draft, authorisation } = step;
  const context = field(step.fields, 'context') ?? authorisation.context;
  if (context !== 'PRIVATE' && context !== 'CORPORATE') {
    return pageOf(step, 400, 'Choose PRIVATE or CORPORATE.');
  }
  if (context === 'CORPORATE') {
    const agreements = agreementsOf(draft, authorisation.nationalId ?? '');
    if (agreements.length === 0) return pageOf(step, 400, 'You have no corporate agreements.');
    const chosen =
      field(step.fields, 'agreement') ?? (agreements.length === 1 ? agreements[0]?.agreementId : null);
    const agreement = agreements.find((a) => a.agreementId === chosen);
    if (agreement === undefined) return pageOf(step, 400, 'Choose one of your corporate agreements.');
    authorisation.agreementId = agreement.agreementId;
  }
  authorisation.context = context;
  return pageOf(step);
}

/**
 * POST /_sandbank/sca/{authorisationId}: one step of the flow (sign in → context → confirm).
 * Every step answers with the next page; the last one ends with 303 to the TPP (part 5.3). A post
 * without this browser's session cookie and the CSRF token of a page shown to it changes nothing.
 */
export const submitAuthorisationPage: Operation = (draft, input, ctx) => {
  const authorisation = authorisationById(draft, input.params.authorisationId ?? '');
  const stop = guardAuthorisation(draft, authorisation, ctx);
  if (stop !== null || authorisation === undefined) return stop as EngineResponse;
  const fields = (input.body ?? {}) as Fields;
  const browser = postingBrowser(draft, input.headers, fields, ctx);
  if (browser === null) return staleFormPage(scaPagePath(authorisation.authorisationId, ctx.mount ?? ''));
  claimPreidentified(authorisation, browser);
  const step: Step = { draft, authorisation, ctx, browser, fields };
  const action = field(fields, 'action');
  if (action === 'cancel') {
    return failAuthorisation(draft, authorisation, ctx, {
      status: 400,
      code: 'SCA_INVALID',
      message: 'the PSU cancelled the authorisation',
    });
  }
  if (action !== 'approve') {
    return pageOf(step, 400, 'Press one of the buttons (action=approve or action=cancel).');
  }
  const current = stepFor(authorisation, browser.id);
  // A form shown for another step (sent twice, or again from the browser's history) changes nothing:
  // a sign-in posted again must not count as the confirmation, nor its missing boxes as unticked.
  // A client that writes its own post without the field is taken at the current step, as before.
  const posted = field(fields, STEP_FIELD);
  if (posted !== null && posted !== current) {
    return pageOf(
      step,
      409,
      'That form was for another step of this authorisation and was not applied. Continue on this page.',
    );
  }
  switch (current) {
    case 'identify':
      return identify(step);
    case 'context':
      return chooseContext(step);
    default:
      authorisation.selectedIds = fields.accounts ?? [];
      return approveAuthorisation(draft, authorisation, ctx);
  }
};
