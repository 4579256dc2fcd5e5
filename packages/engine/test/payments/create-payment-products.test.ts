import {
  codes,
  createPayment,
  INSTANT,
  NCBCT,
  NDCT,
  ncbctBody,
  ndctBody,
  newSandbox,
  state,
} from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

describe('create payment: products and services (docs/platform-facts.md §1)', () => {
  it('rejects an unknown product with 404 PRODUCT_UNKNOWN', async () => {
    const sb = newSandbox();
    const reply = await createPayment(sb, ndctBody(await state(sb)), { product: 'swedish-credit-transfers' });
    expect(reply.status).toBe(404);
    expect(codes(reply)).toEqual(['PRODUCT_UNKNOWN']);
  });

  it.each([
    ['periodic-payments', NCBCT],
    ['bulk-payments', NCBCT],
    ['periodic-payments', INSTANT],
    ['bulk-payments', INSTANT],
  ])('rejects %s of %s with 403 PRODUCT_INVALID', async (service, product) => {
    const sb = newSandbox();
    const reply = await createPayment(sb, ndctBody(await state(sb)), { service, product });
    expect(reply.status).toBe(403);
    expect(codes(reply)).toEqual(['PRODUCT_INVALID']);
  });

  it('creates a single payment of each product', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    for (const [product, body] of [
      [NDCT, ndctBody(s)],
      [INSTANT, ndctBody(s)],
      [NCBCT, ncbctBody(s)],
    ] as const) {
      const reply = await createPayment(sb, body, { product });
      expect(reply.status, product).toBe(201);
      expect(reply.body.transactionStatus).toBe('RCVD');
    }
  });
});
