// part 5.1 rule 1 once the sandbox owner moved the bank clock: a TPP signs with its own clock, so a
// date within 60 s of the clock source (the real time) passes as well as one within 60 s of the bank
// clock; `clockSkew: 'bank-only'` keeps the strict check (docs/security.md).
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/index.js';
import { formatHttpDate } from '../../src/security/index.js';
import { installSandbox } from '../../src/testing/index.js';
import { presetIdentity, signRequest, verifyResponse } from '../../src/tpp/index.js';

const SOURCE = Date.parse('2026-03-02T10:00:00Z');
const DAY_MS = 86_400_000;
const identity = await presetIdentity('both');

function customers(): Request {
  return new Request('http://localhost/v1/sandbox/customers', { headers: { 'X-Request-ID': 'r-1' } });
}

async function movedBank(options: SandboxOptions = {}): Promise<Sandbox> {
  const sandbox = createSandbox({ now: () => SOURCE, ...options });
  const moved = await sandbox.fetch(
    new Request('http://localhost/_sandbank/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMinutes: 1440 }),
    }),
  );
  expect(moved.status).toBe(200);
  return sandbox;
}

async function send(sandbox: Sandbox, request: Request) {
  const response = await sandbox.fetch(request);
  return {
    status: response.status,
    body: (await response.json()) as { tppMessages?: Array<{ code: string; path?: string; text: string }> },
  };
}

describe('the date window after the bank clock moved a day ahead', () => {
  it('accepts a request dated by the clock source, which is what a TPP signing with its own clock sends', async () => {
    const sandbox = await movedBank();
    const steps: string[] = [];
    sandbox.subscribe((event) => {
      if (event.type === 'request') steps.push(...event.entry.signature.steps.map((step) => step.detail));
    });
    const answer = await send(sandbox, await signRequest(customers(), identity, { now: SOURCE }));
    expect(answer.status).toBe(200);
    // The request log says which clock the date matched.
    expect(steps).toContain(
      `Date ${formatHttpDate(SOURCE)} is 0 s from the clock source (the real time); ` +
        `the bank clock was moved to ${formatHttpDate(SOURCE + DAY_MS)}`,
    );
  });

  it('still accepts a request dated by the bank clock', async () => {
    const sandbox = await movedBank();
    expect(sandbox.now()).toBe(SOURCE + DAY_MS);
    const answer = await send(sandbox, await signRequest(customers(), identity, { now: sandbox.now() }));
    expect(answer.status).toBe(200);
  });

  it('refuses a date more than 60 s from both clocks with the message about the bank clock', async () => {
    const sandbox = await movedBank();
    const at = SOURCE - 120_000;
    const answer = await send(sandbox, await signRequest(customers(), identity, { now: at, date: 'date' }));
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages).toEqual([
      {
        category: 'ERROR',
        code: 'BAD_REQUEST',
        path: 'Date',
        text:
          `request signature check failed at step "date": Date is ${(DAY_MS + 120_000) / 1000} s off the bank clock (limit 60 s): Date says ${formatHttpDate(at)}, ` +
          `behind the bank clock at ${formatHttpDate(SOURCE + DAY_MS)}`,
      },
    ]);
  });

  it('refuses a date 61 s from the clock source and a day from the bank clock', async () => {
    const sandbox = await movedBank();
    const answer = await send(sandbox, await signRequest(customers(), identity, { now: SOURCE + 61_000 }));
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages?.[0]?.text).toContain(
      `Date is ${DAY_MS / 1000 - 61} s off the bank clock`,
    );
  });

  it("checks the bank clock alone with clockSkew: 'bank-only', for tests of clock skew", async () => {
    const sandbox = await movedBank({ clockSkew: 'bank-only' });
    const bySource = await send(sandbox, await signRequest(customers(), identity, { now: SOURCE }));
    expect(bySource.status).toBe(400);
    expect(bySource.body.tppMessages?.[0]?.text).toContain(`Date is ${DAY_MS / 1000} s off the bank clock`);
    const byBank = await send(sandbox, await signRequest(customers(), identity, { now: sandbox.now() }));
    expect(byBank.status).toBe(200);
  });
});

describe('signRequest without a date', () => {
  let installed: ReturnType<typeof installSandbox> | undefined;
  afterEach(() => {
    installed?.uninstall();
    installed = undefined;
  });

  it('dates the request by the clock source of the sandbox made last', async () => {
    const sandbox = await movedBank();
    const signed = await signRequest(customers(), identity, { date: 'date' });
    expect(signed.headers.get('date')).toBe(formatHttpDate(SOURCE));
    expect((await send(sandbox, signed)).status).toBe(200);
  });

  it('lets app code under installSandbox on a fixed clock sign as it would in production', async () => {
    installed = installSandbox({ now: () => SOURCE, onUnhandledRequest: 'error' });
    await fetch('http://localhost/_sandbank/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMinutes: 1440 }),
    });
    // The app's own code: no `now`, as it would run against a real bank.
    const response = await fetch(await signRequest(new Request('/v1/sandbox/customers'), identity));
    expect(response.status).toBe(200);
  });

  it("verifies the bank's signed responses by the same clock when given no now", async () => {
    const sandbox = createSandbox({ now: () => SOURCE, signResponses: true });
    const response = await sandbox.fetch(await signRequest(customers(), identity));
    expect(response.status).toBe(200);
    expect(response.headers.get('date')).toBe(formatHttpDate(SOURCE));
    expect(await verifyResponse(response, { requestId: 'r-1' })).toMatchObject({ ok: true });
  });

  it('dates by the real time again once the installed sandbox is gone', async () => {
    installed = installSandbox({ now: () => SOURCE });
    installed.uninstall();
    installed = undefined;
    const before = Date.now();
    const signed = await signRequest(customers(), identity, { date: 'date' });
    const dated = Date.parse(signed.headers.get('date') ?? '');
    expect(dated).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  });
});
