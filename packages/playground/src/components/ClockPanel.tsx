import { useCallback, useId, useState } from 'react';
import { useApiCall, useBankNow, useConnection } from '../bank/hooks.js';
import { useClearOnNextChange } from '../bank/stale-note.js';
import { formatTime } from '../derive/time.js';
import { readTppMessages, TppMessages } from './TppMessages.js';

const PRESETS = [
  { label: '+1 h', minutes: 60 },
  { label: '+1 day', minutes: 24 * 60 },
  { label: '+1 week', minutes: 7 * 24 * 60 },
] as const;

/** The bank clock (architecture: "Bank clock"): advance it, set it, run the next batch. */
export function ClockPanel({ offsetMs = 0, fixedNow }: { offsetMs?: number; fixedNow?: number }) {
  const ticking = useBankNow(offsetMs);
  const now = fixedNow ?? ticking;
  const connection = useConnection();
  const { send, result, pending } = useApiCall(connection);
  const [target, setTarget] = useState('');
  const [note, setNote] = useState('');
  useClearOnNextChange(
    connection,
    useCallback(() => setNote(''), []),
  );
  const targetId = useId();
  const advance = async (minutes: number) => {
    const r = await send({ method: 'POST', path: '/_sandbank/clock', body: { advanceMinutes: minutes } });
    setNote(r && r.status === 200 ? `Advanced ${minutes} minutes.` : '');
  };
  const setTo = async () => {
    if (target === '') return;
    const r = await send({ method: 'POST', path: '/_sandbank/clock', body: { set: `${target}:00Z` } });
    setNote(r && r.status === 200 ? `Clock set to ${target} UTC.` : '');
  };
  const runBatch = async () => {
    const r = await send({ method: 'POST', path: '/_sandbank/batch' });
    if (r === null) return;
    setNote(
      r.status === 404 || r.status === 405
        ? 'This engine has no batch processing yet (POST /_sandbank/batch answered 404).'
        : r.status < 300
          ? 'Ran the next batch.'
          : '',
    );
  };
  return (
    <section className="clock" aria-label="Bank clock">
      <p className="clock-now">
        <span className="muted">Bank clock (UTC)</span>{' '}
        <time className="mono" dateTime={new Date(now).toISOString()}>
          {formatTime(now)}
        </time>
      </p>
      <div className="row">
        {PRESETS.map((p) => (
          <button key={p.label} type="button" disabled={pending} onClick={() => advance(p.minutes)}>
            {p.label}
          </button>
        ))}
        <button type="button" disabled={pending} onClick={runBatch}>
          Run next batch
        </button>
      </div>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void setTo();
        }}
      >
        <label htmlFor={targetId}>Set to (UTC)</label>
        <input
          id={targetId}
          type="datetime-local"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        />
        <button type="submit" disabled={pending || target === ''}>
          Set
        </button>
      </form>
      <p role="status" className="muted small status-line">
        {note}
      </p>
      {result && result.status >= 400 ? <TppMessages messages={readTppMessages(result.body)} /> : null}
    </section>
  );
}
