import { anotherBrowser, getPage, startConsent } from '@sandbank/test-support/ais';
import { api, newSandbox } from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

type Row = Record<string, unknown>;
type Exported = {
  transactions: Record<string, Row[][]>;
  snapshots: Record<string, { state: Exported }>;
} & Row;

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

/** An account with booked transactions, and the first transaction of its ledger. */
function firstTransaction(state: Exported): { accountId: string; transaction: Row } {
  const [accountId, ledger] = Object.entries(state.transactions).find(([, l]) => l.length > 0) ?? [];
  const transaction = ledger?.[0]?.[0];
  if (accountId === undefined || transaction === undefined) throw new Error('the seed holds no transactions');
  return { accountId, transaction };
}

describe('importing ledgers (PUT /_sandbank/state)', () => {
  it('drops fields the state does not define from a transaction and its accounts, keeping the rest', async () => {
    const sandbox = newSandbox();
    const before = await exported(sandbox);
    const state = structuredClone(before);
    const { transaction } = firstTransaction(state);
    transaction.note = 'not a field of a transaction';
    transaction.creditorAccount = { bban: '12345678903', colour: 'blue' };
    const answer = await api(sandbox, 'PUT', '/_sandbank/state', { body: state });
    expect(answer.status).toBe(204);
    const after = await exported(sandbox);
    const { transaction: imported } = firstTransaction(after);
    expect(imported).not.toHaveProperty('note');
    expect(imported.creditorAccount).toEqual({ bban: '12345678903' });
    delete transaction.note;
    transaction.creditorAccount = { bban: '12345678903' };
    expect(after).toEqual(state);
  });

  it("checks a snapshot's ledgers like the bank's, naming the path of a bad amount", async () => {
    const sandbox = newSandbox();
    expect((await api(sandbox, 'POST', '/_sandbank/snapshots', { body: { name: 'first' } })).status).toBe(
      201,
    );
    const before = await exported(sandbox);
    const state = structuredClone(before);
    const saved = state.snapshots.first?.state as Exported;
    const { accountId, transaction } = firstTransaction(saved);
    transaction.amount = '1,5';
    const answer = await api(sandbox, 'PUT', '/_sandbank/state', { body: state });
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: `snapshots.first.state.transactions.${accountId}.0.0.amount`,
    });
    expect(await exported(sandbox)).toEqual(before);
  });

  it('refuses a ledger that is not a list of chunks, naming where', async () => {
    const sandbox = newSandbox();
    const before = await exported(sandbox);
    const state = structuredClone(before);
    const { accountId } = firstTransaction(state);
    (state.transactions as Record<string, unknown>)[accountId] = { 0: [] };
    const answer = await api(sandbox, 'PUT', '/_sandbank/state', { body: state });
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: `transactions.${accountId}`,
    });
    expect(await exported(sandbox)).toEqual(before);
  });

  it('refuses a value nested too deep inside a transaction, naming the level', async () => {
    const sandbox = newSandbox();
    const before = await exported(sandbox);
    const state = structuredClone(before);
    const { accountId, transaction } = firstTransaction(state);
    let deep: unknown = { end: true };
    for (let i = 0; i < 40; i++) deep = { a: deep };
    transaction.creditorAccount = deep;
    const answer = await api(sandbox, 'PUT', '/_sandbank/state', { body: state });
    expect(answer.status).toBe(400);
    // transactions.<id>[0][0].creditorAccount is level 5: the 33rd is 27 levels of `a` further.
    const levels = Array.from({ length: 27 }, () => '.a').join('');
    expect(answer.body.tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: `transactions.${accountId}[0][0].creditorAccount${levels}`,
    });
    expect(await exported(sandbox)).toEqual(before);
  });

  it("keeps a transaction's fields in the file's order, so an export after an import gives the file back", async () => {
    const sandbox = newSandbox();
    const state = await exported(sandbox);
    const { accountId } = firstTransaction(state);
    const ledger = state.transactions[accountId] as Row[][];
    const chunk = ledger[0] as Row[];
    // The same fields, the amount and currency first.
    chunk[0] = (({ amount, currency, ...rest }) => ({ amount, currency, ...rest }))(chunk[0] as Row);
    expect((await api(sandbox, 'PUT', '/_sandbank/state', { body: state })).status).toBe(204);
    const again = await exported(sandbox);
    expect(Object.keys(again.transactions[accountId]?.[0]?.[0] ?? {})).toEqual(Object.keys(chunk[0] as Row));
    expect(again).toEqual(state);
  });

  it('keeps the imported ledger frozen, so no later request can change it in place', async () => {
    const sandbox = newSandbox();
    const state = await exported(sandbox);
    expect((await api(sandbox, 'PUT', '/_sandbank/state', { body: state })).status).toBe(204);
    const { accountId } = firstTransaction(state);
    const ledger = sandbox.getState().transactions[accountId] ?? [];
    expect(Object.isFrozen(ledger)).toBe(true);
    expect(Object.isFrozen(ledger[0])).toBe(true);
    expect(Object.isFrozen(ledger[0]?.[0])).toBe(true);
  });
});

describe('importing an older state', () => {
  it('never hands a new browser the page cookie a browser already holds (the token counter only rises)', async () => {
    const sandbox = newSandbox();
    const older = await exported(sandbox);
    const href = await startConsent(sandbox);
    const first = anotherBrowser();
    await getPage(sandbox, href, first);
    const put = await api(sandbox, 'PUT', '/_sandbank/state', { body: older });
    expect(put.status).toBe(204);
    const consentPage = await startConsent(sandbox);
    const second = anotherBrowser();
    await getPage(sandbox, consentPage, second);
    const cookies = async (browser: ReturnType<typeof anotherBrowser>) =>
      (await browser.jar.getCookies(consentPage)).map((c) => c.value);
    expect(await cookies(second)).toHaveLength(1);
    expect(await cookies(second)).not.toEqual(await cookies(first));
  });
});
