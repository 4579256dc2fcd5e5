import { createSandbox, type Sandbox } from '@sandbank/engine';
import { presetIdentity } from '@sandbank/engine/tpp';
import { createBasket, kariPayments } from '@sandbank/test-support/baskets';
import {
  api,
  createPayment,
  INSTANT,
  NOW,
  ndctBody,
  PSU_ID,
  paymentHeaders,
  state,
} from '@sandbank/test-support/payments';
import { signing } from '@sandbank/test-support/signing';
import { describe, expect, it } from 'vitest';

/**
 * The payment side of the access-control matrix: who may read, authorise and cancel a
 * payment or a signing basket. Expected outcomes come from this table, not from engine code.
 */
const OWNER = 'the creating TPP, for the PSU it named';
const OTHER_PSU = 'the creating TPP, naming another PSU';
const NO_PSU = 'the creating TPP, naming no PSU';
const OTHER_TPP = 'another TPP';

const EXPECTED: Record<string, 'allowed' | 'unknown'> = {
  [OWNER]: 'allowed',
  [NO_PSU]: 'allowed',
  [OTHER_PSU]: 'unknown',
  [OTHER_TPP]: 'unknown',
};

const ANOTHER_PSU = '0c8f4a2d-1b3e-4f5a-8b6c-7d8e9f0a1b2c';

describe('the access-control matrix for payments and signing baskets', () => {
  it('lets only the creating TPP, and only for its PSU, read, authorise or cancel', async () => {
    const raw = createSandbox({ now: () => NOW });
    const creator = signing(raw, { addDigest: false });
    const stranger = signing(raw, { addDigest: false, identity: presetIdentity('pisp') });
    // An instant payment: an unapproved NDCT one cannot be read even by its owner (known issue 1, part 1).
    const instant = await createPayment(creator, ndctBody(await state(creator)), { product: INSTANT });
    const paymentId = instant.body.paymentId as string;
    const [secondId] = await kariPayments(creator, 1);
    const basket = await createBasket(creator, [secondId as string]);
    expect(basket.status).toBe(201);
    const basketId = basket.body.basketId as string;
    const callers: Record<string, { sb: Sandbox; psu: string | undefined }> = {
      [OWNER]: { sb: creator, psu: PSU_ID },
      [OTHER_PSU]: { sb: creator, psu: ANOTHER_PSU },
      [NO_PSU]: { sb: creator, psu: undefined },
      [OTHER_TPP]: { sb: stranger, psu: PSU_ID },
    };
    const operations: Array<[string, string, string]> = [
      ['GET', `/v1/payments/${INSTANT}/${paymentId}`, 'payment'],
      ['GET', `/v1/payments/${INSTANT}/${paymentId}/status`, 'payment status'],
      ['POST', `/v1/payments/${INSTANT}/${paymentId}/authorisations`, 'payment authorisation'],
      ['GET', `/v1/signing-baskets/${basketId}`, 'basket'],
      ['GET', `/v1/signing-baskets/${basketId}/status`, 'basket status'],
      ['POST', `/v1/signing-baskets/${basketId}/authorisations`, 'basket authorisation'],
    ];
    const seen: string[] = [];
    for (const [who, caller] of Object.entries(callers)) {
      for (const [method, path, what] of operations) {
        const reply = await api(caller.sb, method, path, {
          headers: paymentHeaders({ 'psu-id': caller.psu }),
        });
        const outcome =
          reply.status < 300 ? 'allowed' : reply.status === 404 ? 'unknown' : `status ${reply.status}`;
        seen.push(`${who} / ${what}: ${outcome}`);
        if (outcome === 'unknown') expect(JSON.stringify(reply.body)).not.toContain('instructedAmount');
      }
    }
    const expected = Object.keys(callers).flatMap((who) =>
      operations.map(([, , what]) => `${who} / ${what}: ${EXPECTED[who]}`),
    );
    expect(seen).toEqual(expected);
    // Cancelling follows the same rule; the owner's cancel goes last, as it ends the payment.
    for (const who of [OTHER_TPP, OTHER_PSU]) {
      const caller = callers[who] as { sb: Sandbox; psu: string | undefined };
      const reply = await api(caller.sb, 'DELETE', `/v1/payments/${INSTANT}/${paymentId}`, {
        headers: paymentHeaders({ 'psu-id': caller.psu }),
      });
      expect(reply.status).toBe(404);
    }
    const cancelled = await api(creator, 'DELETE', `/v1/payments/${INSTANT}/${paymentId}`, {
      headers: paymentHeaders(),
    });
    expect(cancelled.status).toBeLessThan(300);
  });
});
