import { paymentById, paymentList } from '@sandbank/engine';
import {
  api,
  approve,
  createPayment,
  NCBCT,
  ncbctBody,
  ndctBody,
  newSandbox,
  paymentHeaders,
  state,
} from '@sandbank/test-support/payments';
import {
  accountBody,
  KARI as MOCK_KARI,
  api as mockApi,
  newSandbox as mockSandbox,
} from '@sandbank/test-support/sandbox-api';
import { describe, expect, it } from 'vitest';

// A body field the contract (part 2) does not define is dropped and told as a WARNING naming it
// (code FORMAT_ERROR, the field's path); it is never stored or echoed. Keys such as `__proto__`
// never reach an object's prototype or the state (docs/decisions/unknown-fields.md).

/** A JSON text with keys JSON.stringify would not write (`__proto__` as an own key). */
function withExtraKeys(body: Record<string, unknown>): string {
  const text = JSON.stringify(body);
  return `{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"bonus":1,${text.slice(1)}`;
}

function warningsOf(body: { tppMessages?: Array<{ category: string; code: string; path?: string }> }) {
  return (body.tppMessages ?? []).filter((m) => m.category === 'WARNING');
}

describe.each(['sandbox', 'production'] as const)(
  'unknown fields in a payment body (%s profile)',
  (profile) => {
    it('creates the payment, names each dropped field in a WARNING, and neither stores nor echoes them', async () => {
      const sb = newSandbox({ profile });
      const body = ndctBody(await state(sb), {
        instructedAmount: { amount: '100.00', currency: 'NOK', exchange: 'spot' },
        creditorAddress: { country: 'NO', planet: 'Earth' },
      });
      const created = await api(sb, 'POST', '/v1/payments/norwegian-domestic-credit-transfers', {
        headers: paymentHeaders(),
        body: withExtraKeys(body),
      });
      expect(created.status).toBe(201);
      expect(warningsOf(created.body)).toEqual(
        ['__proto__', 'constructor', 'bonus', 'instructedAmount.exchange', 'creditorAddress.planet'].map(
          (path) => ({
            category: 'WARNING',
            code: 'FORMAT_ERROR',
            path,
            text: `${path} is not a field of this request; it was ignored and not stored`,
          }),
        ),
      );
      const id = created.body.paymentId as string;
      const stored = paymentById(await state(sb), id)?.request ?? {};
      expect(Object.keys(stored)).not.toContain('bonus');
      expect(JSON.stringify(stored)).not.toMatch(/__proto__|constructor|polluted|planet|exchange|bonus/);
      await approve(sb, id);
      const echoed = await api(sb, 'GET', created.body._links.self.href);
      expect(echoed.status).toBe(200);
      expect(JSON.stringify(echoed.body)).not.toMatch(/__proto__|constructor|polluted|planet|exchange|bonus/);
      expect(echoed.body.creditorAddress).toEqual({ country: 'NO' });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('tells at most 10 dropped fields one by one and counts the rest', async () => {
      const sb = newSandbox({ profile });
      const extra = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`extra${i}`, i]));
      const created = await createPayment(
        sb,
        { ...ncbctBody(await state(sb)), ...extra },
        { product: NCBCT },
      );
      expect(created.status).toBe(201);
      const warnings = warningsOf(created.body);
      expect(warnings).toHaveLength(11);
      expect(warnings.slice(0, 10).map((w) => w.path)).toEqual(
        Array.from({ length: 10 }, (_, i) => `extra${i}`),
      );
      expect(warnings[10]).toMatchObject({
        code: 'FORMAT_ERROR',
        text: expect.stringMatching(/^4 more fields/),
      });
      const echoed = await api(sb, 'GET', created.body._links.self.href);
      expect(Object.keys(echoed.body).filter((k) => k.startsWith('extra'))).toEqual([]);
    });

    it('adds no warning to a body with only contract fields', async () => {
      const sb = newSandbox({ profile });
      const created = await createPayment(sb, ndctBody(await state(sb)));
      expect(created.status).toBe(201);
      expect(created.body.tppMessages).toBeUndefined();
    });

    it('reports nothing and stores nothing when the body is refused', async () => {
      const sb = newSandbox({ profile });
      const created = await createPayment(sb, { ...ndctBody(await state(sb)), creditorName: '', bonus: 1 });
      expect(created.status).toBe(400);
      expect(warningsOf(created.body)).toEqual([]);
      expect(paymentList(await state(sb))).toEqual([]);
    });
  },
);

describe('unknown fields in other bodies', () => {
  it('drops them from a signing basket request with a WARNING', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    const basket = await api(sb, 'POST', '/v1/signing-baskets', {
      headers: paymentHeaders(),
      body: `{"paymentIds":[${JSON.stringify(created.body.paymentId)}],"__proto__":{"x":1},"note":"hi"}`,
    });
    expect(basket.status).toBe(201);
    expect(warningsOf(basket.body).map((w) => w.path)).toEqual(['__proto__', 'note']);
  });

  it('drops them from a mock-data account and never stores them, nested keys included', async () => {
    const sb = mockSandbox();
    const body = JSON.stringify({ ...accountBody(MOCK_KARI), nickname: 'x' }).replace(
      '"balances":[{',
      '"balances":[{"__proto__":{"polluted":"yes"},"source":"import",',
    );
    const created = await mockApi(sb, 'POST', '/v1/sandbox/accounts', { body });
    expect(created.status).toBe(201);
    expect(warningsOf(created.body).map((w) => w.path)).toEqual([
      'balances[0].__proto__',
      'balances[0].source',
      'nickname',
    ]);
    expect(JSON.stringify(sb.getState())).not.toMatch(/polluted|nickname|"source":"import"/);
    const read = await mockApi(sb, 'GET', `/v1/sandbox/accounts/${created.body.id}`);
    expect(JSON.stringify(read.body)).not.toMatch(/nickname|__proto__|source/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
