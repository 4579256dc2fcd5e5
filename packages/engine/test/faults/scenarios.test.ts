import { api, getPage, redirectParams, START, startConsent } from '@sandbank/test-support/ais';
import { call } from '@sandbank/test-support/http';
import { approve, createPayment, ndctBody, newSandbox, state } from '@sandbank/test-support/payments';
import { signing, TEST_TPP_REGISTRATION } from '@sandbank/test-support/signing';
import { describe, expect, it } from 'vitest';
import { createSandbox, SCENARIOS } from '../../src/index.js';

function bank(options: Parameters<typeof createSandbox>[0] = {}) {
  const raw = createSandbox({ now: () => START, registeredTpps: [TEST_TPP_REGISTRATION], ...options });
  return { raw, sb: signing(raw) };
}

describe('the scenario library', () => {
  it('lists every scenario by name with a one-sentence description', async () => {
    const { sb } = bank();
    const answer = await call(sb, 'GET', '/_sandbank/scenarios');
    const listed = (answer.body as { scenarios: Array<{ name: string; description: string }> }).scenarios;
    expect(listed.map((s) => s.name)).toEqual([
      'nightly-batch-down',
      'sca-always-fails',
      'slow-bank',
      'consent-expired',
      'daily-limit-reached',
      'flaky-network',
      'payments-rejected',
    ]);
    for (const { name, description } of listed) {
      expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(description).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('answers 404 for a scenario it does not know, naming the known ones', async () => {
    const { sb } = bank();
    const answer = await call(sb, 'POST', '/_sandbank/scenarios/bank-on-fire');
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).toContain('slow-bank');
  });

  it('applies a scenario as rules marked with its name', async () => {
    const { raw } = bank();
    const rules = await raw.scenario('consent-expired');
    expect(rules.length).toBeGreaterThan(0);
    expect((await raw.faults.list()).every((r) => r.scenario === 'consent-expired')).toBe(true);
  });
});

describe('each scenario', () => {
  it('nightly-batch-down: 503 with Retry-After from 04:30 to 05:30 UTC each night', async () => {
    const { raw, sb } = bank();
    await raw.scenario('nightly-batch-down');
    expect((await api(sb, 'GET', '/v1/sandbox/customers')).status).toBe(200);
    await call(sb, 'POST', '/_sandbank/clock', { body: { set: '2026-03-03T04:45:00Z' } });
    const down = await api(sb, 'GET', '/v1/sandbox/customers');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe(String(45 * 60));
    await call(sb, 'POST', '/_sandbank/clock', { body: { set: '2026-03-03T05:30:00Z' } });
    expect((await api(sb, 'GET', '/v1/sandbox/customers')).status).toBe(200);
  });

  it('sca-always-fails: every SCA ends in the part 5.3 failure redirect', async () => {
    const { raw, sb } = bank();
    await raw.scenario('sca-always-fails');
    for (let i = 0; i < 2; i++) {
      const params = redirectParams(await getPage(sb, await startConsent(sb)));
      expect(params.get('code')).toBe('PSU_CREDENTIALS_INVALID');
    }
  });

  it('slow-bank: every /v1 call waits 2 s (asked of the injected sleep)', async () => {
    const waited: number[] = [];
    const { raw, sb } = bank({
      sleep: async (ms) => {
        waited.push(ms);
      },
    });
    await raw.scenario('slow-bank');
    expect((await api(sb, 'GET', '/v1/sandbox/customers')).status).toBe(200);
    await api(sb, 'GET', '/v1/accounts');
    expect(waited).toEqual([2000, 2000]);
  });

  it('consent-expired: account-information reads answer 401 CONSENT_EXPIRED, others go on', async () => {
    const { raw, sb } = bank();
    await raw.scenario('consent-expired');
    for (const path of ['/v1/accounts', '/v1/accounts/x/transactions', '/v1/card-accounts']) {
      const answer = await api(sb, 'GET', path);
      expect(answer.status, path).toBe(401);
      expect(answer.body.tppMessages[0].code).toBe('CONSENT_EXPIRED');
    }
    expect((await api(sb, 'GET', '/v1/sandbox/customers')).status).toBe(200);
  });

  it('daily-limit-reached: 429 ACCESS_EXCEEDED until midnight, with Retry-After to it', async () => {
    const { raw, sb } = bank();
    await raw.scenario('daily-limit-reached');
    const limited = await api(sb, 'GET', '/v1/accounts');
    expect(limited.status).toBe(429);
    expect(limited.body.tppMessages[0].code).toBe('ACCESS_EXCEEDED');
    expect(limited.headers.get('retry-after')).toBe(String(14 * 3600));
    await call(sb, 'POST', '/_sandbank/clock', { body: { set: '2026-03-03T00:00:00Z' } });
    expect((await api(sb, 'GET', '/v1/accounts')).status).not.toBe(429);
  });

  it('flaky-network: about 5 % of calls dropped, the same ones for the same seed', async () => {
    const run = async () => {
      const { raw, sb } = bank({ seed: 'flaky' });
      await raw.scenario('flaky-network');
      const dropped: number[] = [];
      for (let i = 0; i < 200; i++) {
        const response = await sb.fetch(
          new Request('https://bank.example/v1/sandbox/customers', { headers: { 'x-request-id': `r-${i}` } }),
        );
        if (response.type === 'error') dropped.push(i);
      }
      return dropped;
    };
    const dropped = await run();
    expect(dropped.length).toBeGreaterThanOrEqual(3);
    expect(dropped.length).toBeLessThanOrEqual(25);
    expect(await run()).toEqual(dropped);
  });

  it('payments-rejected: an authorised payment ends RJCT', async () => {
    const sb = newSandbox();
    await call(sb, 'POST', '/_sandbank/scenarios/payments-rejected');
    const created = await createPayment(sb, ndctBody(await state(sb)));
    const approved = await approve(sb, created.body.paymentId);
    expect(approved.body.transactionStatus).toBe('RJCT');
  });

  it('covers every scenario in the library', () => {
    expect(SCENARIOS).toHaveLength(7);
  });
});
