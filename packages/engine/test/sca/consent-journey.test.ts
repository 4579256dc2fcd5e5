import { api, consent, getPage, KARI, REDIRECT_URI, sandbox, submit } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

describe('the consent journey over the SCA pages', () => {
  it('ends with 303 to the TPP carrying psu-id, tpp-session-id and context', async () => {
    const sb = sandbox();
    const created = await api(sb, 'POST', '/v1/bank-offered-consents', {
      headers: { 'tpp-redirect-uri': REDIRECT_URI, 'tpp-session-id': 'session-1' },
      body: { ignored: true },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['_links']);
    const href: string = created.body._links.scaRedirect.href;
    expect(href).toMatch(/^https:\/\/bank\.example\/_sandbank\/sca\//);
    expect(created.body._links.scaRedirect.verbs).toEqual(['GET']);

    const login = await getPage(sb, href);
    expect(login.status).toBe(200);
    expect(login.html).toContain('lang="en"');
    expect(login.form?.method).toBe('post');
    expect(login.form?.controls.map((c) => c.name)).toContain('nationalIdentityNumber');
    expect(login.html).toMatch(/<label for="nid">/);
    const raw = await sb.fetch(new Request(href));
    expect(raw.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(raw.headers.get('cache-control')).toBe('no-store');

    const contextPage = await submit(sb, href, login, { nationalIdentityNumber: KARI });
    expect(contextPage.status).toBe(200);
    expect(contextPage.form?.controls.filter((c) => c.name === 'context').map((c) => c.value)).toEqual([
      'PRIVATE',
      'CORPORATE',
    ]);

    const consentPage = await submit(sb, href, contextPage, { context: 'PRIVATE' });
    const boxes = consentPage.form?.controls.filter((c) => c.name === 'accounts') ?? [];
    expect(boxes).toHaveLength(3); // two accounts and one card account
    expect(boxes.every((b) => b.type === 'checkbox' && !b.checked)).toBe(true);

    const done = await submit(sb, href, consentPage, { accounts: boxes.map((b) => b.value) });
    expect(done.status).toBe(303);
    const location = new URL(done.location ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('psu-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(location.searchParams.get('tpp-session-id')).toBe('session-1');
    expect(location.searchParams.get('context')).toBe('PRIVATE');
    expect(location.searchParams.has('psu-corporate-id')).toBe(false);
  });

  it('gives the same psu-id to the same PSU and TPP every time', async () => {
    const sb = sandbox();
    const first = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' }, 's1');
    const second = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' }, 's2');
    expect(second.psuId).toBe(first.psuId);
    const other = await consent(sandbox({ seed: 'other' }), {
      nationalId: KARI,
      context: 'PRIVATE',
      accounts: 'all',
    });
    expect(other.psuId).not.toBe(first.psuId);
  });
});
