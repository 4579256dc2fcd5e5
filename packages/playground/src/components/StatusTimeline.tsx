import type { StatusChange } from '../derive/activity.js';
import { formatTime } from '../derive/time.js';
import { StatusBadge } from './StatusBadge.js';

/** The statuses a payment or basket went through, oldest first, with bank times. */
export function StatusTimeline({ history, label }: { history: readonly StatusChange[]; label: string }) {
  return (
    <ol className="timeline" aria-label={label}>
      {history.map((step) => (
        <li key={`${step.status}-${step.at}`}>
          <StatusBadge status={step.status} />
          <time className="mono muted" dateTime={new Date(step.at).toISOString()}>
            {formatTime(step.at)}
          </time>
          {step.reason ? <span className="muted"> {step.reason}</span> : null}
        </li>
      ))}
    </ol>
  );
}
