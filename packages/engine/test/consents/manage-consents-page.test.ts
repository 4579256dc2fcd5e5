import {
  anotherBrowser,
  api,
  consent,
  controls,
  getPage,
  KARI,
  OLA,
  ORIGIN,
  sandbox,
  submit,
} from '@sandbank/test-support/ais';
import { parseForms } from '@sandbank/test-support/form';
import { describe, expect, it } from 'vitest';
import { consentById, consentList } from '../../src/core/records.js';

const PAGE = `${ORIGIN}/_sandbank/consents`;

describe('the bank consent overview at /_sandbank/consents', () => {
  it('lets the PSU revoke an account at any time; the TPP finds out on its next call', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const listed = await api(sb, 'GET', '/v1/accounts', { headers: psu.headers });
    const drop: string = listed.body.accounts[0].resourceId;

    const signIn = await getPage(sb, PAGE);
    expect(controls(signIn, 'nationalIdentityNumber')).toHaveLength(1);
    const overview = await submit(sb, PAGE, signIn, { nationalIdentityNumber: KARI });
    expect(overview.status).toBe(200);
    const boxes = controls(overview, 'accounts');
    expect(boxes.every((b) => b.checked)).toBe(true);
    const saved = await submit(sb, PAGE, overview, {
      accounts: boxes.map((b) => b.value).filter((v) => v !== drop),
    });
    expect(saved.html).toContain('Saved.');

    const answer = await api(sb, 'GET', `/v1/accounts/${drop}/balances`, { headers: psu.headers });
    expect(answer.status).toBe(403);
    expect(answer.body.tppMessages[0].code).toBe('CONSENT_UNKNOWN');
  });

  it('shows a PSU only its own consents', async () => {
    const sb = sandbox();
    await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const signIn = await getPage(sb, PAGE);
    const overview = await submit(sb, PAGE, signIn, { nationalIdentityNumber: OLA });
    expect(controls(overview, 'accounts')).toHaveLength(0);
    expect(overview.html).toContain('No service has asked');
    const kariConsent = consentList(sb.getState())[0]?.consentId ?? '';
    const forged = await submit(sb, PAGE, signIn, {
      nationalIdentityNumber: OLA,
      consent: kariConsent,
      accounts: [],
    });
    expect(forged.status).toBe(200);
    expect(consentById(sb.getState(), kariConsent)?.status).toBe('valid');
  });

  it('refuses an unknown national identity number', async () => {
    const sb = sandbox();
    const signIn = await getPage(sb, PAGE);
    const refused = await submit(sb, PAGE, signIn, { nationalIdentityNumber: '01010112345' });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('role="alert"');
  });

  it('keeps the PSU signed in in this browser only, until it signs out', async () => {
    const sb = sandbox();
    await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    await submit(sb, PAGE, await getPage(sb, PAGE), { nationalIdentityNumber: KARI });
    const again = await getPage(sb, PAGE);
    expect(again.html).toContain('Signed in as');
    expect(controls(again, 'accounts').length).toBeGreaterThan(0);

    const elsewhere = await getPage(sb, PAGE, anotherBrowser());
    expect(elsewhere.html).not.toContain('Signed in as');
    expect(controls(elsewhere, 'accounts')).toHaveLength(0);

    const signOut = parseForms(again.html).find((f) => f.controls.some((c) => c.value === 'cancel'));
    expect(signOut?.controls.map((c) => c.name)).toEqual(['csrfToken', 'action']);
    const out = await submit(sb, PAGE, { ...again, form: signOut ?? null }, {}, 'cancel');
    expect(controls(out, 'nationalIdentityNumber')).toHaveLength(1);
    expect((await getPage(sb, PAGE)).html).not.toContain('Signed in as');
  });
});
