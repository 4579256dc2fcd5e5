import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import { paymentById, paymentList } from '../core/records.js';
import type { Payment, State } from '../core/state.js';
import { isHeld } from '../faults/outcomes.js';
import { release } from './booking.js';
import {
  addDays,
  lastRunAtOrBefore,
  nextRunAfter,
  type Slot,
  shiftToBankingDay,
  slotsBetween,
} from './calendar.js';
import { executeInstruction } from './execute.js';
import { scheduledDates } from './periodic.js';
import { FINAL_STATUSES, transition } from './transitions.js';

const INSUFFICIENT_FUNDS = 'Betalingen ble avvist: ikke dekning på kontoen ved dagens siste bunt.';

/**
 * One batch run for a single or bulk payment (docs/decisions/payment-lifecycle.md): releases a due
 * PDNG payment, completes transfers sent to other banks in the previous run, executes the open ones,
 * and after the day's last run rejects what still lacks funds.
 */
function batchPayment(draft: Draft<State>, payment: Draft<Payment>, slot: Slot): void {
  if (payment.executionDate > slot.date) return;
  // Kept pending by a fault rule until the rules are cleared (docs/faults.md).
  if (payment.transactionStatus === 'PDNG' && isHeld(draft, payment.paymentId)) return;
  if (payment.transactionStatus === 'PDNG') transition(payment, 'ACCP', slot.at, 'execution date reached');
  const status = payment.transactionStatus;
  if (status !== 'ACCP' && status !== 'ACWC' && status !== 'ACSP') return;
  for (const instruction of payment.instructions)
    if (instruction.state === 'sent') instruction.state = 'booked';
  // The reservation made at acceptance gives way to the booking (or to nothing, when funds now lack).
  if (payment.reservationId !== null) {
    release(draft, payment.debtorAccount, payment.reservationId);
    payment.reservationId = null;
  }
  let lacking = false;
  let executedNow = false;
  let checked = false;
  for (const instruction of payment.instructions) {
    if (instruction.state !== 'open') continue;
    checked = true;
    const result = executeInstruction(draft, payment, instruction, slot.at, false);
    if (result === 'lacking') lacking = true;
    else executedNow = true;
  }
  if (checked) payment.fundsAvailable = !lacking;
  if (executedNow && payment.transactionStatus !== 'ACSP') transition(payment, 'ACSP', slot.at, 'batch run');
  if (lacking && slot.lastOfDay) {
    for (const instruction of payment.instructions)
      if (instruction.state === 'open') instruction.state = 'rejected';
    payment.psuMessage = INSUFFICIENT_FUNDS;
  }
  const states = payment.instructions.map((i) => i.state);
  if (states.some((s) => s === 'open' || s === 'sent')) return;
  if (states.every((s) => s === 'rejected')) {
    transition(payment, 'RJCT', slot.at, 'insufficient funds after the last batch of the day');
  } else if (states.some((s) => s === 'rejected')) {
    transition(payment, 'PART', slot.at, 'some transfers lacked funds after the last batch of the day');
  } else {
    transition(payment, 'ACSC', slot.at, 'booked');
  }
}

/** A standing order's run: executes every scheduled date whose banking day has come, once each. */
export function runStandingOrder(draft: Draft<State>, payment: Draft<Payment>, slot: Slot): void {
  const schedule = payment.periodic;
  if (schedule === null || payment.transactionStatus !== 'ACWP') return;
  const done = new Set(schedule.executions.map((e) => e.scheduledDate));
  const instruction = payment.instructions[0];
  if (instruction === undefined) return;
  // A date on a weekend under the `preceding` rule runs up to two days early: look a week ahead.
  const last = schedule.executions.at(-1)?.scheduledDate;
  for (const scheduled of scheduledDates(schedule, addDays(slot.date, 7), last)) {
    if (done.has(scheduled)) continue;
    const executionDate = shiftToBankingDay(scheduled, schedule.executionRule);
    if (executionDate > slot.date) continue;
    instruction.state = 'open';
    const result = executeInstruction(draft, payment, instruction, slot.at, true);
    payment.fundsAvailable = result !== 'lacking';
    if (result === 'lacking') instruction.state = 'rejected';
    schedule.executions.push({
      scheduledDate: scheduled,
      executionDate: slot.date,
      status: result === 'lacking' ? 'rejected' : 'booked',
    });
  }
  if (schedule.endDate !== undefined && slot.date >= schedule.endDate) {
    const executed = new Set(schedule.executions.map((e) => e.scheduledDate));
    if (scheduledDates(schedule, schedule.endDate).every((d) => executed.has(d))) {
      transition(payment, 'ACSC', slot.at, 'the standing order reached its end date');
    }
  }
}

function hasWork(draft: Draft<State>): boolean {
  return paymentList(draft).some((p) => !FINAL_STATUSES.includes(p.transactionStatus));
}

export function runSlot(draft: Draft<State>, slot: Slot): void {
  // In insertion order (the order the payments were made); each read as a draft, to change it.
  for (const { paymentId } of paymentList(draft)) {
    const payment = paymentById(draft, paymentId) as Draft<Payment>;
    if (payment.service === 'periodic-payments') {
      if (slot.kind === 'periodic') runStandingOrder(draft, payment, slot);
    } else if (
      slot.kind === 'batch' &&
      payment.product !== 'instant-norwegian-domestic-credit-transfers-straks'
    ) {
      batchPayment(draft, payment, slot);
    }
  }
}

/**
 * The bank's processing between two bank times (from < run time <= to): the standing-order run and
 * the five daily batches of each banking day (part 1: batch processing 5 times a day, periodic
 * payments excepted). Returns the bank time of the last run, or null when none fell due.
 */
export function runDueBatches(
  draft: Draft<State>,
  fromMs: number,
  toMs: number,
  _ctx?: RequestContext,
): number | null {
  // Called when a run fell due. Without work the runs are not listed one by one: a clock moved years
  // ahead would build a slot for every run in between only to find nothing to do.
  if (!hasWork(draft)) {
    const last = lastRunAtOrBefore(toMs);
    return last > fromMs ? last : null;
  }
  const slots = slotsBetween(fromMs, toMs);
  for (const slot of slots) runSlot(draft, slot);
  return slots[slots.length - 1]?.at ?? null;
}

/**
 * The next run after the last one, remembered for the `lastBatchAt` it was computed from: every
 * request asks whether processing is due (and a read runs `catchUpProcessing` on the frozen state),
 * and between two runs the answer is one comparison instead of the slots between the two times.
 */
let nextRun = { after: Number.NaN, at: Number.NaN };

/** Whether a run lies in (lastBatchAt, now], as slotsBetween(lastBatchAt, now) would find. */
function runFellDue(lastBatchAt: number, now: number): boolean {
  if (nextRun.after !== lastBatchAt) nextRun = { after: lastBatchAt, at: nextRunAfter(lastBatchAt) };
  return nextRun.at <= now;
}

/** Whether catchUpProcessing would write: a run fell due, or processing has not started or the clock went back. */
export function processingDue(state: State, now: number): boolean {
  const { lastBatchAt } = state.paymentProcessing;
  return lastBatchAt === null || now < lastBatchAt || runFellDue(lastBatchAt, now);
}

/**
 * Runs what fell due since the last run and remembers how far processing has come. Writes state only
 * when a run fell due (or the clock went back), so reading requests stay free of changes.
 */
export function catchUpProcessing(draft: Draft<State>, now: number, ctx?: RequestContext): void {
  const processing = draft.paymentProcessing;
  if (processing.lastBatchAt === null || now < processing.lastBatchAt) {
    processing.lastBatchAt = now;
    return;
  }
  if (!runFellDue(processing.lastBatchAt, now)) return;
  const ran = runDueBatches(draft, processing.lastBatchAt, now, ctx);
  if (ran !== null) processing.lastBatchAt = ran;
}
