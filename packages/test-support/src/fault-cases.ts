import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import {
  type Apply,
  CASE_START,
  type CaseRequest,
  customers,
  EFFECT_KINDS,
  type Expectation,
  FAULT_CASES,
  type FaultCase,
  type FaultDriver,
  KARI,
  NDCT,
  type Observed,
  OLA,
} from './fault-table.js';

// How the table of fault-table.ts is run and checked, the same in every transport.
export * from './fault-table.js';

/** An injected 5xx is marked; any other 5xx is a bug of the bank. */
export function expectNoUninjected5xx(observed: Observed): void {
  if (!observed.network && observed.status >= 500) {
    expect(observed.fault, `an unmarked ${observed.status}: ${JSON.stringify(observed.body)}`).not.toBeNull();
  }
}

async function bankNow(driver: FaultDriver): Promise<number> {
  const clock = await driver.control('GET', '/_sandbank/clock');
  return Date.parse((clock.body as { now: string }).now);
}

async function ok(driver: FaultDriver, method: string, path: string, body?: unknown) {
  const answer = await driver.control(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

async function applied(driver: FaultDriver, apply: Apply): Promise<{ ids: string[]; header?: string }> {
  if ('rule' in apply) return { ids: [await driver.addRule(apply.rule)] };
  if ('scenario' in apply) return { ids: await driver.scenario(apply.scenario) };
  return { ids: ['header'], header: apply.header };
}

async function send(driver: FaultDriver, request: CaseRequest, header?: string): Promise<Observed> {
  const headers: Record<string, string> = {
    ...request.headers,
    ...(header === undefined ? {} : { 'X-Sandbank-Fault': header }),
  };
  if (request.body !== undefined) {
    // part 4.1: a payment carries the Digest of its body, signatures or not.
    headers['Content-Type'] = 'application/json';
    headers.Digest = `SHA-256=${createHash('sha256').update(request.body).digest('base64')}`;
  }
  const observed = await driver.send({ ...request, headers });
  expectNoUninjected5xx(observed);
  return observed;
}

/** Retry-After that points to `to` on the bank clock, read before and after the request. */
function expectRetryAfterTo(value: string | null, to: string, before: number, after: number) {
  const end = Date.parse(to);
  expect(value).toMatch(/^\d+$/);
  expect(Number(value)).toBeGreaterThanOrEqual(Math.ceil((end - after) / 1000));
  expect(Number(value)).toBeLessThanOrEqual(Math.ceil((end - before) / 1000));
}

async function expectAnswer(
  driver: FaultDriver,
  c: FaultCase,
  e: Extract<Expectation, { kind: 'answer' }>,
  ids: string[],
  header?: string,
) {
  const before = await bankNow(driver);
  const observed = await send(driver, c.request ?? customers, header);
  const after = await bankNow(driver);
  expect(observed.network).toBe(false);
  expect(observed.status, JSON.stringify(observed.body)).toBe(e.status);
  if (e.code !== undefined) expect(observed.code).toBe(e.code);
  expect(observed.fault).toBe(e.fault === null ? null : `${ids[e.rule ?? 0]}; ${e.fault}`);
  if (e.retryAfter === null) expect(observed.retryAfter).toBeNull();
  else if (typeof e.retryAfter === 'string') expect(observed.retryAfter).toBe(e.retryAfter);
  else if (e.retryAfter !== undefined) {
    expectRetryAfterTo(observed.retryAfter, e.retryAfter.to, before, after);
    if (c.covers === 'maintenance' || c.covers === 'nightly-batch-down') {
      expect(observed.text).toContain(new Date(e.retryAfter.to).toISOString());
    }
  }
}

async function expectSomeDropped(driver: FaultDriver, c: FaultCase, calls: number) {
  const seen: Observed[] = [];
  for (let i = 0; i < calls; i++) seen.push(await send(driver, c.request ?? customers));
  const dropped = seen.filter((o) => o.network).length;
  expect(dropped).toBeGreaterThan(0);
  expect(seen.filter((o) => !o.network).every((o) => o.status === 200)).toBe(true);
  const { rules } = (await ok(driver, 'GET', '/_sandbank/faults')) as {
    rules: Array<{ seen: number; fired: number }>;
  };
  expect(rules.map((r) => [r.seen, r.fired])).toEqual([[calls, dropped]]);
}

async function openConsentSca(driver: FaultDriver) {
  const created = await send(driver, {
    method: 'POST',
    path: '/v1/bank-offered-consents',
    headers: { 'TPP-Redirect-URI': driver.redirectUri, 'TPP-Session-ID': 'faults-session' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const href = (created.body as { _links: { scaRedirect: { href: string } } })._links.scaRedirect.href;
  return driver.openSca(href);
}

interface Account {
  customerNumber: string;
  accountName: string;
  bban: string;
}

async function expectPayment(driver: FaultDriver, e: Extract<Expectation, { kind: 'payment' }>) {
  const state = (await ok(driver, 'GET', '/_sandbank/state')) as { accounts: Record<string, Account> };
  const bban = (customer: string) =>
    Object.values(state.accounts).find((a) => a.customerNumber === customer && a.accountName === 'Brukskonto')
      ?.bban;
  const created = await send(driver, {
    method: 'POST',
    // Each case pays the same: not the duplicate a TPP retrying by mistake would send.
    path: `/v1/payments/${NDCT}?allowLogicalDuplicate=true`,
    headers: {
      'X-Accept-Fix': 'amount-as-string',
      'TPP-Session-ID': 'faults-session',
      'TPP-Redirect-URI': driver.redirectUri,
      'PSU-IP-Address': '192.0.2.10',
      'PSU-Context': 'PRIVATE',
      'PSU-ID': '6f1c2b1e-8a51-4c2e-9a55-2f0b7f1d9c01',
    },
    body: JSON.stringify({
      instructedAmount: { amount: '100.00', currency: 'NOK' },
      creditorName: 'Ola Hansen',
      creditorAccount: { bban: bban(OLA), currency: 'NOK' },
      creditorAddress: { country: 'NO' },
      debtorAccount: { bban: bban(KARI), currency: 'NOK' },
      remittanceInformationUnstructured: 'Middag',
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = (created.body as { paymentId: string }).paymentId;
  await ok(driver, 'POST', `/_sandbank/payments/${encodeURIComponent(id)}/approve`, { psuNationalId: KARI });
  if (e.afterBatch === true) await ok(driver, 'POST', '/_sandbank/clock', { advanceMinutes: 2 * 24 * 60 });
  const status = await send(driver, { method: 'GET', path: `/v1/payments/${NDCT}/${id}/status` });
  expect(status.status).toBe(200);
  expect(status.body).toMatchObject({
    transactionStatus: e.transactionStatus,
    ...(e.fundsAvailable === undefined ? {} : { fundsAvailable: e.fundsAvailable }),
  });
}

/** Runs one case on a bank without rules, at its bank time, and clears its rules after. */
export async function runFaultCase(driver: FaultDriver, c: FaultCase): Promise<void> {
  await ok(driver, 'POST', '/_sandbank/clock', { set: c.at ?? CASE_START });
  const { ids, header } = await applied(driver, c.apply);
  try {
    const e = c.expect;
    if (e.kind === 'answer') await expectAnswer(driver, c, e, ids, header);
    else if (e.kind === 'network') {
      expect((await send(driver, c.request ?? customers, header)).network).toBe(true);
      // The next call goes as usual.
      expect((await send(driver, c.request ?? customers)).status).toBe(200);
    } else if (e.kind === 'someDropped') await expectSomeDropped(driver, c, e.calls);
    else if (e.kind === 'scaRedirect') {
      const { redirect } = await openConsentSca(driver);
      expect(redirect?.startsWith(driver.redirectUri)).toBe(true);
      const params = new URL(redirect ?? '').searchParams;
      expect(params.get('system')).toBe('SANDBANK_SCA');
      expect([params.get('status'), params.get('code')]).toEqual([e.status, e.code]);
      expect(params.get('message')).not.toBeNull();
    } else if (e.kind === 'scaAbandoned') {
      const { redirect, html } = await openConsentSca(driver);
      expect(redirect).toBeNull();
      expect(html).toContain('abandoned');
    } else await expectPayment(driver, e);
  } finally {
    await driver.clear();
  }
}

/**
 * The table covers every effect kind and every scenario the bank lists (GET /_sandbank/scenarios), so a
 * scenario added to the library without a case here fails in every transport.
 */
export async function expectTableCoversBank(driver: FaultDriver): Promise<void> {
  const effects = new Set(FAULT_CASES.map((c) => c.covers).filter((k) => EFFECT_KINDS.includes(k)));
  expect([...effects].sort()).toEqual([...EFFECT_KINDS].sort());
  const scenarios = new Set(FAULT_CASES.flatMap((c) => ('scenario' in c.apply ? [c.apply.scenario] : [])));
  const listed = (await ok(driver, 'GET', '/_sandbank/scenarios')) as { scenarios: Array<{ name: string }> };
  expect([...scenarios].sort()).toEqual(listed.scenarios.map((s) => s.name).sort());
}

/** Reads an answer into what a TPP observes. */
export async function observe(response: Response): Promise<Observed> {
  if (response.type === 'error') {
    return { network: true, status: 0, code: null, text: null, retryAfter: null, fault: null, body: null };
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // not JSON (a page)
  }
  const first = (body as { tppMessages?: Array<{ code: string; text: string }> } | null)?.tppMessages?.[0];
  return {
    network: false,
    status: response.status,
    code: first?.code ?? null,
    text: first?.text ?? null,
    retryAfter: response.headers.get('retry-after'),
    fault: response.headers.get('x-sandbank-fault'),
    body,
  };
}
