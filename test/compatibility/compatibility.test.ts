import { createSandbox, type Sandbox } from '@sandbank/engine';
import { walkSca } from '@sandbank/test-support/ais';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpBank, startHttpBank } from '../journeys/bank.js';
import { ACCOUNTS, PRIVATE, runMockDataScript, type ScriptRun } from './mock-data-script.js';
import { clientIdentity, type PlatformClient, platformClient } from './platform-client.js';

/**
 * A platform client's mock-data set-up and account-information reads run unchanged against
 * Sandbank under the platform sandbox's base path, in-process and over `sandbank serve`.
 */
const BASE = '/api-sandbox/v1';
const NOW = '2026-03-02T10:00:00.000Z';
const TODAY = NOW.slice(0, 10);
const REDIRECT_URI = 'https://tpp.example/callback';

const stored = (path: string, value: string, sent: string) => ({
  category: 'WARNING',
  code: 'FORMAT_ERROR',
  path,
  text: `${path}: stored "${value}" for "${sent}"`,
});
const defaulted = (path: string, text: string) => ({ category: 'WARNING', code: 'FORMAT_ERROR', path, text });
const expectedType = stored('balances[0].balanceType', 'expected', 'EXPECTED');
const noBooked = defaulted('balances', 'a closingBooked balance not given: stored "0.00"');

/** What each call of the script must report: every value stored otherwise than sent, and nothing else. */
const REPORTED: Record<string, unknown[]> = {
  'private account 1': [expectedType, noBooked],
  'private account 2': [
    stored('balances[0].balanceType', 'closingBooked', 'CLOSINGBOOKED'),
    stored('balances[1].balanceType', 'expected', 'EXPECTED'),
  ],
  'card account': [
    stored('maskedPan', '123456xxxxxx1234', '123456******1234'),
    expectedType,
    stored('expiry', '2020-01', '2020-01-01'),
    stored('status', 'enabled', 'ENABLED'),
  ],
  'corporate account 1': [expectedType, noBooked],
  'corporate account 2': [expectedType, noBooked],
};

function checkScript(run: ScriptRun): void {
  for (const { name, answer } of run.calls) {
    expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(200);
    expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    if (name === 'card transaction') continue;
    expect(answer.body?.tppMessages ?? [], name).toEqual(REPORTED[name] ?? []);
  }
  expect(run.calls).toHaveLength(18);
  const byName = new Map(run.calls.map((c) => [c.name, c.answer.body]));
  // The card transaction array answer carries its warning on the item it is about.
  expect(byName.get('card transaction')).toEqual([
    expect.objectContaining({
      merchantCategoryCode: 'BOB',
      bookingStatus: 'booked',
      tppMessages: [defaulted('[0].bookingStatus', '[0].bookingStatus not given: stored "booked"')],
    }),
  ]);
  expect(byName.get('card')).toMatchObject({
    cardAccount: { accountNumber: '123456789012', expiry: '2020-01', status: 'enabled' },
  });
  expect(byName.get('customer list')).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ customerNumber: '55555555', customerType: 'corporate' }),
    ]),
  );
  expect(byName.get('account transactions').transactions[0]).toMatchObject({ purposeCode: 'code' });
  expect(byName.get('account')[0]._links.self.href).toBe(
    `${BASE}/sandbox/accounts/${run.ids.privateCurrent}`,
  );
}

/** The PSU consents through the SCA pages; the client then reads its accounts. */
async function readAccounts(
  client: PlatformClient,
  pages: Pick<Sandbox, 'fetch'>,
  origin: string,
  context: 'PRIVATE' | 'CORPORATE',
): Promise<{ bbans: string[]; selfLinks: string[]; scaRedirect: string }> {
  const session = `compat-${context}`;
  const sca = { 'TPP-Redirect-URI': REDIRECT_URI, 'TPP-Session-ID': session };
  const created = await client.call('POST', '/bank-offered-consents', undefined, sca);
  expect(created.status).toBe(201);
  const scaRedirect: string = created.body._links.scaRedirect.href;
  const { params } = await walkSca(pages as Sandbox, scaRedirect, {
    nationalId: PRIVATE,
    context,
    accounts: 'all',
  });
  const headers: Record<string, string> = {
    ...sca,
    'PSU-ID': params.get('psu-id') ?? '',
    'X-Accept-Fix': 'amount-as-string',
  };
  const corporateId = params.get('psu-corporate-id');
  if (corporateId !== null) headers['PSU-Corporate-ID'] = corporateId;
  const listed = await client.call('GET', '/accounts', undefined, headers);
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  expect(scaRedirect.startsWith(`${origin}/_sandbank/sca/`)).toBe(true);
  const accounts = listed.body.accounts as Array<{ bban: string; _links: { self: { href: string } } }>;
  return {
    bbans: accounts.map((a) => a.bban).sort(),
    selfLinks: accounts.map((a) => a._links.self.href),
    scaRedirect,
  };
}

async function checkReads(client: PlatformClient, pages: Pick<Sandbox, 'fetch'>, origin: string) {
  const own = await readAccounts(client, pages, origin, 'PRIVATE');
  expect(own.bbans).toEqual([ACCOUNTS.privateCurrent, ACCOUNTS.privateSavings].sort());
  for (const href of own.selfLinks) expect(href.startsWith(`${BASE}/accounts/`)).toBe(true);
  const corporate = await readAccounts(client, pages, origin, 'CORPORATE');
  expect(corporate.bbans).toEqual([ACCOUNTS.corporateOperations, ACCOUNTS.corporateTax].sort());
}

describe('a platform client through sandbox.fetch, base path /api-sandbox/v1', () => {
  const origin = 'https://bank.example';
  const sandbox = createSandbox({ now: () => Date.parse(NOW), basePath: BASE });

  it('sets up its mock data with every call 2xx, the normalisations reported', async () => {
    const client = platformClient(sandbox, origin, BASE, await clientIdentity());
    checkScript(await runMockDataScript(client, TODAY));
  });

  it('reads the new customers’ accounts after consent, links under the base path', async () => {
    const client = platformClient(sandbox, origin, BASE, await clientIdentity());
    await checkReads(client, sandbox, origin);
  });
});

describe('a platform client over `sandbank serve --base-path /api-sandbox/v1`', () => {
  let http: HttpBank;

  beforeAll(async () => {
    http = await startHttpBank(['--base-path', BASE]);
    // The bank clock at a fixed date, so the script's dates are the same on any day.
    const clock = await http.sandbox.fetch(
      new Request(`${http.url}/_sandbank/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ set: NOW }),
      }),
    );
    expect(clock.status).toBe(200);
  });
  afterAll(async () => {
    await http?.stop();
  });

  it('answers the API only under the base path', async () => {
    const client = platformClient(http.sandbox, http.url, '/v1', await clientIdentity());
    expect((await client.call('GET', '/sandbox/customers')).status).toBe(404);
  });

  it('sets up its mock data with every call 2xx, the normalisations reported', async () => {
    const client = platformClient(http.sandbox, http.url, BASE, await clientIdentity());
    checkScript(await runMockDataScript(client, TODAY));
  });

  it('reads the new customers’ accounts after consent, SCA pages and links following the base path', async () => {
    const client = platformClient(http.sandbox, http.url, BASE, await clientIdentity());
    await checkReads(client, http.sandbox, http.url);
  });
});
