import {
  api,
  approve,
  createPayment,
  INSTANT,
  NCBCT,
  ncbctBody,
  ndctBody,
  newSandbox,
  state,
} from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

// part 1, known issue 1: "Details and status of a payment for the domestic Norwegian credit transfer
// product cannot be fetched before the payment is approved." Unlike known issue 2, the contract does
// not limit it to production, so a TPP meets it where it develops.
describe.each(['sandbox', 'production'] as const)('known issue 1 (part 1) in the %s profile', (profile) => {
  it('refuses details and status of an NDCT payment until it is approved', async () => {
    const sb = newSandbox({ profile });
    const created = await createPayment(sb, ndctBody(await state(sb)));
    const details = await api(sb, 'GET', created.body._links.self.href);
    expect(details.status).toBe(403);
    expect(details.body.tppMessages[0].code).toBe('FORBIDDEN');
    expect(details.body.tppMessages[0].text).toContain('known issue');
    const status = await api(sb, 'GET', created.body._links.status.href);
    expect(status.status).toBe(403);
    expect(status.body.tppMessages[0].code).toBe('FORBIDDEN');
    await approve(sb, created.body.paymentId);
    expect((await api(sb, 'GET', created.body._links.self.href)).status).toBe(200);
    expect((await api(sb, 'GET', created.body._links.status.href)).body.transactionStatus).toBe('ACCP');
  });

  it('applies to periodic and bulk NDCT payments too', async () => {
    const sb = newSandbox({ profile });
    const s = await state(sb);
    const { debtorAccount, ...item } = ndctBody(s);
    const bulk = await createPayment(sb, { debtorAccount, payments: [item] }, { service: 'bulk-payments' });
    expect((await api(sb, 'GET', bulk.body._links.status.href)).status).toBe(403);
    const periodic = await createPayment(sb, ndctBody(s, { startDate: '2026-03-10', frequency: 'Monthly' }), {
      service: 'periodic-payments',
    });
    expect((await api(sb, 'GET', periodic.body._links.self.href)).status).toBe(403);
  });

  it('does not apply to the cross-border and instant products', async () => {
    const sb = newSandbox({ profile });
    const s = await state(sb);
    const cross = await createPayment(sb, ncbctBody(s), { product: NCBCT });
    expect((await api(sb, 'GET', cross.body._links.status.href)).body).toEqual({ transactionStatus: 'RCVD' });
    const instant = await createPayment(sb, ndctBody(s), { product: INSTANT });
    expect((await api(sb, 'GET', instant.body._links.self.href)).status).toBe(200);
  });
});
