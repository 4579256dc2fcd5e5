import { describe, expect, it } from 'vitest';
import { api, REDIRECT_URI, sandbox } from '../support/ais.js';

describe('POST /v1/consents (deprecated)', () => {
  it('behaves like bank-offered-consents with a warning and Deprecation/Sunset headers', async () => {
    const sb = sandbox();
    const answer = await api(sb, 'POST', '/v1/consents', {
      headers: { 'tpp-redirect-uri': REDIRECT_URI, 'tpp-session-id': 's' },
      body: { access: { accounts: [] } },
    });
    expect(answer.status).toBe(201);
    expect(answer.body._links.scaRedirect.href).toMatch(/^https:\/\/bank\.example\/_sandbank\/sca\//);
    expect(answer.body.consentId).toBeUndefined();
    expect(answer.body.tppMessages).toEqual([
      expect.objectContaining({
        category: 'WARNING',
        // part 7 rule 1: the codes are closed, warnings included (docs/errors.md).
        code: 'BAD_REQUEST',
        text: expect.stringContaining('/v1/bank-offered-consents'),
      }),
    ]);
    expect(answer.headers.get('sunset')).toBe('Thu, 05 Dec 2024 00:00:00 GMT');
    expect(answer.headers.get('deprecation')).toBe('true');
    expect(answer.headers.get('link')).toContain('/v1/bank-offered-consents');
  });

  it('is not marked deprecated on the new path', async () => {
    const sb = sandbox();
    const answer = await api(sb, 'POST', '/v1/bank-offered-consents', {
      headers: { 'tpp-redirect-uri': REDIRECT_URI, 'tpp-session-id': 's' },
    });
    expect(answer.headers.get('sunset')).toBeNull();
    expect(answer.body.tppMessages).toBeUndefined();
  });
});
