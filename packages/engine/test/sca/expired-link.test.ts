import { authorisationById } from '@sandbank/engine';
import {
  advance,
  getPage,
  KARI,
  redirectParams,
  sandbox,
  startConsent,
  submit,
} from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

describe('an SCA link', () => {
  it('expires after 15 minutes of bank time with SCA_EXPIRED', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    await advance(sb, 16);
    const expired = await getPage(sb, href);
    expect(expired.status).toBe(303);
    const params = redirectParams(expired);
    expect(params.get('code')).toBe('SCA_EXPIRED');
    expect(params.get('status')).toBe('400');
    const id = href.split('/').pop() ?? '';
    expect(authorisationById(sb.getState(), id)?.status).toBe('failed');
  });

  it('still works at 14 minutes', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    await advance(sb, 14);
    const login = await getPage(sb, href);
    expect(login.status).toBe(200);
    const next = await submit(sb, href, login, { nationalIdentityNumber: KARI });
    expect(next.status).toBe(200);
  });

  it('cannot be used again once finished', async () => {
    const sb = sandbox();
    const href = await startConsent(sb, { 'psu-context': 'PRIVATE' });
    const login = await getPage(sb, href);
    const consentPage = await submit(sb, href, login, { nationalIdentityNumber: KARI });
    const done = await submit(sb, href, consentPage, {
      accounts: consentPage.form?.controls.filter((c) => c.name === 'accounts').map((c) => c.value) ?? [],
    });
    expect(done.status).toBe(303);
    const before = sb.getState();
    const reused = await getPage(sb, href);
    expect(reused.status).toBe(303);
    expect(redirectParams(reused).get('code')).toBe('SCA_INVALID');
    const reposted = await submit(sb, href, consentPage, { accounts: [] });
    expect(redirectParams(reposted).get('code')).toBe('SCA_INVALID');
    expect(sb.getState()).toBe(before);
  });

  it('answers an unknown link with a 404 page', async () => {
    const sb = sandbox();
    const page = await getPage(sb, 'https://bank.example/_sandbank/sca/enc!!nothing==');
    expect(page.status).toBe(404);
    expect(page.html).toContain('not known');
  });
});
