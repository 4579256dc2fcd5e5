import {
  FJORDLYS,
  getPage,
  KARI,
  redirectParams,
  sandbox,
  startConsent,
  submit,
} from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

describe('choosing the context during SCA', () => {
  it('skips the context page when PSU-Context fixed it', async () => {
    const sb = sandbox();
    const href = await startConsent(sb, { 'psu-context': 'PRIVATE' });
    const login = await getPage(sb, href);
    const next = await submit(sb, href, login, { nationalIdentityNumber: KARI });
    expect(next.form?.controls.some((c) => c.name === 'context')).toBe(false);
    expect(next.form?.controls.some((c) => c.name === 'accounts')).toBe(true);
  });

  it('asks only for the agreement when PSU-Context is CORPORATE', async () => {
    const sb = sandbox();
    const href = await startConsent(sb, { 'psu-context': 'CORPORATE' });
    const login = await getPage(sb, href);
    const agreementPage = await submit(sb, href, login, { nationalIdentityNumber: FJORDLYS });
    const contexts = agreementPage.form?.controls.filter((c) => c.name === 'context') ?? [];
    expect(contexts.map((c) => c.type)).toEqual(['hidden']);
    const agreements = agreementPage.form?.controls.filter((c) => c.name === 'agreement') ?? [];
    expect(agreements).toHaveLength(1);
    const consentPage = await submit(sb, href, agreementPage, { agreement: agreements[0]?.value ?? '' });
    const boxes = consentPage.form?.controls.filter((c) => c.name === 'accounts') ?? [];
    expect(boxes).toHaveLength(2);
    const done = await submit(sb, href, consentPage, { accounts: boxes.map((b) => b.value) });
    const params = redirectParams(done);
    expect(params.get('context')).toBe('CORPORATE');
    expect(params.get('psu-corporate-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a corporate choice for a PSU without agreements', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    const login = await getPage(sb, href);
    const contextPage = await submit(sb, href, login, { nationalIdentityNumber: KARI });
    expect(contextPage.form?.controls.find((c) => c.value === 'CORPORATE')?.disabled).toBe(true);
    const again = await submit(sb, href, contextPage, { context: 'CORPORATE' });
    expect(again.status).toBe(400);
    expect(again.html).toContain('no corporate agreements');
  });

  it('refuses an agreement the PSU does not act under', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    const login = await getPage(sb, href);
    const contextPage = await submit(sb, href, login, { nationalIdentityNumber: FJORDLYS });
    const other = Object.values(sb.getState().agreements).find((a) => a.owner !== FJORDLYS);
    const again = await submit(sb, href, contextPage, {
      context: 'CORPORATE',
      agreement: other?.agreementId ?? '',
    });
    expect(again.status).toBe(400);
    expect(again.html).toContain('Choose one of your corporate agreements');
  });
});
