import { authorisationList } from '@sandbank/engine';
import { api, REDIRECT_URI, sandbox, setClock } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

// part 9 rule 3: "/v1/consents is removed on 05-Dec-2024 in favour of /v1/bank-offered-consents",
// by the bank clock: deprecated before that day, gone from it on.

const HEADERS = { 'tpp-redirect-uri': REDIRECT_URI, 'tpp-session-id': 's' };
const BEFORE = Date.parse('2024-12-04T23:59:00Z');

describe('POST /v1/consents (deprecated, removed on 05-Dec-2024)', () => {
  it('before 05-Dec-2024 behaves like bank-offered-consents with a warning and Deprecation/Sunset headers', async () => {
    const sb = sandbox({ now: () => BEFORE });
    const answer = await api(sb, 'POST', '/v1/consents', {
      headers: HEADERS,
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

  it('from 05-Dec-2024 on the bank clock answers as a removed endpoint, naming /v1/bank-offered-consents', async () => {
    const sb = sandbox({ now: () => BEFORE });
    await setClock(sb, '2024-12-05T00:00:00Z');
    const answer = await api(sb, 'POST', '/v1/consents', { headers: HEADERS });
    expect(answer.status).toBe(404);
    expect(answer.body.tppMessages).toEqual([
      {
        category: 'ERROR',
        code: 'NOT_FOUND',
        text: expect.stringMatching(/removed on 2024-12-05.*POST \/v1\/bank-offered-consents/),
      },
    ]);
    expect(answer.body._links).toBeUndefined();
    expect(answer.headers.get('sunset')).toBe('Thu, 05 Dec 2024 00:00:00 GMT');
    expect(answer.headers.get('link')).toBe('</v1/bank-offered-consents>; rel="successor-version"');
    expect(authorisationList(sb.getState()).map((e) => e.authorisationId)).toEqual([]);
  });

  it('once removed, answers 404 whatever the headers and methods, as an unknown path does', async () => {
    const sb = sandbox();
    const bare = await api(sb, 'POST', '/v1/consents');
    expect(bare.status).toBe(404);
    expect(bare.body.tppMessages[0].text).toContain('/v1/bank-offered-consents');
    const get = await api(sb, 'GET', '/v1/consents', { headers: HEADERS });
    expect(get.status).toBe(404);
    expect(get.headers.get('allow')).toBeNull();
  });

  it('is not marked deprecated on the new path', async () => {
    const sb = sandbox();
    const answer = await api(sb, 'POST', '/v1/bank-offered-consents', { headers: HEADERS });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('sunset')).toBeNull();
    expect(answer.body.tppMessages).toBeUndefined();
  });
});
