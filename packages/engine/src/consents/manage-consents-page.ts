import type { Draft } from 'immer';
import type { EngineResponse } from '../core/http.js';
import { consentById, consentsOfPsu } from '../core/records.js';
import type { Operation } from '../core/router.js';
import type { Consent, PageSession, State } from '../core/state.js';
import { browserFor, postingBrowser } from '../sca/browser-session.js';
import { csrfField, escapeHtml, htmlPage, notice, page, staleFormPage } from '../sca/html.js';
import { customerName, grantable, isKnownPsu } from '../sca/psu.js';

type Fields = Record<string, string[]>;

/** The page's own path, below the bank's mount (`publicUrl`). */
const pathOf = (mount: string) => `${mount}/_sandbank/consents`;

function signInPage(mount: string, csrf: string, problem: string | null): string {
  return page(
    'Your consents',
    `<p>See and change which accounts third-party services may read.</p>${notice(problem)}
<form method="post" action="${escapeHtml(pathOf(mount))}">
${csrfField(csrf)}
<label for="nid">National identity number (11 digits)</label>
<input type="text" id="nid" name="nationalIdentityNumber" inputmode="numeric" autocomplete="off" pattern="[0-9]{11}" required>
<p><small>Sandbox: use a seeded customer, for example 13039319955 (private) or 18129215603 (corporate).</small></p>
<div class="actions"><button type="submit" name="action" value="approve">Sign in</button></div>
</form>`,
  );
}

function consentForm(state: State, consent: Consent, mount: string, csrf: string): string {
  const offer = grantable(state, consent.nationalId, consent.context, consent.agreementId);
  const granted = new Set(
    consent.status === 'valid' ? [...consent.accountIds, ...consent.cardAccountIds] : [],
  );
  const box = (id: string, label: string) =>
    `<label><input type="checkbox" name="accounts" value="${escapeHtml(id)}"${granted.has(id) ? ' checked' : ''}> ${label}</label>`;
  const rows = [
    ...offer.accounts.map((a) =>
      box(a.id, `${escapeHtml(a.accountName)} <small>${escapeHtml(a.bban)}</small>`),
    ),
    ...offer.cardAccounts.map((c) =>
      box(c.id, `${escapeHtml(c.product)} <small>${escapeHtml(c.maskedPan)}</small>`),
    ),
  ];
  const where =
    consent.context === 'CORPORATE'
      ? `for ${escapeHtml(state.agreements[consent.agreementId ?? '']?.name ?? 'a company')}`
      : 'as a private person';
  return `<form method="post" action="${escapeHtml(pathOf(mount))}">
${csrfField(csrf)}
<fieldset><legend>${escapeHtml(consent.tppId === 'unverified' ? 'Unverified service' : consent.tppId)} ${where}</legend>
${rows.join('\n')}
</fieldset>
<input type="hidden" name="consent" value="${escapeHtml(consent.consentId)}">
<div class="actions"><button type="submit" name="action" value="approve">Save</button></div>
</form>`;
}

function overview(state: State, nationalId: string, saved: boolean, mount: string, csrf: string): string {
  const consents = consentsOfPsu(state, nationalId);
  const body =
    consents.length === 0
      ? '<p>No service has asked to read your accounts.</p>'
      : consents.map((c) => consentForm(state, c, mount, csrf)).join('\n');
  return page(
    'Your consents',
    `<p>Signed in as ${escapeHtml(customerName(state, nationalId))}. Untick an account to stop sharing it; the service is not told.</p>${
      saved ? notice('Saved.', 'notice') : ''
    }${body}
<form method="post" action="${escapeHtml(pathOf(mount))}">
${csrfField(csrf)}
<div class="actions"><button type="submit" name="action" value="cancel">Sign out</button></div>
</form>`,
  );
}

/** What this browser's session is signed in as sees: the overview, or the sign-in page. */
function viewOf(state: State, session: PageSession, mount: string, saved = false): string {
  return session.nationalId === null
    ? signInPage(mount, session.csrf, null)
    : overview(state, session.nationalId, saved, mount, session.csrf);
}

/**
 * GET /_sandbank/consents: the bank's own consent overview (part 5.2 rule 3: revoke at any time),
 * for the PSU signed in in this browser; a browser without a page session gets one (its cookie).
 */
export const showConsentsPage: Operation = (draft, input, ctx) => {
  const browser = browserFor(draft, input.headers, ctx);
  return htmlPage(200, viewOf(draft, browser.session, ctx.mount ?? ''), { cookie: browser.cookie });
};

/** Saves one consent's ticks; a consent left with nothing ticked is revoked (the TPP learns it by 403). */
function save(draft: Draft<State>, consent: Draft<Consent>, picked: ReadonlySet<string>): void {
  const offer = grantable(draft, consent.nationalId, consent.context, consent.agreementId);
  consent.accountIds = offer.accounts.filter((a) => picked.has(a.id)).map((a) => a.id);
  consent.cardAccountIds = offer.cardAccounts.filter((c) => picked.has(c.id)).map((c) => c.id);
  const granted = consent.accountIds.length + consent.cardAccountIds.length > 0;
  consent.status = granted ? 'valid' : consent.status === 'valid' ? 'revoked' : consent.status;
}

/**
 * POST /_sandbank/consents, from a page the bank showed this browser: sign in (sandbox: the national
 * id only), sign out (`action=cancel`), or save one of the signed-in PSU's consents. Other posts
 * change nothing (403).
 */
export const submitConsentsPage: Operation = (draft, input, ctx): EngineResponse => {
  const mount = ctx.mount ?? '';
  const fields = (input.body ?? {}) as Fields;
  const browser = postingBrowser(draft, input.headers, fields, ctx);
  if (browser === null) return staleFormPage(pathOf(mount));
  const session = draft.pages.sessions[browser.id] as Draft<PageSession>;
  if (fields.action?.[0] === 'cancel') {
    session.nationalId = null;
    return htmlPage(200, viewOf(draft, session, mount));
  }
  const nationalId = fields.nationalIdentityNumber?.[0]?.trim();
  if (nationalId !== undefined) {
    if (!isKnownPsu(draft, nationalId)) {
      return htmlPage(
        400,
        signInPage(mount, session.csrf, 'No PSU with this national identity number exists in the sandbox.'),
      );
    }
    session.nationalId = nationalId;
    return htmlPage(200, viewOf(draft, session, mount));
  }
  const consentId = fields.consent?.[0];
  const consent = consentId === undefined ? undefined : consentById(draft, consentId);
  if (session.nationalId === null || consent === undefined || consent.nationalId !== session.nationalId) {
    return htmlPage(200, viewOf(draft, session, mount));
  }
  save(draft, consent, new Set(fields.accounts ?? []));
  return htmlPage(200, viewOf(draft, session, mount, true));
};
