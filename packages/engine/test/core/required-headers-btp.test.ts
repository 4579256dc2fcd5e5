import { accountList } from '@sandbank/engine';
import { api, consent, KARI, type Psu, sandbox } from '@sandbank/test-support/ais';
import { kariPayments } from '@sandbank/test-support/baskets';
import { createPayment, ndctBody, paymentHeaders, state } from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/index.js';

// part 4.1: x-accept-fix, TPP-Session-ID and TPP-Redirect-URI are "Required on B, T, P": create
// signing basket, get transaction details and create payment answer a missing one the same way.

interface Operation {
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read as loose JSON in assertions
  call(headers: Record<string, string | undefined>): Promise<{ status: number; body: any }>;
}

async function operations(): Promise<{ sb: Sandbox; ops: Operation[] }> {
  const sb = sandbox();
  const psu: Psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
  const account = accountList(sb.getState()).find((a) => a.customerNumber === KARI);
  const listing = await api(
    sb,
    'GET',
    `/v1/accounts/${account?.id}/transactions?bookingStatus=booked&limit=1`,
    {
      headers: psu.headers,
    },
  );
  const transactionId = listing.body.transactions.booked[0].transactionId as string;
  const ops: Operation[] = [
    {
      name: 'B (create signing basket)',
      async call(headers) {
        const [id] = await kariPayments(sb, 1);
        return api(sb, 'POST', '/v1/signing-baskets', {
          headers: { ...paymentHeaders(), ...headers },
          body: { paymentIds: [id] },
        });
      },
    },
    {
      name: 'T (get transaction details)',
      call: (headers) =>
        api(sb, 'GET', `/v1/accounts/${account?.id}/transactions/${transactionId}`, {
          headers: { ...psu.headers, 'psu-ip-address': '192.0.2.10', ...headers },
        }),
    },
    {
      name: 'P (create payment)',
      async call(headers) {
        return createPayment(sb, ndctBody(await state(sb)), {
          headers,
          query: '?allowLogicalDuplicate=true',
        });
      },
    },
  ];
  return { sb, ops };
}

describe('the headers part 4.1 requires on B, T and P', () => {
  it.each([
    ['x-accept-fix', 'x-accept-fix'],
    ['tpp-session-id', 'TPP-Session-ID'],
    ['tpp-redirect-uri', 'TPP-Redirect-URI'],
  ])('answers a missing %s with 400 HTTP_HEADER_REQUIRED on each of B, T and P', async (header, path) => {
    const { ops } = await operations();
    for (const op of ops) {
      const answer = await op.call({ [header]: undefined });
      expect(answer.status, op.name).toBe(400);
      expect(answer.body.tppMessages, op.name).toEqual([
        expect.objectContaining({ category: 'ERROR', code: 'HTTP_HEADER_REQUIRED', path }),
      ]);
    }
  });

  it('accepts an empty x-accept-fix (no fix asked for) on each of B, T and P', async () => {
    const { ops } = await operations();
    for (const op of ops) {
      const answer = await op.call({ 'x-accept-fix': '' });
      expect(answer.status, op.name).toBeLessThan(300);
    }
  });
});
