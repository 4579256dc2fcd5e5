import type { RequestLogEntry, StateChange } from '@sandbank/engine';
import { useState } from 'react';
import { useApiCall, useConnection } from '../bank/hooks.js';
import { timeTravel } from '../bank/time-travel.js';
import { readTppMessages, TppMessages } from './TppMessages.js';

/** A path as the state tree shows it: `payments › 3f0c… › transactionStatus`. */
export function formatPath(path: readonly (string | number)[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : key)).join(' › ');
}

function Value({ value, summary }: { value: unknown; summary: string | undefined }) {
  if (summary !== undefined) return <span className="muted">({summary})</span>;
  const text = JSON.stringify(value);
  return <code className="change-value">{text === undefined ? 'undefined' : text}</code>;
}

const SIGN = { added: '+', changed: '~', removed: '−' } as const;

/** The changes one request committed to the bank, read from its commit's patches. */
export function StateChangeList({
  changes,
  omitted = 0,
}: {
  changes: readonly StateChange[];
  omitted?: number;
}) {
  if (changes.length === 0) return <p className="muted">No changes: this request left the bank as it was.</p>;
  return (
    <ul className="state-changes" aria-label="State changes">
      {changes.map((change) => (
        <li key={`${change.kind}:${change.path.join('/')}`} className={`change change-${change.kind}`}>
          <span className="change-kind" title={change.kind}>
            {SIGN[change.kind]} <span className="visually-hidden">{change.kind}</span>
          </span>{' '}
          <span className="mono change-path">{formatPath(change.path)}</span>
          {change.kind !== 'added' ? (
            <span className="change-before">
              {' '}
              <span className="muted small">before</span>{' '}
              <Value value={change.before} summary={change.beforeSummary} />
            </span>
          ) : null}
          {change.kind !== 'removed' ? (
            <span className="change-after">
              {' '}
              <span className="muted small">{change.kind === 'added' ? 'value' : 'after'}</span>{' '}
              <Value value={change.after} summary={change.afterSummary} />
            </span>
          ) : null}
        </li>
      ))}
      {omitted > 0 ? (
        <li className="muted">…and {omitted} more changes (export the state to see them all).</li>
      ) : null}
    </ul>
  );
}

/** A request's "State changes" section with "Restore the bank to before this request". */
export function StateChanges({ entry }: { entry: RequestLogEntry }) {
  const connection = useConnection();
  const { send, result, pending } = useApiCall(connection);
  const [note, setNote] = useState('');
  const commit = entry.commit ?? null;
  const restore = async () => {
    if (commit === null) return;
    const answer = await send(timeTravel.restoreBefore(commit));
    setNote(answer?.status === 200 ? `The bank is back to before commit ${commit}.` : '');
  };
  return (
    <section className="state-changes-section" aria-label="State changes">
      <h4>State changes {commit !== null ? <span className="muted small">(commit {commit})</span> : null}</h4>
      <StateChangeList changes={entry.changes ?? []} omitted={entry.changesOmitted ?? 0} />
      {commit !== null ? (
        <div className="row">
          <button type="button" disabled={pending} onClick={restore}>
            Restore the bank to before this request
          </button>
          <span role="status" className="muted small">
            {note}
          </span>
        </div>
      ) : null}
      {result && result.status >= 400 ? <TppMessages messages={readTppMessages(result.body)} /> : null}
    </section>
  );
}
