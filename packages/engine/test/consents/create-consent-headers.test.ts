import { authorisationList } from '@sandbank/engine';
import { api, REDIRECT_URI, sandbox } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

describe('POST /v1/bank-offered-consents headers', () => {
  it.each([
    ['TPP-Redirect-URI', { 'tpp-session-id': 's' }],
    ['TPP-Session-ID', { 'tpp-redirect-uri': REDIRECT_URI }],
  ])('requires %s', async (name, headers) => {
    const sb = sandbox();
    const answer = await api(sb, 'POST', '/v1/bank-offered-consents', { headers });
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0]).toMatchObject({ code: 'HTTP_HEADER_REQUIRED', path: name });
    expect(authorisationList(sb.getState())).toHaveLength(0);
  });

  it('rejects a redirect URI that is not an absolute URL', async () => {
    const sb = sandbox();
    const answer = await api(sb, 'POST', '/v1/bank-offered-consents', {
      headers: { 'tpp-redirect-uri': '/callback', 'tpp-session-id': 's' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0].code).toBe('FORMAT_ERROR');
  });
});
