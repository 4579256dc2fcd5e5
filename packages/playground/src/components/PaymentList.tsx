import { FINAL_PAYMENT_STATUSES, PAYMENT_TRANSITIONS, type Payment, type State } from '@sandbank/engine';
import { debtorLabel, paymentsNewestFirst } from '../derive/activity.js';
import { formatAmount } from '../derive/money.js';
import { formatTime } from '../derive/time.js';
import { StatusBadge } from './StatusBadge.js';
import { StatusTimeline } from './StatusTimeline.js';

/** One payment: what it pays to whom (each credit transfer of a bulk payment), from where, and its status history. */
export function PaymentCard({ payment, debtor }: { payment: Payment; debtor: string }) {
  return (
    <article className="card" aria-label={`Payment ${payment.paymentId}`}>
      <header className="card-head">
        <StatusBadge status={payment.transactionStatus} />
        {payment.instructions.length === 1 ? (
          <>
            <strong className="mono">
              {formatAmount(
                payment.instructions[0]!.instructedAmount.amount,
                payment.instructions[0]!.instructedAmount.currency,
              )}
            </strong>
            <span>to {payment.instructions[0]!.creditorName || '—'}</span>
          </>
        ) : (
          <strong>{payment.instructions.length} credit transfers</strong>
        )}
      </header>
      <p className="muted small">
        <span className="mono">{payment.paymentId}</span> · {payment.product} · created{' '}
        {formatTime(payment.createdAt)} · execution {payment.executionDate}
        {payment.periodic ? ` · ${payment.periodic.frequency} from ${payment.periodic.startDate}` : ''}
        {payment.fundsAvailable === false ? ' · funds lacking' : ''}
      </p>
      <ul className="small transfers" aria-label={`Credit transfers of payment ${payment.paymentId}`}>
        {payment.instructions.map((instruction, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: instructions have no id and never reorder
          <li key={i}>
            from <span className="mono">{debtor}</span> to{' '}
            <span className="mono">
              {instruction.creditorAccount.bban ?? instruction.creditorAccount.iban ?? '—'}
            </span>
            {payment.instructions.length > 1
              ? ` · ${formatAmount(instruction.instructedAmount.amount, instruction.instructedAmount.currency)} to ${instruction.creditorName}`
              : ''}
          </li>
        ))}
      </ul>
      <StatusTimeline
        history={payment.statusHistory}
        label={`Status history of payment ${payment.paymentId}`}
      />
      <p className="muted small">
        {FINAL_PAYMENT_STATUSES.includes(payment.transactionStatus)
          ? 'Final status.'
          : `Can become ${PAYMENT_TRANSITIONS[payment.transactionStatus].join(', ')} (payment lifecycle).`}
      </p>
    </article>
  );
}

/** Payments, newest first, each with its status history as a timeline. */
export function PaymentList({ state }: { state: Pick<State, 'payments' | 'accounts' | 'cardAccounts'> }) {
  const list = paymentsNewestFirst(state);
  return (
    <section aria-labelledby="payments-title">
      <h2 id="payments-title">Payments</h2>
      {list.length === 0 ? (
        <p className="muted">No payments yet: run the payment flow.</p>
      ) : (
        <div className="cards">
          {list.map((p) => (
            <PaymentCard key={p.paymentId} payment={p} debtor={debtorLabel(state, p)} />
          ))}
        </div>
      )}
    </section>
  );
}
