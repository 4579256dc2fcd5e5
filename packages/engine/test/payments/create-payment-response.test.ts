import {
  account,
  BAKERI,
  createPayment,
  INSTANT,
  KARI,
  NCBCT,
  ncbctBody,
  ndctBody,
  newSandbox,
  state,
} from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';
import { corporateHeaders } from './corporate.js';

describe('create payment response (part 2.4)', () => {
  it('answers 201 with paymentId, RCVD, fees and links to self, status and scaRedirect', async () => {
    const sb = newSandbox();
    const reply = await createPayment(sb, ndctBody(await state(sb)));
    expect(reply.status).toBe(201);
    const id = reply.body.paymentId as string;
    expect(id).toMatch(/^enc!!/);
    const self = `/v1/payments/norwegian-domestic-credit-transfers/${encodeURIComponent(id)}`;
    expect(reply.body).toEqual({
      transactionStatus: 'RCVD',
      paymentId: id,
      transactionFees: { amount: '0.00', currency: 'NOK' },
      transactionFeeIndicator: false,
      _links: {
        self: { href: self, verbs: ['GET', 'DELETE'] },
        status: { href: `${self}/status`, verbs: ['GET'] },
        scaRedirect: {
          href: expect.stringMatching(/^http:\/\/bank\.test\/_sandbank\/sca\//),
          verbs: ['GET'],
        },
      },
    });
    expect(reply.headers.get('location')).toBe(self);
  });

  it('charges NOK 75 for a cross-border and NOK 2 for an instant payment (fee table)', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const cross = await createPayment(sb, ncbctBody(s), { product: NCBCT });
    expect(cross.body.transactionFees).toEqual({ amount: '75.00', currency: 'NOK' });
    expect(cross.body.transactionFeeIndicator).toBe(true);
    const instant = await createPayment(sb, ndctBody(s), { product: INSTANT });
    expect(instant.body.transactionFees).toEqual({ amount: '2.00', currency: 'NOK' });
  });

  it("exempts a transfer between the private PSU's own accounts from SCA (no scaRedirect, accepted)", async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const body = ndctBody(s, {
      creditorAccount: { bban: account(s, KARI, 'Sparekonto').bban, currency: 'NOK' },
    });
    const reply = await createPayment(sb, body, { headers: { 'psu-id': undefined, 'x-psu-identity': KARI } });
    expect(reply.status).toBe(201);
    expect(reply.body.transactionStatus).toBe('ACCP');
    expect(reply.body._links.scaRedirect).toBeUndefined();
    expect(reply.body._links.self.verbs).toEqual(['GET']);
  });

  it('demands SCA for a transfer between own accounts in the corporate context or named by PSU-ID only', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const body = ndctBody(s, {
      creditorAccount: { bban: account(s, KARI, 'Sparekonto').bban, currency: 'NOK' },
    });
    const byPsuId = await createPayment(sb, body);
    expect(byPsuId.body._links.scaRedirect).toBeDefined();
    const between = ndctBody(s, {
      debtorAccount: { bban: account(s, BAKERI, 'Driftskonto').bban, currency: 'NOK' },
      creditorAccount: { bban: account(s, BAKERI, 'Skattetrekkskonto').bban, currency: 'NOK' },
    });
    const corporate = await createPayment(sb, between, {
      headers: { 'psu-id': undefined, 'x-psu-identity': BAKERI, ...corporateHeaders(s, BAKERI) },
    });
    expect(corporate.status).toBe(201);
    expect(corporate.body.transactionStatus).toBe('RCVD');
    expect(corporate.body._links.scaRedirect).toBeDefined();
  });

  it('demands SCA for a transfer to another customer', async () => {
    const sb = newSandbox();
    const reply = await createPayment(sb, ndctBody(await state(sb)), {
      headers: { 'psu-id': undefined, 'x-psu-identity': KARI },
    });
    expect(reply.body.transactionStatus).toBe('RCVD');
    expect(reply.body._links.scaRedirect).toBeDefined();
  });
});
