import {
  api,
  controls,
  getPage,
  KARI,
  REDIRECT_URI,
  START,
  startConsent,
  submit,
  walkSca,
} from '@sandbank/test-support/ais';
import { TEST_TPP_REGISTRATION } from '@sandbank/test-support/signing';
import { describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/index.js';
import { presetIdentity, signRequest } from '../../src/tpp/index.js';

// A bank mounted below a path (a hosted bank at https://host/t/{id}): requests carry the prefix, which
// is removed once before routing, and every link the bank hands out carries it too.

const PREFIX = '/t/bank-1';

/** A mounted sandbox whose fetch signs API calls under the prefix, as a TPP signs what it sends. */
function mounted(publicUrl: string, options: SandboxOptions = {}): Sandbox {
  const sandbox = createSandbox({
    now: () => START,
    registeredTpps: [TEST_TPP_REGISTRATION],
    publicUrl,
    ...options,
  });
  return {
    ...sandbox,
    async fetch(request) {
      const { pathname } = new URL(request.url);
      if (!pathname.startsWith(`${PREFIX}/v1/`) || request.headers.has('signature')) {
        return sandbox.fetch(request);
      }
      const identity = await presetIdentity('both');
      return sandbox.fetch(await signRequest(request, identity, { now: sandbox.now(), date: 'date' }));
    },
  };
}

describe('a bank mounted below a path (publicUrl)', () => {
  it('answers the API below the prefix and builds scaRedirect on the public URL', async () => {
    const sb = mounted(`https://banks.example${PREFIX}`);
    const href = await startConsent(sb, {}, `${PREFIX}/v1/bank-offered-consents`);
    expect(href).toMatch(/^https:\/\/banks\.example\/t\/bank-1\/_sandbank\/sca\/[^/]+$/);
  });

  it('walks the SCA pages below the prefix: every form posts back below it, and the flow ends at the TPP', async () => {
    const sb = mounted(`https://bank.example${PREFIX}`);
    const href = await startConsent(sb, {}, `${PREFIX}/v1/bank-offered-consents`);
    const first = await getPage(sb, href);
    expect(first.form?.action).toBe(new URL(href).pathname);
    const { final, params, pages } = await walkSca(sb, href, {
      nationalId: KARI,
      context: 'PRIVATE',
      accounts: 'all',
    });
    for (const page of pages.slice(0, -1))
      expect(page.form?.action.startsWith(`${PREFIX}/_sandbank/sca/`)).toBe(true);
    expect(final.location?.startsWith(REDIRECT_URI)).toBe(true);
    expect(params.get('psu-id')).not.toBeNull();
  });

  it('scopes the SCA pages’ session cookie below the prefix', async () => {
    const sb = mounted(`https://bank.example${PREFIX}`);
    const href = await startConsent(sb, {}, `${PREFIX}/v1/bank-offered-consents`);
    const cookie = (await sb.fetch(new Request(href))).headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`; Path=${PREFIX}/_sandbank/;`);
  });

  it('takes the origin of each request when publicUrl is a path alone', async () => {
    const sb = mounted(PREFIX);
    const href = await startConsent(sb, {}, `${PREFIX}/v1/bank-offered-consents`);
    expect(href.startsWith(`https://bank.example${PREFIX}/_sandbank/sca/`)).toBe(true);
  });

  it('puts the prefix in the _links of API resources', async () => {
    const sb = mounted(`https://bank.example${PREFIX}`);
    const href = await startConsent(sb, {}, `${PREFIX}/v1/bank-offered-consents`);
    const { params } = await walkSca(sb, href, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const listed = await api(sb, 'GET', `${PREFIX}/v1/accounts`, {
      headers: {
        'psu-id': params.get('psu-id') ?? '',
        'tpp-session-id': 'session-1',
        'tpp-redirect-uri': REDIRECT_URI,
      },
    });
    expect(listed.status).toBe(200);
    const links = JSON.stringify(listed.body.accounts.map((a: { _links: unknown }) => a._links));
    const hrefs = [...links.matchAll(/"href":"([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const link of hrefs) expect(link?.startsWith(`${PREFIX}/v1/accounts/`)).toBe(true);
  });

  it('serves its control plane and the consent overview below the prefix', async () => {
    const sb = mounted(`https://bank.example${PREFIX}`);
    const clock = await api(sb, 'POST', `${PREFIX}/_sandbank/clock`, { body: { advanceMinutes: 5 } });
    expect(clock.status).toBe(200);
    expect(Date.parse(clock.body.now)).toBe(START + 5 * 60_000);
    const overview = await getPage(sb, `https://bank.example${PREFIX}/_sandbank/consents`);
    expect(overview.status).toBe(200);
    expect(overview.form?.action).toBe(`${PREFIX}/_sandbank/consents`);
    expect(controls(overview, 'nationalIdentityNumber')).toHaveLength(1);
    const signedIn = await submit(sb, `https://bank.example${PREFIX}/_sandbank/consents`, overview, {
      nationalIdentityNumber: KARI,
    });
    expect(signedIn.status).toBe(200);
  });

  it('answers a request outside the prefix with 404 NOT_FOUND, and the unmounted path is not the API', async () => {
    const sb = mounted(`https://bank.example${PREFIX}`);
    for (const path of ['/v1/accounts', '/_sandbank/clock', '/t/other/v1/accounts']) {
      const answer = await api(sb, 'GET', path);
      expect(answer.status).toBe(404);
      expect(answer.body.tppMessages[0].code).toBe('NOT_FOUND');
    }
  });

  it('checks a signed (request-target) against the path as it was sent, the prefix included', async () => {
    const sandbox = createSandbox({
      now: () => START,
      registeredTpps: [TEST_TPP_REGISTRATION],
      publicUrl: `https://bank.example${PREFIX}`,
    });
    const identity = await presetIdentity('both');
    const signedFor = (path: string) =>
      signRequest(
        new Request(`https://bank.example${path}`, { headers: { 'x-request-id': 'r-1' } }),
        identity,
        {
          now: START,
          date: 'date',
          requestTarget: true,
        },
      );
    const codes = async (request: Request) => {
      const answer = await sandbox.fetch(request);
      const body = (await answer.json()) as { tppMessages?: Array<{ code: string; text: string }> };
      const messages = body.tppMessages ?? [];
      return {
        status: answer.status,
        codes: messages.map((m) => m.code),
        signatureFailed: messages.some((m) => m.text.startsWith('request signature check failed')),
      };
    };
    // Signed for /v1/accounts but sent below the prefix: the signed target is not the one sent.
    const moved = new Request(`https://bank.example${PREFIX}/v1/accounts`, {
      headers: (await signedFor('/v1/accounts')).headers,
    });
    expect(await codes(moved)).toEqual({ status: 400, codes: ['BAD_REQUEST'], signatureFailed: true });
    // Signed for the path as sent: the signature holds (the call then lacks a consent).
    const sent = await codes(await signedFor(`${PREFIX}/v1/accounts`));
    expect(sent.signatureFailed).toBe(false);
    expect(sent.status).toBe(401);
  });

  it('leaves a bank without publicUrl where it was: links on the request origin, at the root', async () => {
    const sb = mounted('https://bank.example');
    const answer = await api(sb, 'POST', '/_sandbank/clock', { body: { advanceMinutes: 1 } });
    expect(answer.status).toBe(200);
  });
});
