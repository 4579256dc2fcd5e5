import { approveBasket, basketStatus, createBasket, kariPayments } from '@sandbank/test-support/baskets';
import {
  account,
  advance,
  api,
  approve,
  KARI,
  newSandbox,
  OLA,
  state,
  status,
} from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

describe('signing basket approval (parts 2.5, 3 rule 1)', () => {
  it('approves a basket of 10 with one SCA; one underfunded payment fails alone and the basket ends RJCT', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const kari = account(s, KARI, 'Brukskonto');
    const huge = (Number(kari.booked) + 1).toFixed(2);
    const ids = await kariPayments(sb, 10, (i) =>
      i === 4 ? { instructedAmount: { amount: huge, currency: 'NOK' } } : {},
    );
    const basket = await createBasket(sb, ids);
    expect(basket.status).toBe(201);
    const approved = await approveBasket(sb, basket.body.basketId, KARI);
    expect(approved.status).toBe(200);
    expect(approved.body.transactionStatus).toBe('ACTC');
    for (const id of ids) expect((await status(sb, id)).body.transactionStatus).toBe('ACCP');
    expect((await status(sb, ids[4] as string)).body.fundsAvailable).toBe(false);
    await advance(sb, 130);
    for (const [i, id] of ids.entries()) {
      expect((await status(sb, id)).body.transactionStatus).toBe(i === 4 ? 'ACCP' : 'ACSC');
    }
    expect(await basketStatus(sb, basket.body.basketId)).toBe('ACTC');
    await advance(sb, 7 * 60);
    expect((await status(sb, ids[4] as string)).body.transactionStatus).toBe('RJCT');
    expect(await basketStatus(sb, basket.body.basketId)).toBe('RJCT');
    const after = await state(sb);
    const paid = ids
      .filter((_, i) => i !== 4)
      .reduce((sum, _id, i) => sum + 100 + (i < 4 ? i : i + 1) / 100, 0);
    expect(Number(account(after, KARI, 'Brukskonto').booked)).toBeCloseTo(Number(kari.booked) - paid, 2);
    expect(Number(account(after, OLA, 'Brukskonto').booked)).toBeCloseTo(
      Number(account(s, OLA, 'Brukskonto').booked) + paid,
      2,
    );
  });

  it('is PATC while some payments are authorised and others still wait', async () => {
    const sb = newSandbox();
    const ids = await kariPayments(sb, 2);
    const basket = await createBasket(sb, ids);
    await approve(sb, ids[0] as string);
    expect(await basketStatus(sb, basket.body.basketId)).toBe('PATC');
  });

  it('is RJCT as soon as one payment is cancelled (worst case)', async () => {
    const sb = newSandbox();
    const ids = await kariPayments(sb, 2);
    const basket = await createBasket(sb, ids);
    await api(
      sb,
      'DELETE',
      `/v1/payments/norwegian-domestic-credit-transfers/${encodeURIComponent(ids[1] as string)}`,
    );
    expect(await basketStatus(sb, basket.body.basketId)).toBe('RJCT');
  });

  it('rejects only the payments the PSU may not pay from; fails the SCA when none remain', async () => {
    const sb = newSandbox();
    const ids = await kariPayments(sb, 2);
    const basket = await createBasket(sb, ids);
    const wrongPsu = await approveBasket(sb, basket.body.basketId, OLA);
    expect(wrongPsu.status).toBe(400);
    expect(wrongPsu.body.tppMessages[0].code).toBe('PAYMENT_FAILED');
    expect(await basketStatus(sb, basket.body.basketId)).toBe('RCVD');
  });

  it('shows the basket with its payments through GET', async () => {
    const sb = newSandbox();
    const ids = await kariPayments(sb, 2);
    const basket = await createBasket(sb, ids);
    const reply = await api(sb, 'GET', basket.body._links.self.href);
    expect(reply.body).toMatchObject({
      basketId: basket.body.basketId,
      payments: ids,
      transactionStatus: 'RCVD',
    });
    expect(reply.body._links.startAuthorisation.verbs).toEqual(['POST']);
  });
});
