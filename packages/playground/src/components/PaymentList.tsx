import type { PaymentView } from '../bank/extensions.js';
import { formatAmount } from '../derive/money.js';
import { formatTime } from '../derive/time.js';
import { StatusBadge } from './StatusBadge.js';
import { StatusTimeline } from './StatusTimeline.js';

export function PaymentCard({ payment }: { payment: PaymentView }) {
  return (
    <article className="card" aria-label={`Payment ${payment.paymentId}`}>
      <header className="card-head">
        <StatusBadge status={payment.transactionStatus} />
        <strong className="mono">
          {formatAmount(payment.instructedAmount.amount, payment.instructedAmount.currency)}
        </strong>
        <span>to {payment.creditorName || '—'}</span>
      </header>
      <p className="muted small">
        <span className="mono">{payment.paymentId}</span> · {payment.product} · created{' '}
        {formatTime(payment.createdAt)}
        {payment.requestedExecutionDate ? ` · execution ${payment.requestedExecutionDate}` : ''}
        {payment.fundsAvailable === false ? ' · funds lacking' : ''}
      </p>
      <p className="small">
        from <span className="mono">{payment.debtorAccount.bban ?? payment.debtorAccount.iban ?? '—'}</span>{' '}
        to <span className="mono">{payment.creditorAccount.bban ?? payment.creditorAccount.iban ?? '—'}</span>
      </p>
      <StatusTimeline history={payment.history} label={`Status history of payment ${payment.paymentId}`} />
    </article>
  );
}

/** Payments, newest first, each with its status history as a timeline. */
export function PaymentList({ payments }: { payments: Record<string, PaymentView> }) {
  const list = Object.values(payments).sort((a, b) => b.createdAt - a.createdAt);
  return (
    <section aria-labelledby="payments-title">
      <h2 id="payments-title">Payments</h2>
      {list.length === 0 ? (
        <p className="muted">No payments yet: run the payment flow.</p>
      ) : (
        <div className="cards">
          {list.map((p) => (
            <PaymentCard key={p.paymentId} payment={p} />
          ))}
        </div>
      )}
    </section>
  );
}
