import type { Sandbox } from '@sandbank/engine';
import { api, createPayment, ndctBody, paymentHeaders, state } from './payments.js';

/** Creates `count` NDCT payments from Kari to Ola, 100.00 + i øre each. */
export async function kariPayments(
  sandbox: Sandbox,
  count: number,
  overrides: (i: number) => Record<string, unknown> = () => ({}),
) {
  const s = await state(sandbox);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const body = ndctBody(s, {
      instructedAmount: { amount: `100.${String(i).padStart(2, '0')}`, currency: 'NOK' },
      ...overrides(i),
    });
    const reply = await createPayment(sandbox, body);
    if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
    ids.push(reply.body.paymentId);
  }
  return ids;
}

export async function createBasket(
  sandbox: Sandbox,
  paymentIds: string[],
  headers: Record<string, string | undefined> = {},
) {
  return api(sandbox, 'POST', '/v1/signing-baskets', {
    body: { paymentIds },
    headers: paymentHeaders(headers),
  });
}

export async function approveBasket(sandbox: Sandbox, basketId: string, psuNationalId: string) {
  return api(sandbox, 'POST', `/_sandbank/signing-baskets/${encodeURIComponent(basketId)}/approve`, {
    body: { psuNationalId },
  });
}

export async function basketStatus(sandbox: Sandbox, basketId: string) {
  return (await api(sandbox, 'GET', `/v1/signing-baskets/${encodeURIComponent(basketId)}/status`)).body
    .transactionStatus;
}
