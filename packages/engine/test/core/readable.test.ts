// Reading an entry of a draft record as plain data (core/readable.ts): what an operation reads is the
// entry as the change left it so far, never a draft, and never an inherited key.
import { isDraft, produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { readableEntry } from '../../src/core/readable.js';

type Bank = { accounts: Record<string, { id: string; booked: string }> };

const bank: Bank = Object.freeze({
  accounts: Object.freeze({
    a: Object.freeze({ id: 'a', booked: '1.00' }),
    b: Object.freeze({ id: 'b', booked: '2.00' }),
  }),
});

describe('readableEntry', () => {
  it('reads an untouched entry as the frozen entry itself, and an entry this change wrote as written', () => {
    produce(bank, (draft) => {
      expect(readableEntry(draft.accounts, 'a')).toBe(bank.accounts.a);
      (draft.accounts.b as { booked: string }).booked = '3.00';
      const b = readableEntry(draft.accounts, 'b');
      expect(isDraft(b)).toBe(false);
      expect(b).toEqual({ id: 'b', booked: '3.00' });
      draft.accounts.c = { id: 'c', booked: '0.00' };
      expect(readableEntry(draft.accounts, 'c')).toEqual({ id: 'c', booked: '0.00' });
      delete draft.accounts.a;
      expect(readableEntry(draft.accounts, 'a')).toBeUndefined();
    });
  });

  it('finds own keys only', () => {
    produce(bank, (draft) => {
      expect(readableEntry(draft.accounts, 'constructor')).toBeUndefined();
      expect(readableEntry(draft.accounts, 'toString')).toBeUndefined();
    });
    expect(readableEntry(bank.accounts, 'hasOwnProperty')).toBeUndefined();
  });

  it('leaves a change that deletes what it read as it leaves one that does not read', () => {
    const read = produce(bank, (draft) => {
      expect(readableEntry(draft.accounts, 'a')?.id).toBe('a');
      delete draft.accounts.a;
    });
    const unread = produce(bank, (draft) => {
      delete draft.accounts.a;
    });
    expect(read).toEqual(unread);
    expect(read.accounts.b).toBe(bank.accounts.b);
    expect(bank.accounts.a).toEqual({ id: 'a', booked: '1.00' });
  });
});
