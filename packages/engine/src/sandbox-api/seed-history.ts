import { DAY_MS, isoDate } from '../core/dates.js';
import { ledgerEntry } from '../core/ledger.js';
import { negateAmount, toMinor } from '../core/money.js';
import type { Account, State, Transaction } from '../core/state.js';
import { pick, randomAmount } from './random.js';

// The seeded accounts' movements: a few months of realistic history per account, kept within what
// the bank would have let through (seed.ts builds the state from them).

/** One seeded account: what it is and how its history moves. */
export interface SeedAccount {
  name: string;
  product: string;
  cashAccountType: string;
  currency: string;
  opening: string;
  creditLine: string;
  profile: 'salary' | 'savings' | 'business' | 'tax' | 'currency' | 'bills';
  requiresKid?: boolean;
}

export const SHOPS = [
  'REMA 1000 Grünerløkka',
  'KIWI Majorstuen',
  'Coop Extra Tromsø',
  'Meny Bryggen',
  'Vinmonopolet',
  'Narvesen Oslo S',
  'Ruter billett',
  'Vy reise',
  'Apotek 1 Sentrum',
  'Circle K Lillestrøm',
];
const SUPPLIERS = [
  'Norsk Mel AS',
  'Tine SA',
  'Fjordkraft AS',
  'Telenor Bedrift',
  'Rørhandel Nord AS',
  'Ahlsell Norge AS',
  'Kontorrekvisita AS',
];

const HISTORY_DAYS = 120;

export interface Draft {
  date: number;
  amount: string;
  text: string;
  counterpart?: string;
  code: string;
}

/** A few months of realistic movements for one account, oldest first. */
export function history(seed: SeedAccount, random: () => number, now: number): Draft[] {
  const out: Draft[] = [];
  const start = now - HISTORY_DAYS * DAY_MS;
  for (let day = start; day < now - DAY_MS; day += DAY_MS) {
    const dom = new Date(day).getUTCDate();
    const r = random();
    switch (seed.profile) {
      case 'salary':
        if (dom === 25)
          out.push({
            date: day,
            amount: randomAmount(random, 38000, 46000),
            text: 'Lønn',
            counterpart: 'Arbeidsgiver AS',
            code: 'R_710',
          });
        if (dom === 1)
          out.push({
            date: day,
            amount: negateAmount(randomAmount(random, 9000, 14000), 'NOK'),
            text: 'Husleie',
            counterpart: 'Utleie Eiendom AS',
            code: 'R_600',
          });
        if (r < 0.45)
          out.push({
            date: day,
            amount: negateAmount(randomAmount(random, 45, 900), 'NOK'),
            text: pick(random, SHOPS),
            code: 'R_300',
          });
        break;
      case 'savings':
        if (dom === 26)
          out.push({
            date: day,
            amount: randomAmount(random, 2000, 5000),
            text: 'Overføring sparing',
            code: 'R_710',
          });
        break;
      case 'currency':
        if (r < 0.08)
          out.push({
            date: day,
            amount: negateAmount(randomAmount(random, 12, 180), 'EUR'),
            text: pick(random, ['Lufthansa', 'Hotel Adlon Berlin', 'Carrefour Paris', 'Amazon EU']),
            code: 'R_300',
          });
        break;
      case 'business':
        if (r < 0.35)
          out.push({
            date: day,
            amount: randomAmount(random, 2500, 30000),
            text: `Faktura ${10000 + Math.floor(random() * 9000)}`,
            counterpart: 'Kunde AS',
            code: 'R_710',
          });
        if (r > 0.8)
          out.push({
            date: day,
            amount: negateAmount(randomAmount(random, 800, 15000), 'NOK'),
            text: `Leverandør ${pick(random, SUPPLIERS)}`,
            counterpart: pick(random, SUPPLIERS),
            code: 'R_600',
          });
        break;
      case 'tax':
        if (dom === 15)
          out.push({
            date: day,
            amount: randomAmount(random, 12000, 20000),
            text: 'Skattetrekk',
            code: 'R_710',
          });
        break;
      case 'bills':
        if (r < 0.1)
          out.push({
            date: day,
            amount: negateAmount(randomAmount(random, 500, 6000), 'NOK'),
            text: pick(random, SUPPLIERS),
            counterpart: pick(random, SUPPLIERS),
            code: 'R_600',
          });
        break;
    }
  }
  return out;
}

/**
 * The movements a bank would have let through: a debit that would take the booked balance below the
 * credit line is left out (issue 22: with history starting just after payday, a salary account
 * with no credit line paid rent and shopping before any salary came, and dipped to about −3 000 NOK).
 * Returns the kept drafts and the room left, so the pending ones obey the same rule.
 */
export function affordable(drafts: readonly Draft[], seed: SeedAccount): { kept: Draft[]; room: bigint } {
  let room = toMinor(seed.opening, seed.currency) + toMinor(seed.creditLine, seed.currency);
  const kept: Draft[] = [];
  for (const draft of drafts) {
    const amount = toMinor(draft.amount, seed.currency);
    if (room + amount < 0n) continue;
    room += amount;
    kept.push(draft);
  }
  return { kept, room };
}

export function toTransaction(
  state: State,
  account: Account,
  draft: Draft,
  status: 'booked' | 'pending',
): Transaction {
  const tx = ledgerEntry(state, account, {
    status,
    bookingDate: isoDate(draft.date),
    ...(status === 'booked' ? { valueDate: isoDate(draft.date) } : {}),
    amount: draft.amount,
    remittanceInformationUnstructured: draft.text,
    proprietaryBankTransactionCode: draft.code,
  });
  const own = { bban: account.bban, iban: account.iban, currency: account.currency };
  const incoming = !draft.amount.startsWith('-');
  const other = draft.counterpart ?? draft.text;
  if (incoming) {
    tx.debtorName = other;
    tx.creditorAccount = own;
  } else {
    tx.creditorName = other;
    tx.debtorAccount = own;
  }
  return tx;
}
