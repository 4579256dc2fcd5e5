import { accountList } from '@sandbank/engine';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/core/dates.js';
import { toMinor } from '../../src/core/money.js';
import { createSeedState } from '../../src/sandbox-api/seed.js';

const START = Date.parse('2026-01-01T10:00:00Z');

describe('the seeded history', () => {
  // Issue 22: seeded on some days, a salary account with no credit line paid rent and shopping
  // before its first salary and dipped to about −3 000 NOK; a bills account ended overdrawn.
  it('never takes an account below its credit line, on any day of the year it is seeded', () => {
    for (const seed of ['sandbank', 'fixture']) {
      for (let day = 0; day < 366; day += 3) {
        const state = createSeedState(seed, START + day * DAY_MS);
        for (const account of accountList(state)) {
          const floor = -toMinor(account.creditLine, account.currency);
          const chunks = state.transactions[account.id] ?? [];
          const booked = chunks.flat().filter((t) => t.status === 'booked');
          // Walk back from today's booked balance (the ledger is in booking order).
          let balance = toMinor(account.booked, account.currency);
          let lowest = balance;
          for (const tx of [...booked].reverse()) {
            balance -= toMinor(tx.amount, account.currency);
            if (balance < lowest) lowest = balance;
          }
          const where = `${seed} ${new Date(START + day * DAY_MS).toISOString().slice(0, 10)} ${account.accountName}`;
          expect(lowest >= floor, `${where}: lowest ${lowest} below ${floor}`).toBe(true);
          expect(toMinor(account.expected, account.currency) >= floor, `${where}: expected`).toBe(true);
        }
      }
    }
  });
});
