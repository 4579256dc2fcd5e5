import { authorisationById } from '@sandbank/engine';
import { getPage, sandbox, startConsent } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

describe('TPP-Redirect-Preferred: false', () => {
  it('is recorded on the authorisation and offers biometric authentication in the mobile app', async () => {
    const sb = sandbox();
    const href = await startConsent(sb, { 'tpp-redirect-preferred': 'false' });
    const id = href.split('/').pop() ?? '';
    expect(authorisationById(sb.getState(), id)?.redirectPreferred).toBe(false);
    const page = await getPage(sb, href);
    expect(page.html).toContain('Biometric authentication in the mobile app');
  });

  it('is not mentioned otherwise', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    const id = href.split('/').pop() ?? '';
    expect(authorisationById(sb.getState(), id)?.redirectPreferred).toBe(true);
    expect((await getPage(sb, href)).html).not.toContain('Biometric');
  });
});
