import { api, consent, KARI, sandbox, stateWithTransactions } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

async function setUp() {
  const { state, accountId } = stateWithTransactions(1000);
  const sb = sandbox({ initialState: state });
  const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
  return { sb, headers: psu.headers, accountId };
}

describe('paging through transactions (part 4.2 item 5)', () => {
  it('pages 1 000 booked transactions by 200 with links that carry limit=200', async () => {
    const { sb, headers, accountId } = await setUp();
    const seen: string[] = [];
    let href: string | undefined = `/v1/accounts/${accountId}/transactions?bookingStatus=booked`;
    let pages = 0;
    while (href !== undefined) {
      const answer = await api(sb, 'GET', href, { headers });
      expect(answer.status).toBe(200);
      const { booked, _links } = answer.body.transactions;
      expect(booked.length).toBe(200);
      seen.push(...booked.map((t: { transactionId: string }) => t.transactionId));
      for (const link of Object.values(_links) as { href: string; verbs: string[] }[]) {
        expect(link.verbs).toEqual(['GET']);
      }
      if (pages > 0) {
        expect(_links.prev.href).toContain('limit=200');
        expect(_links.first.href).toContain('offset=0');
      }
      href = _links.next?.href;
      if (href !== undefined) expect(href).toContain('limit=200');
      pages++;
    }
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(1000);
  });

  it('gives booked transactions the same ids on every call', async () => {
    const { sb, headers, accountId } = await setUp();
    const path = `/v1/accounts/${accountId}/transactions?bookingStatus=booked&limit=50&offset=100`;
    const a = await api(sb, 'GET', path, { headers });
    const b = await api(sb, 'GET', path, { headers });
    expect(a.body.transactions.booked.map((t: { transactionId: string }) => t.transactionId)).toEqual(
      b.body.transactions.booked.map((t: { transactionId: string }) => t.transactionId),
    );
    expect(a.body.transactions._links.next.href).toContain('limit=50');
    expect(a.body.transactions._links.next.href).toContain('offset=150');
  });

  it('keeps the filters in the paging links', async () => {
    const { sb, headers, accountId } = await setUp();
    const answer = await api(
      sb,
      'GET',
      `/v1/accounts/${accountId}/transactions?bookingStatus=both&dateFrom=2026-01-01&dateTo=2026-03-01`,
      { headers },
    );
    const next = new URL(answer.body.transactions._links.next.href, 'https://x');
    expect(Object.fromEntries(next.searchParams)).toEqual({
      bookingStatus: 'both',
      dateFrom: '2026-01-01',
      dateTo: '2026-03-01',
      limit: '200',
      offset: '200',
    });
  });
});
