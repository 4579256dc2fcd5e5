import { authorisationById, consentCount } from '@sandbank/engine';
import {
  controls,
  getPage,
  KARI,
  postPage,
  redirectParams,
  sandbox,
  startConsent,
  submit,
} from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

describe('cancelling the SCA', () => {
  it('redirects with the failure parameters and grants nothing', async () => {
    const sb = sandbox();
    const href = await startConsent(sb, { 'psu-context': 'PRIVATE' });
    const login = await getPage(sb, href);
    const consentPage = await submit(sb, href, login, { nationalIdentityNumber: KARI });
    const boxes = consentPage.form?.controls.filter((c) => c.name === 'accounts').map((c) => c.value) ?? [];
    const cancelled = await submit(sb, href, consentPage, { accounts: boxes }, 'cancel');
    expect(cancelled.status).toBe(303);
    const params = redirectParams(cancelled);
    expect(params.get('code')).toBe('SCA_INVALID');
    expect(params.get('message')).toBe('the PSU cancelled the authorisation');
    expect(consentCount(sb.getState())).toBe(0);
  });

  it('can be pressed on the sign-in page without a number', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    const login = await getPage(sb, href);
    const cancelled = await submit(sb, href, login, {}, 'cancel');
    expect(redirectParams(cancelled).get('status')).toBe('400');
    expect(login.html).toMatch(/<button[^>]*name="action"[^>]*value="cancel"[^>]*formnovalidate/);
  });

  it('rejects a post without an action button', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    const login = await getPage(sb, href);
    const body = new URLSearchParams({
      csrfToken: controls(login, 'csrfToken')[0]?.value ?? '',
      nationalIdentityNumber: KARI,
    });
    const response = await postPage(sb, href, body);
    expect(response.status).toBe(400);
    expect(response.html).toContain('Press one of the buttons');
    const id = href.split('/').pop() ?? '';
    expect(authorisationById(sb.getState(), id)?.status).toBe('started');
  });
});
