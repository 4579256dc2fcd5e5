import { api, getPage, redirectParams, sandbox, startConsent, submit } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

describe('signing in on the SCA page', () => {
  it('sends the PSU back with the failure parameters when the national identity number is unknown', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    const login = await getPage(sb, href);
    const failed = await submit(sb, href, login, { nationalIdentityNumber: '01010112345' });
    expect(failed.status).toBe(303);
    const params = redirectParams(failed);
    expect(params.get('system')).toBeTruthy();
    expect(params.get('status')).toBe('401');
    expect(params.get('code')).toBe('PSU_CREDENTIALS_INVALID');
    expect(params.get('message')).toContain('national identity number');
    // part 5.3: the message is URL-encoded (percent-encoding, no raw spaces)
    expect(failed.location).toMatch(/message=[^&]*%20/);
    expect(params.has('psu-id')).toBe(false);
  });

  it('asks again when no number is entered', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    const login = await getPage(sb, href);
    const again = await submit(sb, href, login, { nationalIdentityNumber: '' });
    expect(again.status).toBe(400);
    expect(again.form?.controls.map((c) => c.name)).toContain('nationalIdentityNumber');
    expect(again.html).toContain('role="alert"');
  });

  it('shows an error page instead of a redirect when the request had no TPP-Redirect-URI', async () => {
    const sb = sandbox();
    const answer = await api(sb, 'GET', '/v1/accounts');
    expect(answer.status).toBe(401);
    const href: string = answer.body._links.scaRedirect.href;
    const login = await getPage(sb, href);
    const failed = await submit(sb, href, login, { nationalIdentityNumber: '01010112345' });
    expect(failed.status).toBe(200);
    expect(failed.location).toBeNull();
    expect(failed.html).toContain('Authorisation failed');
    expect(failed.html).toContain('national identity number');
  });

  it('refuses a PSU other than the one named by PSU-ID', async () => {
    const sb = sandbox();
    const { consent } = await import('@sandbank/test-support/ais');
    const kari = await consent(sb, { nationalId: '13039319955', context: 'PRIVATE', accounts: 'all' });
    const href = await startConsent(sb, { 'psu-id': kari.psuId, 'tpp-session-id': 'session-9' });
    const login = await getPage(sb, href);
    const failed = await submit(sb, href, login, { nationalIdentityNumber: '12085592767' });
    expect(redirectParams(failed).get('code')).toBe('PSU_CREDENTIALS_INVALID');
  });

  it('offers X-PSU-IDENTITY as the number to sign in with', async () => {
    const sb = sandbox();
    const href = await startConsent(sb, { 'x-psu-identity': '12085592767' });
    const login = await getPage(sb, href);
    expect(login.form?.controls.find((c) => c.name === 'nationalIdentityNumber')?.value).toBe('12085592767');
  });
});
