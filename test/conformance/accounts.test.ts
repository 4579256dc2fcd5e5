import { consent, FJORDLYS, KARI, OLA, sandbox } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';
import { Journey } from './journey.js';

const IP = { 'psu-ip-address': '192.0.2.10' };

describe('account information conforms to Berlin Group 1.3.6', () => {
  it('answers every read of a private PSU, its paging and its details with conforming bodies', async () => {
    const journey = new Journey();
    const psu = await consent(journey.sandbox, { nationalId: KARI, accounts: 'all' });
    const headers = { ...psu.headers, ...IP };
    const list = await journey.read('/v1/accounts', { headers });
    await journey.read('/v1/accounts?withBalance=true', { headers });
    for (const account of list.body.accounts as { resourceId: string }[]) {
      const id = account.resourceId;
      await journey.read(`/v1/accounts/${id}`, { headers });
      await journey.read(`/v1/accounts/${id}?withBalance=true`, { headers });
      await journey.read(`/v1/accounts/${id}/balances`, { headers });
      for (const status of ['booked', 'pending', 'both', 'all']) {
        await journey.read(`/v1/accounts/${id}/transactions?bookingStatus=${status}`, { headers });
      }
      await journey.read(`/v1/accounts/${id}/transactions?bookingStatus=booked&withBalance=true`, {
        headers,
      });
      const page = await journey.read(`/v1/accounts/${id}/transactions?bookingStatus=booked&limit=2`, {
        headers,
      });
      const next = page.body.transactions?._links?.next?.href as string | undefined;
      if (next !== undefined) await journey.read(next, { headers });
      await journey.read(
        `/v1/accounts/${id}/transactions?bookingStatus=both&dateFrom=2026-01-01&dateTo=2026-02-15`,
        { headers },
      );
      const booked = page.body.transactions?.booked as { transactionId: string }[] | undefined;
      for (const tx of booked ?? []) {
        await journey.read(`/v1/accounts/${id}/transactions/${tx.transactionId}`, { headers });
      }
    }
    journey.expectConformance([
      'GET /accounts 200',
      'GET /accounts/{account-id} 200',
      'GET /accounts/{account-id}/balances 200',
      'GET /accounts/{account-id}/transactions 200',
      'GET /accounts/{account-id}/transactions/{transactionId} 200',
    ]);
  });

  it('answers a second private PSU with a foreign-currency account with conforming bodies', async () => {
    const journey = new Journey();
    const psu = await consent(journey.sandbox, { nationalId: OLA, accounts: 'all' });
    const headers = { ...psu.headers, ...IP };
    const list = await journey.read('/v1/accounts?withBalance=true', { headers });
    for (const account of list.body.accounts as { resourceId: string }[]) {
      await journey.read(`/v1/accounts/${account.resourceId}/balances`, { headers });
      await journey.read(`/v1/accounts/${account.resourceId}/transactions?bookingStatus=both`, { headers });
    }
    journey.expectConformance(['GET /accounts 200', 'GET /accounts/{account-id}/transactions 200']);
  });

  it('answers a corporate PSU, whose transaction details carry links, with conforming bodies', async () => {
    const journey = new Journey();
    const psu = await consent(journey.sandbox, {
      nationalId: FJORDLYS,
      context: 'CORPORATE',
      accounts: 'all',
    });
    const headers = { ...psu.headers, ...IP };
    const list = await journey.read('/v1/accounts?withBalance=true', { headers });
    for (const account of list.body.accounts as { resourceId: string }[]) {
      const id = account.resourceId;
      await journey.read(`/v1/accounts/${id}`, { headers });
      await journey.read(`/v1/accounts/${id}/balances`, { headers });
      const listing = await journey.read(`/v1/accounts/${id}/transactions?bookingStatus=both`, { headers });
      for (const tx of (listing.body.transactions?.booked ?? []).slice(0, 5) as { transactionId: string }[]) {
        await journey.read(`/v1/accounts/${id}/transactions/${tx.transactionId}`, { headers });
      }
    }
    journey.expectConformance([
      'GET /accounts 200',
      'GET /accounts/{account-id} 200',
      'GET /accounts/{account-id}/balances 200',
      'GET /accounts/{account-id}/transactions 200',
      'GET /accounts/{account-id}/transactions/{transactionId} 200',
    ]);
  });

  it('answers the reads of a PSU under the legacy x-accept-fix defaults conformingly once D2 is undone', async () => {
    const journey = new Journey(sandbox({ checkResponses: true, acceptFixDefaults: 'legacy' }), {
      legacyFixes: true,
    });
    const psu = await consent(journey.sandbox, { nationalId: OLA, accounts: 'all' });
    const headers = { ...psu.headers, ...IP };
    const list = await journey.read('/v1/accounts?withBalance=true', { headers });
    for (const account of list.body.accounts as { resourceId: string }[]) {
      await journey.read(`/v1/accounts/${account.resourceId}/balances`, { headers });
      await journey.read(`/v1/accounts/${account.resourceId}/transactions?bookingStatus=both`, { headers });
    }
    journey.expectConformance(['GET /accounts 200', 'GET /accounts/{account-id}/balances 200']);
    expect([...journey.deviations]).toContain('D2');
  });
});
