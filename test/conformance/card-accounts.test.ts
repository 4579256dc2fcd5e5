import { api, consent, KARI, OLA } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';
import { Journey } from './journey.js';

/** Card transactions through the mock-data API (part 4.2 item 10: only these are listed). */
async function addCardTransactions(journey: Journey, cardId: string): Promise<void> {
  const created = await api(journey.sandbox, 'POST', `/v1/sandbox/card-accounts/${cardId}/transactions`, {
    body: [
      {
        bookingStatus: 'booked',
        transactionDate: '2026-02-20',
        bookingDate: '2026-02-21',
        transactionAmount: { amount: '-249.90', currency: 'NOK' },
        originalAmount: { amount: '-21.50', currency: 'EUR' },
        merchantCategoryCode: '5812',
        merchantName: 'Café Lisboa',
      },
      {
        bookingStatus: 'booked',
        transactionDate: '2026-02-25',
        bookingDate: '2026-02-26',
        transactionAmount: { amount: 1200, currency: 'NOK' },
        merchantCategoryCode: '5411',
      },
      {
        bookingStatus: 'pending',
        transactionDate: '2026-03-01',
        transactionAmount: { amount: '-89.00', currency: 'NOK' },
        merchantCategoryCode: '5814',
        merchantName: 'Narvesen',
      },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
}

describe('card accounts conform to Berlin Group 1.3.6', () => {
  for (const nationalId of [KARI, OLA]) {
    it(`answers every card read of ${nationalId} with conforming bodies`, async () => {
      const journey = new Journey();
      const psu = await consent(journey.sandbox, { nationalId, accounts: 'all' });
      const headers = { ...psu.headers, 'psu-ip-address': '192.0.2.10' };
      const list = await journey.read('/v1/card-accounts', { headers });
      expect(list.body.cardAccounts.length).toBeGreaterThan(0);
      for (const card of list.body.cardAccounts as { resourceId: string }[]) {
        const id = card.resourceId;
        await journey.read(`/v1/card-accounts/${id}/transactions?bookingStatus=both`, { headers });
        await addCardTransactions(journey, id);
        await journey.read(`/v1/card-accounts/${id}`, { headers });
        await journey.read(`/v1/card-accounts/${id}/balances`, { headers });
        for (const status of ['booked', 'pending', 'both']) {
          await journey.read(`/v1/card-accounts/${id}/transactions?bookingStatus=${status}`, { headers });
        }
        const page = await journey.read(`/v1/card-accounts/${id}/transactions?bookingStatus=booked&limit=1`, {
          headers,
        });
        const next = page.body.cardTransactions?._links?.next?.href as string | undefined;
        if (next !== undefined) await journey.read(next, { headers });
        await journey.read(
          `/v1/card-accounts/${id}/transactions?bookingStatus=both&dateFrom=2026-02-22&dateTo=2026-03-02`,
          { headers },
        );
        for (const fix of ['longer-names', 'cardaccount-switch-originalamount-and-transactionamount']) {
          await journey.call('GET', `/v1/card-accounts/${id}/transactions?bookingStatus=both`, {
            headers: { ...headers, 'x-accept-fix': `amount-as-string,${fix}` },
          });
          await journey.call('GET', `/v1/card-accounts/${id}`, {
            headers: { ...headers, 'x-accept-fix': fix },
          });
        }
      }
      journey.expectConformance([
        'GET /card-accounts 200',
        'GET /card-accounts/{account-id} 200',
        'GET /card-accounts/{account-id}/balances 200',
        'GET /card-accounts/{account-id}/transactions 200',
      ]);
    });
  }
});
