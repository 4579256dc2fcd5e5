import { counterReader } from '../core/ids.js';
import type { ExportedBankState, ExportedState, Transaction } from '../core/state.js';

/** Reads one ledger chunk's ids while the import's schema walks it (control/import-schema.ts). */
export type ChunkReader = (chunk: readonly Transaction[], index: number) => void;

/** An id the bank would issue again: the highest such counter of a bank, where the file holds it. */
interface Reissued {
  counter: number;
  id: string;
  where: string;
}

/**
 * How many ids ahead of the counter an import looks. For about one pair of seeds in a hundred, every
 * id one makes is an id the other makes too, at an unrelated counter anywhere in 32 bits (their hashes
 * differ only in bits that adding a word's index to them never carries into: core/ids.ts): one a
 * bank would reach only after a million new records is no collision a sandbox meets, and a file whose
 * `meta.seed` was changed should not be refused for it.
 */
export const ISSUE_HORIZON = 2 ** 20;

/**
 * One bank's ids (the imported bank's, or a snapshot's) against its own `meta.counter`. The bank
 * makes each new id from its seed and the next counter (core/ids.ts), so an id the file holds whose
 * counter is above `meta.counter` is one the bank would issue again, for a new record taking the place
 * of (or being taken for) the one the file keeps; within `ISSUE_HORIZON` ids it is refused. Ids
 * written by hand are not ones this bank issues and are let be.
 */
class BankIds {
  private readonly issuedAbove: (id: string) => number | null;
  worst: Reissued | null = null;

  constructor(
    readonly counter: number,
    readonly seed: string,
  ) {
    this.issuedAbove = counterReader(seed, counter, counter + ISSUE_HORIZON);
  }

  /** Notes `id` when the bank would issue it again, as `${at}.${field}` (the text made only then). */
  read(id: unknown, at: string, field: string | number): void {
    if (typeof id !== 'string') return;
    const issued = this.issuedAbove(id);
    if (issued !== null) this.note(issued, id, at, field);
  }

  private note(issued: number, id: string, at: string, field: string | number): void {
    if (this.worst === null || issued > this.worst.counter) {
      this.worst = { counter: issued, id, where: field === '' ? at : `${at}.${field}` };
    }
  }

  /** A record's key, and its own id when that differs from the key. */
  readKey(slice: string, key: string, own: unknown, field: string): void {
    this.read(key, `${slice}.${key}`, '');
    if (own !== key) this.read(own, `${slice}.${key}`, field);
  }

  readList(list: readonly (string | null)[], at: string): void {
    for (let i = 0; i < list.length; i++) this.read(list[i], at, i);
  }

  /** One chunk of a ledger: no text made, nothing allocated, for an id the bank will not issue again. */
  readChunk(accountId: string, chunk: readonly Transaction[], index: number): void {
    for (let i = 0; i < chunk.length; i++) {
      const { transactionId, paymentId } = chunk[i] as Transaction;
      let issued = this.issuedAbove(transactionId);
      if (issued !== null)
        this.note(issued, transactionId, `transactions.${accountId}.${index}.${i}`, 'transactionId');
      if (paymentId === undefined) continue;
      issued = this.issuedAbove(paymentId);
      if (issued !== null)
        this.note(issued, paymentId, `transactions.${accountId}.${index}.${i}`, 'paymentId');
    }
  }

  /**
   * Every id of the bank but its ledgers' (read by the schema's walk, `ledgers`): the records' keys
   * and own ids, and the ids they refer to (a consent's accounts, a payment's transactions…), which
   * may name a record the bank deleted: a new one of that id would be taken for it.
   */
  readRecords(bank: ExportedBankState): void {
    for (const [key, customer] of Object.entries(bank.customers)) {
      this.readKey('customers', key, customer.customerId, 'customerId');
    }
    for (const [key, account] of Object.entries(bank.accounts))
      this.readKey('accounts', key, account.id, 'id');
    for (const [key, card] of Object.entries(bank.cardAccounts))
      this.readKey('cardAccounts', key, card.id, 'id');
    for (const [key, agreement] of Object.entries(bank.agreements)) {
      this.readKey('agreements', key, agreement.agreementId, 'agreementId');
      agreement.engagements.forEach((engagement, i) => {
        this.read(engagement.accountId, `agreements.${key}.engagements.${i}`, 'accountId');
      });
    }
    for (const [key, consent] of Object.entries(bank.consents)) {
      const at = `consents.${key}`;
      this.readKey('consents', key, consent.consentId, 'consentId');
      this.read(consent.agreementId, at, 'agreementId');
      this.readList(consent.accountIds, `${at}.accountIds`);
      this.readList(consent.cardAccountIds, `${at}.cardAccountIds`);
    }
    for (const [key, authorisation] of Object.entries(bank.authorisations)) {
      const at = `authorisations.${key}`;
      this.readKey('authorisations', key, authorisation.authorisationId, 'authorisationId');
      this.readList(authorisation.resourceIds, `${at}.resourceIds`);
      this.read(authorisation.agreementId, at, 'agreementId');
      this.readList(authorisation.selectedIds, `${at}.selectedIds`);
    }
    for (const [key, payment] of Object.entries(bank.payments)) {
      const at = `payments.${key}`;
      this.readKey('payments', key, payment.paymentId, 'paymentId');
      this.read(payment.debtorAccount.id, `${at}.debtorAccount`, 'id');
      payment.instructions.forEach((instruction, i) => {
        this.read(instruction.creditorAccountId, `${at}.instructions.${i}`, 'creditorAccountId');
        this.readList(instruction.transactionIds, `${at}.instructions.${i}.transactionIds`);
      });
      this.read(payment.feeTransactionId, at, 'feeTransactionId');
      this.read(payment.reservationId, at, 'reservationId');
      this.readList(payment.authorisationIds, `${at}.authorisationIds`);
      this.read(payment.basketId, at, 'basketId');
    }
    for (const [key, basket] of Object.entries(bank.signingBaskets)) {
      const at = `signingBaskets.${key}`;
      this.readKey('signingBaskets', key, basket.basketId, 'basketId');
      this.readList(basket.paymentIds, `${at}.paymentIds`);
      this.readList(basket.authorisationIds, `${at}.authorisationIds`);
    }
    for (const [key, list] of Object.entries(bank.cardTransactions)) {
      this.read(key, `cardTransactions.${key}`, '');
      list.forEach((transaction, i) => {
        this.read(transaction.cardTransactionId, `cardTransactions.${key}.${i}`, 'cardTransactionId');
        this.read(transaction.cardAccountId, `cardTransactions.${key}.${i}`, 'cardAccountId');
      });
    }
    for (const key of Object.keys(bank.transactions)) this.read(key, `transactions.${key}`, '');
  }

  readLedgers(bank: ExportedBankState): void {
    for (const [accountId, ledger] of Object.entries(bank.transactions)) {
      for (let index = 0; index < ledger.length; index++) {
        this.readChunk(accountId, ledger[index] as Transaction[], index);
      }
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A bank of the body as sent, before validation: null when its meta is not one (the schema says so). */
function bankOf(body: unknown): { bank: BankIds; transactions: unknown } | null {
  if (!isRecord(body) || !isRecord(body.meta)) return null;
  const { seed, counter } = body.meta;
  if (
    typeof seed !== 'string' ||
    typeof counter !== 'number' ||
    !Number.isSafeInteger(counter) ||
    counter < 0
  ) {
    return null;
  }
  return { bank: new BankIds(counter, seed), transactions: body.transactions };
}

/**
 * An import's ids against its `meta.counter` (docs/decisions/time-travel.md): a file whose counter is
 * below an id it holds would have the bank issue that id again (within `ISSUE_HORIZON` new ids), so
 * it is refused whole, naming the id with the highest counter (the counter to set) and where it is.
 * Each snapshot is checked against its own counter. The ledgers, a million transactions in a large file, are read chunk by chunk as the
 * import's schema validates them (`ledgers`, while each chunk is in the cache), not in a second pass.
 */
export class IssuedIds {
  private readonly banks = new Map<string, BankIds>();
  /** Each ledger array of the body, to the reader of its bank and account (its chunks as validated). */
  readonly ledgers = new Map<unknown, ChunkReader>();

  /** `body`: the state as sent (the slices kept in chunks listed flat), before any validation. */
  constructor(body: unknown) {
    this.add(body, '');
    if (isRecord(body) && isRecord(body.snapshots)) {
      for (const [name, snapshot] of Object.entries(body.snapshots)) {
        if (isRecord(snapshot)) this.add(snapshot.state, `snapshots.${name}.state.`);
      }
    }
  }

  private add(body: unknown, prefix: string): void {
    const found = bankOf(body);
    if (found === null) return;
    this.banks.set(prefix, found.bank);
    if (!isRecord(found.transactions)) return;
    for (const [accountId, ledger] of Object.entries(found.transactions)) {
      if (!Array.isArray(ledger)) continue;
      const read: ChunkReader = (chunk, i) => found.bank.readChunk(accountId, chunk, i);
      // An array in two banks (a snapshot sharing a ledger, in a body not parsed from JSON): read for both.
      const other = this.ledgers.get(ledger);
      this.ledgers.set(
        ledger,
        other === undefined
          ? read
          : (chunk, i) => {
              other(chunk, i);
              read(chunk, i);
            },
      );
    }
  }

  /**
   * Why `state` (the body as validated) is refused when one of its banks would issue an id it holds
   * again, else null. `ledgersRead`: the schema's walk read every chunk (the fast path); otherwise
   * they are read here.
   */
  problem(state: ExportedState, ledgersRead: boolean): { path: string; message: string } | null {
    const own = this.bankProblem(state, '', ledgersRead);
    if (own !== null) return own;
    for (const [name, snapshot] of Object.entries(state.snapshots)) {
      const found = this.bankProblem(snapshot.state, `snapshots.${name}.state.`, ledgersRead);
      if (found !== null) return found;
    }
    return null;
  }

  private bankProblem(
    state: ExportedBankState,
    prefix: string,
    ledgersRead: boolean,
  ): { path: string; message: string } | null {
    let bank = this.banks.get(prefix);
    if (bank === undefined || bank.counter !== state.meta.counter || bank.seed !== state.meta.seed) {
      bank = new BankIds(state.meta.counter, state.meta.seed);
      ledgersRead = false;
    }
    if (!ledgersRead) bank.readLedgers(state);
    bank.readRecords(state);
    const worst = bank.worst;
    if (worst === null) return null;
    return {
      path: `${prefix}meta.counter`,
      message:
        `${bank.counter} is below ${worst.counter}, the counter that made the id ${worst.id} at ` +
        `${prefix}${worst.where}; the bank would issue that id again. Set meta.counter to at least ${worst.counter}`,
    };
  }
}
