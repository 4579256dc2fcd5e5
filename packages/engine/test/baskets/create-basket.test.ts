import { approveBasket, createBasket, kariPayments } from '@sandbank/test-support/baskets';
import {
  approve,
  createPayment,
  KARI,
  ndctBody,
  newSandbox,
  PSU_ID,
  state,
} from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

describe('POST /v1/signing-baskets', () => {
  it('creates a basket: 201 with basketId, RCVD and an scaRedirect', async () => {
    const sb = newSandbox();
    const ids = await kariPayments(sb, 2);
    const reply = await createBasket(sb, ids);
    expect(reply.status).toBe(201);
    expect(reply.body.basketId).toMatch(/^enc!!/);
    expect(reply.body.transactionStatus).toBe('RCVD');
    expect(reply.body._links.scaRedirect.href).toMatch(/\/_sandbank\/sca\//);
    expect(reply.body._links.self.verbs).toEqual(['GET', 'DELETE']);
  });

  it('accepts 10 payments and rejects 11 (part 8)', async () => {
    const sb = newSandbox();
    const ids = await kariPayments(sb, 11);
    const eleven = await createBasket(sb, ids);
    expect(eleven.status).toBe(400);
    expect(eleven.body.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'paymentIds' });
    expect((await createBasket(sb, ids.slice(0, 10))).status).toBe(201);
  });

  it('rejects an empty basket', async () => {
    const sb = newSandbox();
    expect((await createBasket(sb, [])).status).toBe(400);
  });

  it('rejects bulk and periodic payments with 400 REFERENCE_MIX_INVALID (part 3 rule 4)', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const [single] = await kariPayments(sb, 1);
    const periodic = await createPayment(sb, ndctBody(s, { startDate: '2026-03-10', frequency: 'Monthly' }), {
      service: 'periodic-payments',
    });
    const { debtorAccount, ...item } = ndctBody(s);
    const bulk = await createPayment(sb, { debtorAccount, payments: [item] }, { service: 'bulk-payments' });
    for (const other of [periodic.body.paymentId, bulk.body.paymentId]) {
      const reply = await createBasket(sb, [single as string, other]);
      expect(reply.status).toBe(400);
      expect(reply.body.tppMessages[0]).toMatchObject({
        code: 'REFERENCE_MIX_INVALID',
        path: 'paymentIds[1]',
      });
    }
  });

  it('rejects unknown ids and ids of another PSU with 400 RESOURCE_UNKNOWN', async () => {
    const sb = newSandbox();
    const ids = await kariPayments(sb, 1);
    const unknown = await createBasket(sb, ['enc!!unknown==']);
    expect(unknown.status).toBe(400);
    expect(unknown.body.tppMessages[0].code).toBe('RESOURCE_UNKNOWN');
    const otherPsu = await createBasket(sb, ids, { 'psu-id': '0f1c2b1e-8a51-4c2e-9a55-2f0b7f1d9c02' });
    expect(otherPsu.body.tppMessages[0].code).toBe('RESOURCE_UNKNOWN');
  });

  it('finds the payments of a PSU-ID sent in another case (a psu-id is a UUID)', async () => {
    const sb = newSandbox();
    const ids = await kariPayments(sb, 2);
    const reply = await createBasket(sb, ids, { 'psu-id': PSU_ID.toUpperCase() });
    expect(reply.status).toBe(201);
    expect(reply.body.transactionStatus).toBe('RCVD');
  });

  it('rejects a payment listed twice, one already signed, or one in another basket', async () => {
    const sb = newSandbox();
    const [a, b, c] = await kariPayments(sb, 3);
    expect((await createBasket(sb, [a as string, a as string])).status).toBe(400);
    await approve(sb, b as string);
    expect((await createBasket(sb, [b as string])).body.tppMessages[0].text).toMatch(/ACCP/);
    await createBasket(sb, [c as string]);
    expect((await createBasket(sb, [c as string])).body.tppMessages[0].text).toMatch(
      /already in signing basket/,
    );
  });

  it('requires the B headers', async () => {
    const sb = newSandbox();
    const ids = await kariPayments(sb, 1);
    const reply = await createBasket(sb, ids, { 'psu-ip-address': undefined });
    expect(reply.body.tppMessages[0]).toMatchObject({ code: 'HTTP_HEADER_REQUIRED', path: 'PSU-IP-Address' });
    const noPsu = await createBasket(sb, ids, { 'psu-id': undefined });
    expect(noPsu.body.tppMessages[0]).toMatchObject({ code: 'HTTP_HEADER_REQUIRED', path: 'PSU-ID' });
  });

  it('matches payments made with X-PSU-IDENTITY by the same identity', async () => {
    const sb = newSandbox();
    const ids = await kariPayments(sb, 0);
    const reply = await createPayment(sb, ndctBody(await state(sb)), {
      headers: { 'psu-id': undefined, 'x-psu-identity': KARI },
    });
    ids.push(reply.body.paymentId);
    const basket = await createBasket(sb, ids, { 'psu-id': undefined, 'x-psu-identity': KARI });
    expect(basket.status).toBe(201);
    expect((await approveBasket(sb, basket.body.basketId, KARI)).body.transactionStatus).toBe('ACTC');
  });
});
