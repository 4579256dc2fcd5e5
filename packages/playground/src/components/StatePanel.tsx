import type { State } from '@sandbank/engine';
import { useCallback, useId, useState } from 'react';
import { useApiCall, useConnection } from '../bank/hooks.js';
import { timeTravel } from '../bank/time-travel.js';
import { formatTime } from '../derive/time.js';
import { StateTree } from './StateTree.js';
import { readTppMessages, TppMessages } from './TppMessages.js';

/**
 * Reset, export/import as a file, named snapshots (kept by the bank, so every tab lists them and they
 * survive a restart: docs/decisions/time-travel.md) and the whole state as a tree.
 */
export function StatePanel({ state }: { state?: State | null }) {
  const connection = useConnection();
  const { send, result, pending } = useApiCall(connection);
  const snapshots = Object.entries(state?.snapshots ?? {}).sort(([, a], [, b]) => a.savedAt - b.savedAt);
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const nameId = useId();
  const fileId = useId();

  const reset = async () => {
    const r = await send({ method: 'POST', path: '/v1/sandbox/initialize' });
    setNote(r?.status === 204 ? 'Back to the seeded state.' : '');
  };
  const exportState = async () => {
    const r = await send({ method: 'GET', path: '/_sandbank/state' });
    if (r?.status !== 200) return;
    const url = URL.createObjectURL(new Blob([r.text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `sandbank-state-${new Date().toISOString().slice(0, 19).replaceAll(':', '')}.json`;
    link.click();
    URL.revokeObjectURL(url);
    setNote('State exported.');
  };
  const importText = useCallback(
    async (text: string, what: string) => {
      const r = await send({ method: 'PUT', path: '/_sandbank/state', body: text });
      setNote(r?.status === 204 ? `${what} restored.` : '');
    },
    [send],
  );
  const saveSnapshot = async () => {
    const chosen = name.trim() || `snapshot ${snapshots.length + 1}`;
    const r = await send(timeTravel.saveSnapshot(chosen));
    if (r === null || r.status >= 400) return;
    setName('');
    setNote(`Saved "${chosen}".`);
  };
  const restore = async (snapshot: string) => {
    const r = await send(timeTravel.restoreSnapshot(snapshot));
    setNote(r?.status === 200 ? `Restored "${snapshot}".` : '');
  };
  const remove = async (snapshot: string) => {
    const r = await send(timeTravel.deleteSnapshot(snapshot));
    setNote(r?.status === 204 ? `Deleted "${snapshot}".` : '');
  };

  return (
    <section className="state-panel" aria-label="State">
      <div className="row">
        <button type="button" disabled={pending} onClick={reset}>
          Reset sandbox
        </button>
        <button type="button" disabled={pending} onClick={exportState}>
          Export state
        </button>
        {/* The input stays focusable (visually hidden, before its label) so the keyboard reaches it. */}
        <input
          id={fileId}
          className="visually-hidden file-input"
          type="file"
          accept="application/json,.json"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (file) await importText(await file.text(), `"${file.name}"`);
            e.target.value = '';
          }}
        />
        <label htmlFor={fileId} className="button">
          Import state…
        </label>
      </div>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void saveSnapshot();
        }}
      >
        <label htmlFor={nameId}>Snapshot name</label>
        <input
          id={nameId}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="before payment"
        />
        <button type="submit" disabled={pending}>
          Save snapshot
        </button>
      </form>
      {snapshots.length > 0 ? (
        <ul className="snapshots" aria-label="Snapshots">
          {snapshots.map(([snapshot, { savedAt }]) => (
            <li key={snapshot}>
              <span>{snapshot}</span>{' '}
              <span className="muted small">saved {formatTime(savedAt)} (bank clock)</span>
              <button
                type="button"
                disabled={pending}
                onClick={() => restore(snapshot)}
                aria-label={`Restore snapshot ${snapshot}`}
              >
                Restore
              </button>
              <button
                type="button"
                disabled={pending}
                onClick={() => remove(snapshot)}
                aria-label={`Delete snapshot ${snapshot}`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="muted small status-line">
        {note}
      </p>
      {result && result.status >= 400 ? <TppMessages messages={readTppMessages(result.body)} /> : null}
      {state ? <StateTree state={state} /> : null}
    </section>
  );
}
