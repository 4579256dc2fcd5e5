import { useCallback, useEffect, useId, useState } from 'react';
import { useApiCall, useConnection } from '../bank/hooks.js';
import { formatTime } from '../derive/time.js';
import { readTppMessages, TppMessages } from './TppMessages.js';

export interface Snapshot {
  name: string;
  /** Bank time of the save, epoch ms. */
  savedAt: number;
  state: unknown;
}

const STORAGE_KEY = 'sandbank.playground.snapshots';

export function loadSnapshots(storage: Storage | undefined = globalThis.localStorage): Snapshot[] {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as Snapshot[]) : [];
  } catch {
    return [];
  }
}

function saveSnapshots(list: Snapshot[]): string | null {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(list));
    return null;
  } catch {
    return 'The browser refused to store the snapshot (storage full?). Export it as a file instead.';
  }
}

/** Reset, export/import as a file, and named snapshots kept in this browser. */
export function StatePanel() {
  const connection = useConnection();
  const { send, result, pending } = useApiCall(connection);
  const [snapshots, setSnapshots] = useState<Snapshot[]>([]);
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const nameId = useId();
  const fileId = useId();
  useEffect(() => setSnapshots(loadSnapshots()), []);

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
    const r = await send({ method: 'GET', path: '/_sandbank/state' });
    if (r?.status !== 200) return;
    const offsetMs = (r.body as { clock?: { offsetMs?: number } } | null)?.clock?.offsetMs ?? 0;
    const snapshot: Snapshot = {
      name: name.trim() || `snapshot ${snapshots.length + 1}`,
      savedAt: Date.now() + offsetMs,
      state: r.body,
    };
    const next = [...snapshots.filter((s) => s.name !== snapshot.name), snapshot];
    const problem = saveSnapshots(next);
    if (problem) {
      setNote(problem);
      return;
    }
    setSnapshots(next);
    setName('');
    setNote(`Saved "${snapshot.name}".`);
  };
  const remove = (snapshot: Snapshot) => {
    const next = snapshots.filter((s) => s !== snapshot);
    saveSnapshots(next);
    setSnapshots(next);
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
          {snapshots.map((s) => (
            <li key={s.name}>
              <span>{s.name}</span>{' '}
              <span className="muted small">saved {formatTime(s.savedAt)} (bank clock)</span>
              <button
                type="button"
                disabled={pending}
                onClick={() => importText(JSON.stringify(s.state), `"${s.name}"`)}
              >
                Restore
              </button>
              <button type="button" onClick={() => remove(s)} aria-label={`Delete snapshot ${s.name}`}>
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
    </section>
  );
}
