import { authorisationById } from '@sandbank/engine';
// A sign-in binds the SCA to the browser that made it (docs/decisions/sca-pages.md, "One
// browser"). Browsers here are cookie jars (tough-cookie) that post back every field of the form.

import {
  anotherBrowser,
  api,
  browserOf,
  consent,
  controls,
  getPage,
  KARI,
  OLA,
  ORIGIN,
  redirectParams,
  START,
  sandbox,
  startConsent,
  submit,
  walkSca,
} from '@sandbank/test-support/ais';
import { signing, TEST_TPP_REGISTRATION } from '@sandbank/test-support/signing';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/index.js';

const idOf = (href: string) => href.split('/').pop() ?? '';

describe('an SCA link after the PSU signed in', () => {
  it('shows anyone else the sign-in page, without the PSU', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    const signedIn = await submit(sb, href, await getPage(sb, href), { nationalIdentityNumber: KARI });
    expect(signedIn.html).toContain('Signed in as');

    const stranger = await getPage(sb, href, anotherBrowser());
    expect(stranger.status).toBe(200);
    expect(controls(stranger, 'nationalIdentityNumber')).toHaveLength(1);
    expect(stranger.html).not.toContain('Signed in as');
    expect(stranger.html).not.toContain('Kari');
    // The PSU's own browser is where it was.
    expect((await getPage(sb, href)).html).toContain('Signed in as');
  });

  it('does not pre-fill X-PSU-IDENTITY for anyone else once the PSU has signed in', async () => {
    const sb = sandbox();
    const href = await startConsent(sb, { 'x-psu-identity': KARI });
    const login = await getPage(sb, href);
    expect(controls(login, 'nationalIdentityNumber')[0]?.value).toBe(KARI);
    await submit(sb, href, login, {});
    const stranger = await getPage(sb, href, anotherBrowser());
    expect(controls(stranger, 'nationalIdentityNumber')[0]?.value).toBe('');
    expect(stranger.html).not.toContain(`value="${KARI}"`);
  });

  it('fails the authorisation when someone else signs in as another PSU', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    await submit(sb, href, await getPage(sb, href), { nationalIdentityNumber: KARI });
    const stranger = anotherBrowser();
    const login = await getPage(sb, href, stranger);
    const failed = await submit(sb, href, login, { nationalIdentityNumber: OLA }, 'approve', stranger);
    expect(failed.status).toBe(303);
    expect(redirectParams(failed).get('code')).toBe('PSU_CREDENTIALS_INVALID');
    expect(authorisationById(sb.getState(), idOf(href))?.status).toBe('failed');
  });

  it('moves to a second browser of the same PSU, keeping the progress; the first one signs in again', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    const first = await submit(sb, href, await getPage(sb, href), { nationalIdentityNumber: KARI });
    await submit(sb, href, first, { context: 'PRIVATE' });
    const phone = anotherBrowser();
    const atConsent = await submit(
      sb,
      href,
      await getPage(sb, href, phone),
      { nationalIdentityNumber: KARI },
      'approve',
      phone,
    );
    expect(controls(atConsent, 'accounts').length).toBeGreaterThan(0);
    expect(controls(await getPage(sb, href), 'nationalIdentityNumber')).toHaveLength(1);
    const { params } = await walkSca(sb, href, { nationalId: KARI, accounts: 'all' }, phone);
    expect(params.get('psu-id')).not.toBeNull();
  });

  it('is claimed by the first browser that opens it when a TPP session spares the sign-in (part 5.2 rule 6)', async () => {
    const sb = sandbox();
    await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const href = await startConsent(sb, { 'psu-context': 'PRIVATE' });
    const psu = browserOf(sb);
    expect(controls(await getPage(sb, href, psu), 'accounts').length).toBeGreaterThan(0);
    const stranger = await getPage(sb, href, anotherBrowser());
    expect(controls(stranger, 'nationalIdentityNumber')).toHaveLength(1);
    expect(controls(stranger, 'accounts')).toHaveLength(0);
  });

  it('goes on where it was after the bank restarts from its stored state', async () => {
    const first = sandbox();
    const href = await startConsent(first);
    const contextPage = await submit(first, href, await getPage(first, href), {
      nationalIdentityNumber: KARI,
    });
    const restarted = signing(
      createSandbox({
        now: () => START,
        registeredTpps: [TEST_TPP_REGISTRATION],
        initialState: first.getState(),
      }),
    );
    const browser = browserOf(first);
    const consentPage = await submit(
      restarted,
      href,
      contextPage,
      { context: 'PRIVATE' },
      'approve',
      browser,
    );
    expect(consentPage.status).toBe(200);
    expect(controls(consentPage, 'accounts').length).toBeGreaterThan(0);
  });
});

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, scoped to the bank pages, and Secure on an https bank', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    const response = await sb.fetch(new Request(href));
    const [cookie, ...more] = response.headers.getSetCookie();
    expect(more).toEqual([]);
    expect(cookie).toMatch(
      /^sandbank_[0-9a-z]+=[A-Za-z0-9_-]{43}; Path=\/_sandbank\/; HttpOnly; SameSite=Lax; Secure$/,
    );
  });

  it('is not Secure on http://localhost, where a browser would drop a Secure cookie', async () => {
    const sb = signing(createSandbox({ now: () => START, registeredTpps: [TEST_TPP_REGISTRATION] }));
    const href = (await startConsent(sb)).replace('https://bank.example', 'http://localhost');
    const cookie = (await sb.fetch(new Request(href))).headers.get('set-cookie') ?? '';
    expect(cookie).toContain('HttpOnly; SameSite=Lax');
    expect(cookie).not.toContain('Secure');
  });

  it('is set once: a browser that has one is not given another', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    await getPage(sb, href);
    const cookie = await browserOf(sb).jar.getCookieString(href);
    const again = await sb.fetch(new Request(href, { headers: { cookie } }));
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('comes from the seed and the secret: the same for the same ones, different for another secret', async () => {
    const cookieOf = async (secret?: string) => {
      const sb = signing(
        createSandbox({
          now: () => START,
          registeredTpps: [TEST_TPP_REGISTRATION],
          ...(secret === undefined ? {} : { secret }),
        }),
      );
      return (await sb.fetch(new Request(await startConsent(sb)))).headers.get('set-cookie');
    };
    expect(await cookieOf()).toBe(await cookieOf());
    expect(await cookieOf('one')).toBe(await cookieOf('one'));
    expect(await cookieOf('one')).not.toBe(await cookieOf('two'));
  });

  it('is never handed out again after a reset of the sandbox', async () => {
    const sb = sandbox();
    const before = await startConsent(sb);
    const old = (await sb.fetch(new Request(before))).headers.get('set-cookie');
    expect((await api(sb, 'POST', '/v1/sandbox/initialize')).status).toBe(204);
    const after = await startConsent(sb);
    expect((await sb.fetch(new Request(after))).headers.get('set-cookie')).not.toBe(old);
  });

  it('is never handed out again after an older state is imported, later on the clock', async () => {
    const at = { now: START };
    const sb = signing(createSandbox({ now: () => at.now, registeredTpps: [TEST_TPP_REGISTRATION] }));
    const exported = sb.getState();
    const old = (await sb.fetch(new Request(await startConsent(sb)))).headers.get('set-cookie');
    const imported = await sb.fetch(
      new Request(`${ORIGIN}/_sandbank/state`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(exported),
      }),
    );
    expect(imported.status).toBe(204);
    at.now += 1000;
    const fresh = (await sb.fetch(new Request(await startConsent(sb)))).headers.get('set-cookie');
    expect(fresh).not.toBe(old);
  });
});
