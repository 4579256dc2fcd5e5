import {
  account,
  api,
  createPayment,
  INSTANT,
  KARI,
  ndctBody,
  newSandbox,
  OLA,
  state,
} from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

// part 2.1, Amount (payments, transaction details): "amount string, required, decimal. Precision 18
// and scale 5 by contract, but fraction digits must match the ISO 4217 minor units of the currency."

async function created(amount: unknown, currency = 'NOK') {
  const sb = newSandbox();
  const s = await state(sb);
  const overrides: Record<string, unknown> = { instructedAmount: { amount, currency } };
  if (currency === 'EUR') {
    overrides.creditorAgent = 'SBAKNOKK';
    overrides.creditorAccount = { bban: account(s, OLA, 'Valutakonto').bban, currency: 'EUR' };
  }
  return createPayment(sb, ndctBody(s, overrides));
}

describe('amounts in payment requests (part 2.1)', () => {
  it.each([
    [
      '"1.5" NOK (one fraction digit, NOK has two)',
      '1.5',
      'NOK',
      /1 fraction digits but NOK has 2.*ISO 4217.*"100\.00"/,
    ],
    ['"100" NOK (no fraction digits)', '100', 'NOK', /0 fraction digits but NOK has 2/],
    ['"10.001" NOK (three fraction digits)', '10.001', 'NOK', /3 fraction digits but NOK has 2/],
    ['the JSON number 10', 10, 'NOK', /must be a JSON string.*part 2\.1.*not a number/],
    ['the JSON number 12.50', 12.5, 'NOK', /must be a JSON string/],
    ['"12,50" (a decimal comma)', '12,50', 'NOK', /positive decimal/],
    ['"+12.50" (a sign)', '+12.50', 'NOK', /positive decimal/],
    ['" 12.50" (a space)', ' 12.50', 'NOK', /positive decimal/],
    ['"12." (no fraction digits after the point)', '12.', 'NOK', /positive decimal/],
    ['19 digits (precision 18)', '12345678901234567.89', 'NOK', /more than 18 digits/],
    ['"100.5" JPY (JPY has no minor units)', '100.5', 'JPY', /1 fraction digits but JPY has 0.*"100"/],
  ])(
    'refuses %s with 400 FORMAT_ERROR naming the field and the rule',
    async (_name, amount, currency, text) => {
      const reply = await created(amount, currency);
      expect(reply.status).toBe(400);
      expect(reply.body.tppMessages).toEqual([
        {
          category: 'ERROR',
          code: 'FORMAT_ERROR',
          path: 'instructedAmount.amount',
          text: expect.stringMatching(text),
        },
      ]);
      expect(reply.body.tppMessages[0].text).toMatch(/^instructedAmount\.amount: /);
    },
  );

  it.each([
    ['"1.50" NOK', '1.50', 'NOK'],
    ['"250000.00" NOK', '250000.00', 'NOK'],
    ['"10.00" EUR', '10.00', 'EUR'],
  ])('accepts %s', async (_name, amount, currency) => {
    expect((await created(amount, currency)).status).toBe(201);
  });

  it('applies the same rule to every transfer of a bulk payment, naming its index', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const { debtorAccount, ...item } = ndctBody(s);
    const reply = await createPayment(
      sb,
      { debtorAccount, payments: [item, { ...item, instructedAmount: { amount: 99, currency: 'NOK' } }] },
      { service: 'bulk-payments' },
    );
    expect(reply.status).toBe(400);
    expect(reply.body.tppMessages).toEqual([
      expect.objectContaining({ code: 'FORMAT_ERROR', path: 'payments[1].instructedAmount.amount' }),
    ]);
  });

  it('applies the same rule to the fee-information request', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const reply = await api(sb, 'POST', `/v1/payments/${INSTANT}/fee-information`, {
      body: {
        amount: { amount: '500.5', currency: 'NOK' },
        creditorAccount: { bban: account(s, OLA, 'Brukskonto').bban, currency: 'NOK' },
        debtorAccount: { bban: account(s, KARI, 'Brukskonto').bban, currency: 'NOK' },
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'amount.amount' });
  });
});
