import type { Operation } from '../core/router.js';
import type { Consent, State } from '../core/state.js';
import { escapeHtml, htmlPage, notice, page } from '../sca/html.js';
import { customerName, grantable, isKnownPsu } from '../sca/psu.js';

type Fields = Record<string, string[]>;

/** The page's own path, below the bank's mount (`publicUrl`). */
const pathOf = (mount: string) => escapeHtml(`${mount}/_sandbank/consents`);

function signInPage(mount: string, problem: string | null): string {
  return page(
    'Your consents',
    `<p>See and change which accounts third-party services may read.</p>${notice(problem)}
<form method="post" action="${pathOf(mount)}">
<label for="nid">National identity number (11 digits)</label>
<input type="text" id="nid" name="nationalIdentityNumber" inputmode="numeric" autocomplete="off" pattern="[0-9]{11}" required>
<div class="actions"><button type="submit" name="action" value="approve">Sign in</button></div>
</form>`,
  );
}

function consentForm(state: State, consent: Consent, mount: string): string {
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
  return `<form method="post" action="${pathOf(mount)}">
<fieldset><legend>${escapeHtml(consent.tppId === 'unverified' ? 'Unverified service' : consent.tppId)} ${where}</legend>
${rows.join('\n')}
</fieldset>
<input type="hidden" name="nationalIdentityNumber" value="${escapeHtml(consent.nationalId)}">
<input type="hidden" name="consent" value="${escapeHtml(consent.consentId)}">
<div class="actions"><button type="submit" name="action" value="approve">Save</button></div>
</form>`;
}

function overview(state: State, nationalId: string, saved: boolean, mount: string): string {
  const consents = Object.values(state.consents).filter((c) => c.nationalId === nationalId);
  const body =
    consents.length === 0
      ? '<p>No service has asked to read your accounts.</p>'
      : consents.map((c) => consentForm(state, c, mount)).join('\n');
  return page(
    'Your consents',
    `<p>Signed in as ${escapeHtml(customerName(state, nationalId))}. Untick an account to stop sharing it; the service is not told.</p>${
      saved ? notice('Saved.', 'notice') : ''
    }${body}`,
  );
}

/** GET /_sandbank/consents: the bank's own consent overview (part 5.2 rule 3: revoke at any time). */
export const showConsentsPage: Operation = (_draft, _input, ctx) =>
  htmlPage(200, signInPage(ctx.mount ?? '', null));

/**
 * POST /_sandbank/consents: sign in (sandbox: national id only), or save one consent's ticks. A
 * consent left with nothing ticked is revoked; the TPP learns it on its next call (403).
 */
export const submitConsentsPage: Operation = (draft, input, ctx) => {
  const fields = (input.body ?? {}) as Fields;
  const nationalId = fields.nationalIdentityNumber?.[0]?.trim() ?? '';
  if (!isKnownPsu(draft, nationalId)) {
    return htmlPage(
      400,
      signInPage(ctx.mount ?? '', 'No PSU with this national identity number exists in the sandbox.'),
    );
  }
  const consentId = fields.consent?.[0];
  const consent = consentId === undefined ? undefined : draft.consents[consentId];
  if (consent === undefined || consent.nationalId !== nationalId)
    return htmlPage(200, overview(draft, nationalId, false, ctx.mount ?? ''));
  const picked = new Set(fields.accounts ?? []);
  const offer = grantable(draft, nationalId, consent.context, consent.agreementId);
  consent.accountIds = offer.accounts.filter((a) => picked.has(a.id)).map((a) => a.id);
  consent.cardAccountIds = offer.cardAccounts.filter((c) => picked.has(c.id)).map((c) => c.id);
  const granted = consent.accountIds.length + consent.cardAccountIds.length > 0;
  consent.status = granted ? 'valid' : consent.status === 'valid' ? 'revoked' : consent.status;
  return htmlPage(200, overview(draft, nationalId, true, ctx.mount ?? ''));
};
