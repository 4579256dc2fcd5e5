import type { RequestContext } from '../core/context.js';
import type { EngineResponse } from '../core/http.js';
import { consentsOf } from '../core/records.js';
import type { Authorisation, State } from '../core/state.js';
import type { Browser } from '../sca/browser-session.js';
import { actions, csrfField, escapeHtml, htmlPage, notice, page } from '../sca/html.js';
import { agreementsOf, customerName, grantable } from '../sca/psu.js';
import { scaPagePath } from '../sca/start-authorisation.js';
import { SCA_OUTCOMES } from './outcomes.js';

export type Step = 'identify' | 'context' | 'confirm' | 'closed';

/** The authorisation as a state machine: its status and what it still lacks decide the page. */
export function stepOf(authorisation: Authorisation): Step {
  if (authorisation.status === 'finalised' || authorisation.status === 'failed') return 'closed';
  if (authorisation.status === 'started' || authorisation.nationalId === null) return 'identify';
  if (
    authorisation.context === null ||
    (authorisation.context === 'CORPORATE' && authorisation.agreementId === null)
  ) {
    return 'context';
  }
  return 'confirm';
}

/**
 * The step as one browser sees it: after a PSU signed in, any other browser is at the sign-in page
 * (it knows the link, not the PSU), and is never shown whom the link belongs to.
 */
export function stepFor(authorisation: Authorisation, browserId: string): Step {
  const step = stepOf(authorisation);
  if (step === 'closed' || authorisation.browser === null || authorisation.browser === browserId) return step;
  return 'identify';
}

const PURPOSE: Record<Authorisation['kind'], string> = {
  consent: 'read information about your accounts',
  user: 'confirm who you are',
  payment: 'initiate a payment',
  basket: 'initiate several payments',
};

function requester(authorisation: Authorisation): string {
  const who = authorisation.tppId === 'unverified' ? 'A service' : `The service ${authorisation.tppId}`;
  return `<p>${escapeHtml(who)} asks to ${escapeHtml(PURPOSE[authorisation.kind])}.</p>`;
}

/**
 * Where a page's form posts and what it carries: the page's own path (with the mount, `publicUrl`),
 * the browser's token, and the step the page was shown for.
 */
interface FormTarget {
  mount: string;
  csrf: string;
  step: Step;
}

/** The hidden field naming the step a form was shown for (a stale form posted again is told apart). */
export const STEP_FIELD = 'step';

function form(authorisationId: string, target: FormTarget, inner: string): string {
  const step = `<input type="hidden" name="${STEP_FIELD}" value="${target.step}">`;
  return `<form method="post" action="${escapeHtml(scaPagePath(authorisationId, target.mount))}">\n${csrfField(target.csrf)}\n${step}\n${inner}\n</form>`;
}

function identifyPage(
  authorisation: Authorisation,
  target: FormTarget,
  problem: string | null,
  prefill: boolean,
): string {
  const biometric = authorisation.redirectPreferred
    ? ''
    : notice(
        'Biometric authentication in the mobile app was requested. In the sandbox you confirm it here with your mocked national identity number.',
        'notice',
      );
  const value =
    authorisation.identityHint === null || !prefill
      ? ''
      : ` value="${escapeHtml(authorisation.identityHint)}"`;
  return page(
    'Sign in',
    `${requester(authorisation)}${biometric}${notice(problem)}${form(
      authorisation.authorisationId,
      target,
      `<label for="nid">National identity number (11 digits)</label>
<input type="text" id="nid" name="nationalIdentityNumber" inputmode="numeric" autocomplete="off" pattern="[0-9]{11}" required${value}>
<p><small>Sandbox: use a seeded customer, for example 13039319955 (private) or 18129215603 (corporate).</small></p>
${actions('Sign in')}`,
    )}`,
  );
}

function contextPage(
  state: State,
  authorisation: Authorisation,
  target: FormTarget,
  problem: string | null,
): string {
  const nationalId = authorisation.nationalId ?? '';
  const agreements = agreementsOf(state, nationalId);
  const fixed = authorisation.context === 'CORPORATE';
  const contextField = fixed
    ? '<input type="hidden" name="context" value="CORPORATE">'
    : `<fieldset><legend>Act as</legend>
<label><input type="radio" name="context" value="PRIVATE" checked> Private person</label>
<label><input type="radio" name="context" value="CORPORATE"${agreements.length === 0 ? ' disabled' : ''}> On behalf of a company${
        agreements.length === 0 ? ' <small>(you have no corporate agreements)</small>' : ''
      }</label>
</fieldset>`;
  const agreementField =
    agreements.length === 0
      ? ''
      : `<fieldset><legend>Corporate agreement</legend>
${agreements
  .map(
    (a, i) =>
      `<label><input type="radio" name="agreement" value="${escapeHtml(a.agreementId)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(a.name)}</label>`,
  )
  .join('\n')}
</fieldset>`;
  return page(
    fixed ? 'Choose agreement' : 'Choose context',
    `<p>Signed in as ${escapeHtml(customerName(state, nationalId))}.</p>${notice(problem)}${form(
      authorisation.authorisationId,
      target,
      `${contextField}\n${agreementField}\n${actions('Continue')}`,
    )}`,
  );
}

function consentFields(state: State, authorisation: Authorisation): string {
  const nationalId = authorisation.nationalId ?? '';
  const context = authorisation.context ?? 'PRIVATE';
  const agreementId = context === 'CORPORATE' ? authorisation.agreementId : null;
  const offer = grantable(state, nationalId, context, agreementId);
  const granted = new Set<string>();
  for (const consent of consentsOf(state, authorisation.tppId, nationalId)) {
    if (consent.context === context && consent.agreementId === agreementId && consent.status === 'valid') {
      for (const id of [...consent.accountIds, ...consent.cardAccountIds]) granted.add(id);
    }
  }
  const box = (id: string, label: string) =>
    `<label><input type="checkbox" name="accounts" value="${escapeHtml(id)}"${granted.has(id) ? ' checked' : ''}> ${label}</label>`;
  const rows = [
    ...offer.accounts.map((a) =>
      box(
        a.id,
        `${escapeHtml(a.accountName)} <small>${escapeHtml(a.bban)} · ${escapeHtml(a.currency)}</small>`,
      ),
    ),
    ...offer.cardAccounts.map((c) =>
      box(c.id, `${escapeHtml(c.product)} <small>${escapeHtml(c.maskedPan)} · card</small>`),
    ),
  ];
  if (rows.length === 0) return '<p>You have no accounts to share in this context.</p>';
  return `<fieldset><legend>Accounts</legend>\n${rows.join('\n')}\n</fieldset>`;
}

function confirmPage(
  state: State,
  authorisation: Authorisation,
  target: FormTarget,
  problem: string | null,
): string {
  const outcome = SCA_OUTCOMES[authorisation.kind];
  const described = outcome?.describe(state, authorisation) ?? '';
  const who = customerName(state, authorisation.nationalId ?? '');
  const context =
    authorisation.context === 'CORPORATE'
      ? ` for ${escapeHtml(state.agreements[authorisation.agreementId ?? '']?.name ?? 'a company')}`
      : '';
  const fields = authorisation.kind === 'consent' ? consentFields(state, authorisation) : '';
  return page(
    authorisation.kind === 'consent' ? 'Share account information' : 'Confirm',
    `<p>Signed in as ${escapeHtml(who)}${context}.</p>${requester(authorisation)}${notice(problem)}${described}${form(
      authorisation.authorisationId,
      target,
      `${fields}\n${actions(authorisation.kind === 'consent' ? 'Share' : 'Approve')}`,
    )}`,
  );
}

export function closedPage(title: string, text: string): string {
  return page(title, `<p>${escapeHtml(text)}</p>`);
}

/** The page for the authorisation's current step, as `browser` sees it. */
export function renderStep(
  state: State,
  authorisation: Authorisation,
  ctx: Pick<RequestContext, 'mount'>,
  browser: Browser,
  problem: string | null = null,
): string {
  const step = stepFor(authorisation, browser.id);
  const target: FormTarget = { mount: ctx.mount ?? '', csrf: browser.session.csrf, step };
  switch (step) {
    case 'identify':
      // X-PSU-IDENTITY pre-fills the sign-in, but never for another browser once the PSU has signed in.
      return identifyPage(authorisation, target, problem, authorisation.browser === null);
    case 'context':
      return contextPage(state, authorisation, target, problem);
    case 'confirm':
      return confirmPage(state, authorisation, target, problem);
    case 'closed':
      return closedPage(
        'Authorisation finished',
        'This authorisation link has already been used. Return to the service and start again.',
      );
  }
}

/** The step's page as a response; `cookie` when the browser's session was opened by this request. */
export function stepPage(
  status: number,
  state: State,
  authorisation: Authorisation,
  ctx: Pick<RequestContext, 'mount'>,
  browser: Browser & { cookie?: string | null },
  problem: string | null = null,
): EngineResponse {
  return htmlPage(status, renderStep(state, authorisation, ctx, browser, problem), {
    cookie: browser.cookie ?? null,
    redirectUri: authorisation.redirectUri,
  });
}
