import { api, newSandbox } from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

type Exported = { transactions: Record<string, Array<Array<Record<string, unknown>>>> } & Record<
  string,
  unknown
>;

async function exported(sandbox: ReturnType<typeof newSandbox>): Promise<Exported> {
  const answer = await api(sandbox, 'GET', '/_sandbank/state');
  expect(answer.status).toBe(200);
  return answer.body as Exported;
}

/** The first account with booked transactions, and the last chunk of its ledger. */
function someLedger(state: Exported): { accountId: string; chunk: number } {
  const [accountId, ledger] = Object.entries(state.transactions).find(([, l]) => l.length > 0) ?? [];
  if (accountId === undefined || ledger === undefined) throw new Error('the seed holds no transactions');
  return { accountId, chunk: ledger.length - 1 };
}

describe('importing a state (PUT /_sandbank/state) checks every transaction and is all or nothing', () => {
  it('refuses a character the bank cannot process deep in a ledger, naming its path, and keeps the state', async () => {
    const sandbox = newSandbox();
    const before = await exported(sandbox);
    const state = structuredClone(before);
    const { accountId, chunk } = someLedger(state);
    const transaction = state.transactions[accountId]?.[chunk]?.[0] as Record<string, unknown>;
    transaction.remittanceInformationUnstructured = 'Pizza \u{1F355}';
    const answer = await api(sandbox, 'PUT', '/_sandbank/state', { body: state });
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: `transactions.${accountId}[${chunk}][0].remittanceInformationUnstructured`,
    });
    expect(await exported(sandbox)).toEqual(before);
  });

  it('refuses a transaction the state schema rejects, naming its path, and keeps the state', async () => {
    const sandbox = newSandbox();
    const before = await exported(sandbox);
    const state = structuredClone(before);
    const { accountId, chunk } = someLedger(state);
    const ledger = state.transactions[accountId] as Array<Array<Record<string, unknown>>>;
    const last = ledger[chunk] as Array<Record<string, unknown>>;
    (last[last.length - 1] as Record<string, unknown>).amount = 'twelve';
    const answer = await api(sandbox, 'PUT', '/_sandbank/state', { body: state });
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0].code).toBe('FORMAT_ERROR');
    expect(answer.body.tppMessages[0].path).toBe(
      `transactions.${accountId}.${chunk}.${last.length - 1}.amount`,
    );
    expect(await exported(sandbox)).toEqual(before);
  });

  it('applies a valid export and answers it back unchanged', async () => {
    const sandbox = newSandbox();
    const state = await exported(sandbox);
    const other = newSandbox();
    await api(other, 'POST', '/_sandbank/reset', { body: { seed: 'another' } });
    expect(await exported(other)).not.toEqual(state);
    const answer = await api(other, 'PUT', '/_sandbank/state', { body: state });
    expect(answer.status).toBe(204);
    expect(await exported(other)).toEqual(state);
  });
});

describe('a JSON body too deep is refused with the path where it goes too deep', () => {
  it('names the 33rd level', async () => {
    const sandbox = newSandbox();
    let body: unknown = { end: true };
    for (let i = 0; i < 40; i++) body = { a: body };
    const answer = await api(sandbox, 'PUT', '/_sandbank/state', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: Array.from({ length: 32 }, () => 'a').join('.'),
    });
  });
});
