import { FIXED_NOW } from '@sandbank/test-support/http';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/index.js';
import { presetIdentity, signRequest, verifyResponse } from '../../src/tpp/index.js';

const URL_BASE = 'http://localhost';

async function send(sandbox: ReturnType<typeof createSandbox>, request: Request) {
  const response = await sandbox.fetch(request);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
}

const customers = () =>
  new Request(`${URL_BASE}/v1/sandbox/customers`, { headers: { 'X-Request-ID': 'r-1' } });
const accounts = () => new Request(`${URL_BASE}/v1/accounts`, { headers: { 'X-Request-ID': 'r-2' } });

describe('request signatures in the pipeline (part 5.1)', () => {
  it('refuses an unsigned /v1 request by default, saying how to sign and how to turn the check off', async () => {
    const answer = await send(createSandbox({ now: () => FIXED_NOW }), customers());
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0]).toMatchObject({ code: 'HTTP_HEADER_REQUIRED', path: 'Signature' });
    expect(answer.body.tppMessages[0].text).toContain('signRequest');
    expect(answer.body.tppMessages[0].text).toContain("signatures: 'off'");
  });

  it("answers unsigned requests when created with signatures: 'off'", async () => {
    const answer = await send(createSandbox({ now: () => FIXED_NOW, signatures: 'off' }), customers());
    expect(answer.status).toBe(200);
  });

  it('accepts a request signed with the TPP kit', async () => {
    const sandbox = createSandbox({ now: () => FIXED_NOW });
    const signed = await signRequest(customers(), await presetIdentity('both'), { now: FIXED_NOW });
    expect((await send(sandbox, signed)).status).toBe(200);
  });

  it('refuses a Date more than 60 s off the bank clock, naming the drift', async () => {
    const sandbox = createSandbox({ now: () => FIXED_NOW });
    const signed = await signRequest(customers(), await presetIdentity('both'), { now: FIXED_NOW - 74_000 });
    const answer = await send(sandbox, signed);
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0].text).toContain('74 s');
  });

  it('warns, in the sandbox profile, when the certificate lacks the role the service needs', async () => {
    const sandbox = createSandbox({ now: () => FIXED_NOW });
    const consent = new Request(`${URL_BASE}/v1/bank-offered-consents`, {
      method: 'POST',
      headers: {
        'X-Request-ID': 'r-3',
        'TPP-Redirect-URI': 'https://tpp.example/cb',
        'TPP-Session-ID': 's-1',
      },
    });
    const answer = await send(
      sandbox,
      await signRequest(consent, await presetIdentity('pisp'), { now: FIXED_NOW }),
    );
    expect(answer.status).toBe(201);
    const warning = answer.body.tppMessages.find((m: { category: string }) => m.category === 'WARNING');
    expect(warning).toMatchObject({ code: 'FORBIDDEN', path: 'TPP-Signature-Certificate' });
    expect(warning.text).toContain('PSP_AI');
  });
});

describe('the production profile', () => {
  const registered = {
    organisationId: 'PSDNO-FSA-933012867',
    name: 'Sandbank Test TPP AS',
    roles: ['PSP_AI', 'PSP_PI'] as const,
  };

  it('refuses a TPP that is not in the register', async () => {
    const sandbox = createSandbox({ now: () => FIXED_NOW, profile: 'production' });
    const signed = await signRequest(accounts(), await presetIdentity('both'), { now: FIXED_NOW });
    const answer = await send(sandbox, signed);
    expect(answer.status).toBe(403);
    expect(answer.body.tppMessages[0]).toMatchObject({ code: 'FORBIDDEN' });
    expect(answer.body.tppMessages[0].text).toContain('not registered');
  });

  it('refuses a certificate lacking the role, as an error', async () => {
    const sandbox = createSandbox({
      now: () => FIXED_NOW,
      profile: 'production',
      registeredTpps: [
        { organisationId: 'PSDNO-FSA-987654325', name: 'Sandbank Test PISP AS', roles: ['PSP_PI'] },
      ],
    });
    const signed = await signRequest(accounts(), await presetIdentity('pisp'), { now: FIXED_NOW });
    const answer = await send(sandbox, signed);
    expect(answer.status).toBe(403);
    expect(answer.body.tppMessages[0].code).toBe('FORBIDDEN');
  });

  it('refuses a certificate from a CA it does not trust', async () => {
    const sandbox = createSandbox({
      now: () => FIXED_NOW,
      profile: 'production',
      registeredTpps: [
        {
          organisationId: 'PSDNO-FSA-970000003',
          name: 'Sandbank Wrong-CA TPP AS',
          roles: ['PSP_AI', 'PSP_PI'],
        },
      ],
    });
    const signed = await signRequest(accounts(), await presetIdentity('wrong-ca'), { now: FIXED_NOW });
    const answer = await send(sandbox, signed);
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0]).toMatchObject({
      code: 'BAD_REQUEST',
      path: 'TPP-Signature-Certificate',
    });
    expect(answer.body.tppMessages[0].text).toContain('step "trust chain"');
  });

  it('lets a registered TPP through to the operation', async () => {
    const sandbox = createSandbox({
      now: () => FIXED_NOW,
      profile: 'production',
      registeredTpps: [{ ...registered, roles: [...registered.roles] }],
    });
    const signed = await signRequest(accounts(), await presetIdentity('both'), { now: FIXED_NOW });
    const answer = await send(sandbox, signed);
    // No consent yet: the operation itself answers, with an SCA link.
    expect(answer.status).toBe(401);
    expect(answer.body._links.scaRedirect.href).toContain('/_sandbank/sca/');
  });
});

describe('the TPP register on the control plane', () => {
  it('registers a TPP, warns about a personal mailbox, lists and removes it', async () => {
    const sandbox = createSandbox({ now: () => FIXED_NOW });
    const post = (email: string) =>
      send(
        sandbox,
        new Request(`${URL_BASE}/_sandbank/tpps`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            organisationId: 'PSDNO-FSA-933012867',
            name: 'Test TPP',
            roles: ['PSP_AI'],
            email,
          }),
        }),
      );
    const personal = await post('kari.nordmann@gmail.com');
    expect(personal.status).toBe(201);
    expect(personal.body.tppMessages[0]).toMatchObject({ category: 'WARNING' });
    const shared = await post('psd2@tpp.example');
    expect(shared.status).toBe(200);
    expect(shared.body.tppMessages).toBeUndefined();
    const list = await send(sandbox, new Request(`${URL_BASE}/_sandbank/tpps`));
    expect(list.body.tpps).toHaveLength(1);
    const removed = await send(
      sandbox,
      new Request(`${URL_BASE}/_sandbank/tpps/PSDNO-FSA-933012867`, { method: 'DELETE' }),
    );
    expect(removed.status).toBe(204);
  });

  it('keeps the register across a sandbox initialize', async () => {
    const sandbox = createSandbox({
      now: () => FIXED_NOW,
      signatures: 'off',
      registeredTpps: [{ organisationId: 'PSDNO-FSA-933012867', name: 'T', roles: ['PSP_AI'] }],
    });
    await send(
      sandbox,
      new Request(`${URL_BASE}/v1/sandbox/initialize`, { method: 'POST', headers: { 'X-Request-ID': 'i' } }),
    );
    expect(Object.keys(sandbox.getState().tppRegistry)).toEqual(['PSDNO-FSA-933012867']);
  });
});

describe('response signing (part 5.1 rule 10)', () => {
  it('signs responses with the bank key when asked, and the TPP kit verifies them', async () => {
    const sandbox = createSandbox({ now: () => FIXED_NOW, signResponses: true, signatures: 'off' });
    const response = await sandbox.fetch(customers());
    expect(response.headers.get('digest')).toMatch(/^SHA-256=/);
    const verdict = await verifyResponse(response, { now: FIXED_NOW });
    expect(verdict.ok).toBe(true);
  });

  it('does not sign by default', async () => {
    const response = await createSandbox({ now: () => FIXED_NOW, signatures: 'off' }).fetch(customers());
    expect(response.headers.get('signature')).toBeNull();
  });
});
