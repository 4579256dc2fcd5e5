import {
  api,
  approve,
  createPayment,
  NCBCT,
  ncbctBody,
  ndctBody,
  newSandbox,
  state,
} from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

describe('GET payment status (part 4.2 item 3)', () => {
  it('shows RCVD without fundsAvailable before any funds check', async () => {
    const sb = newSandbox();
    // Cross-border: an unapproved NDCT payment's status cannot be fetched (known issue 1, part 1).
    const created = await createPayment(sb, ncbctBody(await state(sb)), { product: NCBCT });
    const reply = await api(sb, 'GET', created.body._links.status.href);
    expect(reply.body).toEqual({ transactionStatus: 'RCVD' });
  });

  it('shows fundsAvailable once the bank checked funds', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    await approve(sb, created.body.paymentId);
    const reply = await api(sb, 'GET', created.body._links.status.href);
    expect(reply.body).toEqual({ transactionStatus: 'ACCP', fundsAvailable: true });
  });
});
