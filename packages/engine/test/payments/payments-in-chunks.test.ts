import {
  authorisationList,
  createSandbox,
  paymentById,
  paymentCount,
  paymentList,
  type Sandbox,
  type StateChange,
  stateToExport,
} from '@sandbank/engine';
import { createPayments, NOW, newSandbox } from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

// More payments than one chunk holds (core/keyed-chunks.ts: 16 now, 64 in the earlier layout), so order and lookups cross chunks.
const COUNT = 70;

async function exportText(sb: Sandbox): Promise<string> {
  const response = await sb.fetch(new Request('http://bank.test/_sandbank/state'));
  expect(response.status).toBe(200);
  return response.text();
}

describe('payments and authorisations kept in chunks (docs/decisions/keyed-chunks.md)', () => {
  it('finds every payment by id and lists them in the order they were made', async () => {
    const sb = newSandbox();
    const ids = await createPayments(sb, COUNT);
    const state = sb.getState();
    expect(paymentList(state).map((p) => p.paymentId)).toEqual(ids);
    expect(paymentCount(state)).toBe(COUNT);
    for (const id of ids) expect(paymentById(state, id)?.paymentId).toBe(id);
    expect(paymentById(state, 'constructor')).toBeUndefined();
    expect(paymentById(state, '__proto__')).toBeUndefined();
    expect(authorisationList(state).map((a) => a.resourceIds[0])).toEqual(ids);
  });

  it('exports them flat in creation order, as the stored payments themselves, and imports the export', async () => {
    const source = newSandbox();
    const ids = await createPayments(source, COUNT);
    const text = await exportText(source);
    const exported = JSON.parse(text);
    expect(Object.keys(exported.payments)).toEqual(ids);
    expect(
      Object.values(exported.authorisations).map((a) => (a as { resourceIds: string[] }).resourceIds[0]),
    ).toEqual(ids);
    expect(text).toBe(JSON.stringify(stateToExport(source.getState())));
    expect(JSON.stringify(exported.payments)).toBe(
      JSON.stringify(Object.fromEntries(paymentList(source.getState()).map((p) => [p.paymentId, p]))),
    );
    // Unsigned, so the import itself is not remembered as a request: the bank is exactly the file.
    const target = createSandbox({ now: () => NOW, signatures: 'off' });
    const put = await target.fetch(
      new Request('http://bank.test/_sandbank/state', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: text,
      }),
    );
    expect(put.status).toBe(204);
    // The import's schema orders each object's keys as it lists them (as it always has): equal, and
    // the payments in the same order.
    const again = JSON.parse(await exportText(target));
    expect(again).toEqual(exported);
    expect(Object.keys(again.payments)).toEqual(ids);
    expect(target.getState().payments).toEqual(source.getState().payments);
    expect(target.getState().authorisations).toEqual(source.getState().authorisations);
  });

  it('names a payment by id in the request log, not by where it is kept', async () => {
    const sb = newSandbox();
    const paths: Array<Array<string | number>> = [];
    sb.subscribe((event) => {
      if (event.type === 'request') for (const change of event.entry.changes) paths.push(change.path);
    });
    const [id] = await createPayments(sb, 1);
    expect(paths).toContainEqual(['payments', id]);
    expect(paths.filter((path) => path[0] === 'payments' || path[0] === 'authorisations')).toHaveLength(2);
  });

  it('shows a reset in the request log as the payments it removed, by id', async () => {
    const sb = newSandbox();
    const ids = await createPayments(sb, 3);
    const changes: StateChange[] = [];
    sb.subscribe((event) => {
      if (event.type === 'request') changes.push(...event.entry.changes);
    });
    const reset = await sb.fetch(new Request('http://bank.test/_sandbank/reset', { method: 'POST' }));
    expect(reset.status).toBe(204);
    const payments = changes.find((change) => change.path.length === 1 && change.path[0] === 'payments');
    expect(payments?.kind).toBe('changed');
    expect(Object.keys(payments?.before as object)).toEqual(ids);
    expect(payments?.after).toEqual({});
  });
});
