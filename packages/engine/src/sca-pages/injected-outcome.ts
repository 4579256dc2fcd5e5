import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import { ERROR_STATUSES } from '../core/errors.js';
import { type EngineResponse, withHeaders } from '../core/http.js';
import type { Authorisation, State } from '../core/state.js';
import { FAULT_HEADER } from '../faults/header.js';
import type { TakenFault } from '../faults/outcomes.js';
import { htmlPage } from '../sca/html.js';
import { failAuthorisation } from './finish-authorisation.js';
import { closedPage } from './pages.js';

function marked(response: EngineResponse, fault: TakenFault): EngineResponse {
  return withHeaders(response, { [FAULT_HEADER]: fault.label });
}

/**
 * An SCA outcome a fault rule asks for (docs/faults.md): the PSU fails (part 5.3 failure redirect with
 * `system`, `status`, `code`, `message`), the link has expired (as after 15 minutes), or the PSU
 * abandons: the page ends without sending the PSU back, and the authorisation waits until it expires.
 */
export function injectedScaOutcome(
  draft: Draft<State>,
  authorisation: Draft<Authorisation>,
  ctx: RequestContext,
  fault: TakenFault,
): EngineResponse {
  const effect = fault.rule.effect;
  if (!('sca' in effect)) throw new TypeError(`${fault.label} is not an SCA effect`);
  if (effect.sca === 'abandon') {
    const text = 'The PSU left the bank’s page without finishing; the authorisation expires unused.';
    return marked(htmlPage(200, closedPage('Authorisation abandoned', text)), fault);
  }
  if (effect.sca === 'expire') {
    authorisation.expiresAt = Math.min(authorisation.expiresAt, ctx.now);
    return marked(
      failAuthorisation(draft, authorisation, ctx, {
        status: 400,
        code: 'SCA_EXPIRED',
        message:
          effect.message ?? 'the authorisation link expired after 15 minutes; start a new authorisation',
      }),
      fault,
    );
  }
  const code = effect.code ?? 'PSU_CREDENTIALS_INVALID';
  return marked(
    failAuthorisation(draft, authorisation, ctx, {
      status: effect.status ?? ERROR_STATUSES[code][0],
      code,
      message: effect.message ?? 'the PSU could not be authenticated',
    }),
    fault,
  );
}
