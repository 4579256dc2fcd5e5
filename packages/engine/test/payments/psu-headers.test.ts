import { createBasket, kariPayments } from '@sandbank/test-support/baskets';
import {
  account,
  BAKERI,
  createPayment,
  KARI,
  ndctBody,
  newSandbox,
  OLA,
  RORLEGGER,
  state,
} from '@sandbank/test-support/payments';
import { TEST_TPP } from '@sandbank/test-support/signing';
import { describe, expect, it } from 'vitest';
import { psuIdFor } from '../../src/sca/psu.js';
import { corporateHeaders } from './corporate.js';

const bakeriBody = (s: Awaited<ReturnType<typeof state>>) =>
  ndctBody(s, { debtorAccount: { bban: account(s, BAKERI, 'Driftskonto').bban, currency: 'NOK' } });

describe('the PSU a payment or basket names (part 4.1, part 5.4)', () => {
  it('refuses a PSU in corporate context without PSU-Corporate-ID: 400 HTTP_HEADER_REQUIRED (P and B)', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const payment = await createPayment(sb, bakeriBody(s), { headers: { 'psu-context': 'CORPORATE' } });
    expect(payment.status).toBe(400);
    expect(payment.body.tppMessages[0]).toMatchObject({
      code: 'HTTP_HEADER_REQUIRED',
      path: 'PSU-Corporate-ID',
    });
    const basket = await createBasket(sb, await kariPayments(sb, 1), { 'psu-context': 'CORPORATE' });
    expect(basket.status).toBe(400);
    expect(basket.body.tppMessages[0]).toMatchObject({
      code: 'HTTP_HEADER_REQUIRED',
      path: 'PSU-Corporate-ID',
    });
  });

  it('refuses a PSU-Corporate-ID the TPP was never given, or one of another PSU: 400 RESOURCE_UNKNOWN', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const unknown = await createPayment(sb, bakeriBody(s), {
      headers: { 'psu-context': 'CORPORATE', 'psu-corporate-id': '0f1c2b1e-8a51-4c2e-9a55-2f0b7f1d9c02' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.tppMessages[0]).toMatchObject({ code: 'RESOURCE_UNKNOWN', path: 'PSU-Corporate-ID' });
    // Bakeri's owner named by PSU-ID, with the agreement of Rørlegger (not one Bakeri's owner acts under).
    const foreign = await createPayment(sb, bakeriBody(s), {
      headers: { 'psu-id': psuIdFor(s, BAKERI, TEST_TPP), ...corporateHeaders(s, RORLEGGER) },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.tppMessages[0]).toMatchObject({ code: 'RESOURCE_UNKNOWN', path: 'PSU-Corporate-ID' });
    const basket = await createBasket(sb, await kariPayments(sb, 1), {
      'psu-corporate-id': '0f1c2b1e-8a51-4c2e-9a55-2f0b7f1d9c02',
    });
    expect(basket.body.tppMessages[0]).toMatchObject({ code: 'RESOURCE_UNKNOWN', path: 'PSU-Corporate-ID' });
    // The PSU's own agreement: created, its SCA to come.
    const own = await createPayment(sb, bakeriBody(s), {
      headers: { 'psu-id': psuIdFor(s, BAKERI, TEST_TPP), ...corporateHeaders(s, BAKERI) },
    });
    expect(own.status).toBe(201);
  });

  it('refuses a PSU-ID and an X-PSU-IDENTITY that name two PSUs: 401 PSU_CREDENTIALS_INVALID', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    // Kari's own accounts named by X-PSU-IDENTITY would be exempt from SCA; the PSU-ID is Ola's.
    const body = ndctBody(s, {
      creditorAccount: { bban: account(s, KARI, 'Sparekonto').bban, currency: 'NOK' },
    });
    const reply = await createPayment(sb, body, {
      headers: { 'psu-id': psuIdFor(s, OLA, TEST_TPP), 'x-psu-identity': KARI },
    });
    expect(reply.status).toBe(401);
    expect(reply.body.tppMessages[0]).toMatchObject({
      code: 'PSU_CREDENTIALS_INVALID',
      path: 'X-PSU-IDENTITY',
    });
    const basket = await createBasket(sb, await kariPayments(sb, 1), {
      'psu-id': psuIdFor(s, OLA, TEST_TPP),
      'x-psu-identity': KARI,
    });
    expect(basket.status).toBe(401);
    // The same PSU both ways: one PSU, and the exemption applies.
    const same = await createPayment(sb, body, {
      headers: { 'psu-id': psuIdFor(s, KARI, TEST_TPP), 'x-psu-identity': KARI },
    });
    expect(same.status).toBe(201);
    expect(same.body.transactionStatus).toBe('ACCP');
  });
});
