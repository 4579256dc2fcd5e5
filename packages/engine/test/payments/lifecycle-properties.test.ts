import { accountById, accountList, paymentById } from '@sandbank/engine';
import {
  account,
  advance,
  api,
  approve,
  BAKERI,
  createPayment,
  INSTANT,
  KARI,
  NDCT,
  ndctBody,
  newSandbox,
  OLA,
  RORLEGGER,
  state,
} from '@sandbank/test-support/payments';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addAmounts, compareAmounts, negateAmount } from '../../src/core/money.js';
import type { State } from '../../src/core/state.js';
import { TRANSITIONS } from '../../src/payments/transitions.js';
import { makeBban } from '../../src/sandbox-api/norwegian.js';
import { corporateHeaders } from './corporate.js';

const NOK_ACCOUNTS: [string, string][] = [
  [KARI, 'Brukskonto'],
  [KARI, 'Sparekonto'],
  [OLA, 'Brukskonto'],
  [BAKERI, 'Driftskonto'],
  [BAKERI, 'Skattetrekkskonto'],
  [RORLEGGER, 'Driftskonto'],
];
const EXTERNAL = makeBban('1503', 4242);
const FEES: Record<string, string> = { [NDCT]: '0.00', [INSTANT]: '2.00' };

const Create = fc.record({
  kind: fc.constant('create' as const),
  from: fc.nat({ max: NOK_ACCOUNTS.length - 1 }),
  to: fc.nat({ max: NOK_ACCOUNTS.length }),
  kroner: fc.integer({ min: 1, max: 200_000 }),
  ore: fc.integer({ min: 0, max: 99 }),
  instant: fc.boolean(),
  daysAhead: fc.nat({ max: 3 }),
  approve: fc.boolean(),
});
const Advance = fc.record({
  kind: fc.constant('advance' as const),
  minutes: fc.integer({ min: 1, max: 3000 }),
});
const Delete = fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() });
const Batch = fc.record({ kind: fc.constant('batch' as const) });
const CreateBulk = fc.record({
  kind: fc.constant('bulk' as const),
  from: fc.nat({ max: NOK_ACCOUNTS.length - 1 }),
  items: fc.array(
    fc.record({ to: fc.nat({ max: NOK_ACCOUNTS.length }), kroner: fc.integer({ min: 1, max: 150_000 }) }),
    {
      minLength: 1,
      maxLength: 3,
    },
  ),
  approve: fc.boolean(),
});
const CreatePeriodic = fc.record({
  kind: fc.constant('periodic' as const),
  from: fc.nat({ max: NOK_ACCOUNTS.length - 1 }),
  to: fc.nat({ max: NOK_ACCOUNTS.length }),
  kroner: fc.integer({ min: 1, max: 60_000 }),
  frequency: fc.constantFrom('Daily', 'Weekly'),
  days: fc.integer({ min: 0, max: 10 }),
  approve: fc.boolean(),
});
const Command = fc.oneof(
  { arbitrary: Create, weight: 4 },
  CreateBulk,
  CreatePeriodic,
  Advance,
  Delete,
  Batch,
);

function nokTotal(s: State): string {
  return addAmounts(
    'NOK',
    ...accountList(s)
      .filter((a) => a.currency === 'NOK')
      .map((a) => a.booked),
  );
}

describe('payment lifecycle properties', () => {
  it('conserves money and never leaves the documented diagram', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(Command, { minLength: 1, maxLength: 12 }), async (commands) => {
        const sb = newSandbox();
        const before = await state(sb);
        const made: { id: string; product: string; service?: string; amount: string; external: boolean }[] =
          [];
        for (const command of commands) {
          if (command.kind === 'create') {
            const [owner, name] = NOK_ACCOUNTS[command.from] as [string, string];
            const target = NOK_ACCOUNTS[command.to];
            const creditorBban = target ? account(before, target[0], target[1]).bban : EXTERNAL;
            const debtor = account(before, owner, name);
            if (creditorBban === debtor.bban) continue;
            const amount = `${command.kroner}.${String(command.ore).padStart(2, '0')}`;
            const product = command.instant ? INSTANT : NDCT;
            const date = new Date(sb.now() + (command.instant ? 0 : command.daysAhead) * 86_400_000)
              .toISOString()
              .slice(0, 10);
            const corporate = owner === BAKERI || owner === RORLEGGER;
            const reply = await createPayment(
              sb,
              ndctBody(before, {
                instructedAmount: { amount, currency: 'NOK' },
                debtorAccount: { bban: debtor.bban, currency: 'NOK' },
                creditorAccount: { bban: creditorBban, currency: 'NOK' },
                requestedExecutionDate: date,
              }),
              {
                product,
                query: '?allowLogicalDuplicate=true',
                headers: corporate ? corporateHeaders(before, owner) : { 'psu-context': 'PRIVATE' },
              },
            );
            expect(reply.status).toBe(201);
            made.push({ id: reply.body.paymentId, product, amount, external: target === undefined });
            if (command.approve) {
              const approved = await approve(sb, reply.body.paymentId, owner, {
                context: corporate ? 'CORPORATE' : 'PRIVATE',
              });
              expect(approved.status).toBe(200);
            }
          } else if (command.kind === 'bulk' || command.kind === 'periodic') {
            const [owner, name] = NOK_ACCOUNTS[command.from] as [string, string];
            const debtor = account(before, owner, name);
            const corporate = owner === BAKERI || owner === RORLEGGER;
            const items =
              command.kind === 'bulk' ? command.items : [{ to: command.to, kroner: command.kroner }];
            const transfers = items.map((item) => {
              const target = NOK_ACCOUNTS[item.to];
              const bban = target ? account(before, target[0], target[1]).bban : EXTERNAL;
              return {
                ...ndctBody(before, {
                  instructedAmount: { amount: `${item.kroner}.00`, currency: 'NOK' },
                  creditorAccount: { bban: bban === debtor.bban ? EXTERNAL : bban, currency: 'NOK' },
                }),
                debtorAccount: undefined,
              };
            });
            const startDate = new Date(sb.now()).toISOString().slice(0, 10);
            const body =
              command.kind === 'bulk'
                ? { debtorAccount: { bban: debtor.bban, currency: 'NOK' }, payments: transfers }
                : {
                    ...transfers[0],
                    debtorAccount: { bban: debtor.bban, currency: 'NOK' },
                    startDate,
                    endDate: new Date(sb.now() + command.days * 86_400_000).toISOString().slice(0, 10),
                    frequency: command.frequency,
                  };
            const service = command.kind === 'bulk' ? 'bulk-payments' : 'periodic-payments';
            const reply = await createPayment(sb, body, {
              service,
              query: '?allowLogicalDuplicate=true',
              headers: corporate ? corporateHeaders(before, owner) : { 'psu-context': 'PRIVATE' },
            });
            expect(reply.status).toBe(201);
            made.push({ id: reply.body.paymentId, product: NDCT, service, amount: '0', external: false });
            if (command.approve) {
              const approved = await approve(sb, reply.body.paymentId, owner, {
                context: corporate ? 'CORPORATE' : 'PRIVATE',
              });
              expect(approved.status).toBe(200);
            }
          } else if (command.kind === 'advance') {
            await advance(sb, command.minutes);
          } else if (command.kind === 'batch') {
            expect((await api(sb, 'POST', '/_sandbank/batch')).status).toBe(200);
          } else if (made.length > 0) {
            const target = made[command.pick % made.length];
            const reply = await api(
              sb,
              'DELETE',
              `/v1/${target?.service ?? 'payments'}/${target?.product}/${encodeURIComponent(target?.id ?? '')}`,
            );
            expect([204, 409]).toContain(reply.status);
          }
        }
        const after = await state(sb);
        let outflow = '0.00';
        for (const payment of made) {
          const stored = paymentById(after, payment.id);
          if (!stored) throw new Error('payment lost');
          // Every status change is an edge of the diagram, starting from RCVD.
          const path = stored.statusHistory.map((h) => h.status);
          expect(path[0]).toBe('RCVD');
          for (let i = 1; i < path.length; i++) {
            expect(TRANSITIONS[path[i - 1] as keyof typeof TRANSITIONS]).toContain(path[i]);
          }
          expect(path.at(-1)).toBe(stored.transactionStatus);
          if (payment.service !== undefined) {
            // Bulk transfers and standing-order executions: what left for the other bank.
            const perRun = stored.instructions.filter((i) => i.creditorAccountId === null);
            if (stored.periodic) {
              const runs = stored.periodic.executions.filter((e) => e.status === 'booked').length;
              for (let n = 0; n < runs; n++)
                outflow = addAmounts('NOK', outflow, ...perRun.map((i) => i.instructedAmount.amount));
            } else {
              const sent = perRun.filter((i) => i.state === 'booked' || i.state === 'sent');
              outflow = addAmounts('NOK', outflow, ...sent.map((i) => i.instructedAmount.amount));
            }
            continue;
          }
          const debited = ['ACSP', 'ACSC'].includes(stored.transactionStatus);
          if (debited) {
            outflow = addAmounts(
              'NOK',
              outflow,
              FEES[payment.product] ?? '0',
              payment.external ? payment.amount : '0',
            );
          }
        }
        // Money moves between sandbox accounts; only payments out of the bank and fees leave.
        expect(nokTotal(after)).toBe(addAmounts('NOK', nokTotal(before), negateAmount(outflow, 'NOK')));
        // The expected balance is always the booked one plus the pending transactions.
        for (const a of accountList(after)) {
          const pending = (after.transactions[a.id] ?? [])
            .flat()
            .filter((t) => t.status === 'pending')
            .map((t) => t.amount);
          expect(a.expected).toBe(addAmounts(a.currency, a.booked, ...pending));
        }
        // No debit went beyond booked balance plus credit line.
        for (const a of accountList(after)) {
          expect(
            compareAmounts(addAmounts(a.currency, a.booked, a.creditLine), '0', a.currency),
          ).toBeGreaterThanOrEqual(
            Math.min(
              0,
              compareAmounts(
                addAmounts(a.currency, accountById(before, a.id)?.booked ?? '0', a.creditLine),
                '0',
                a.currency,
              ),
            ),
          );
        }
      }),
      { numRuns: 30 },
    );
  });
});
