import { account, api, INSTANT, KARI, NDCT, newSandbox, OLA, state } from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

async function feeBody() {
  const sb = newSandbox();
  const s = await state(sb);
  return {
    sb,
    body: {
      amount: { amount: '500.00', currency: 'NOK' },
      creditorAccount: { bban: account(s, OLA, 'Brukskonto').bban, currency: 'NOK' },
      debtorAccount: { bban: account(s, KARI, 'Brukskonto').bban, currency: 'NOK' },
    },
  };
}

describe('POST fee-information (instant payments)', () => {
  it('answers 200 with the instant fee', async () => {
    const { sb, body } = await feeBody();
    const reply = await api(sb, 'POST', `/v1/payments/${INSTANT}/fee-information`, {
      body,
      headers: { 'x-accept-fix': 'amount-as-string' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      transactionFees: { amount: '2.00', currency: 'NOK' },
      transactionFeeIndicator: true,
    });
  });

  it('is offered for the instant product only', async () => {
    const { sb, body } = await feeBody();
    const reply = await api(sb, 'POST', `/v1/payments/${NDCT}/fee-information`, { body });
    expect(reply.status).toBe(403);
    expect(reply.body.tppMessages[0].code).toBe('PRODUCT_INVALID');
  });

  it('validates the body', async () => {
    const { sb, body } = await feeBody();
    const reply = await api(sb, 'POST', `/v1/payments/${INSTANT}/fee-information`, {
      body: { ...body, amount: { amount: '1.234', currency: 'NOK' } },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'amount.amount' });
  });
});
