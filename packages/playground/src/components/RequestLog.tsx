import type { RequestLogEntry } from '@sandbank/engine';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { toCurl } from '../bank/request.js';
import { restoreOf, undoneCommits } from '../bank/time-travel.js';
import { formatTime } from '../derive/time.js';
import { JsonView } from './JsonView.js';
import { SearchBox } from './SearchBox.js';
import { SignatureSteps } from './SignatureSteps.js';
import { StateChanges } from './StateChanges.js';
import { StatusBadge } from './StatusBadge.js';
import { readTppMessages, TppMessages } from './TppMessages.js';
import { VirtualList } from './VirtualList.js';

const ROW_HEIGHT = 32;

/** The first tppMessage code of an answer, shown in the row like a status text. */
function firstCode(entry: RequestLogEntry): string | undefined {
  return readTppMessages(entry.responseBody)[0]?.code;
}

/**
 * What a fault rule did to this request (docs/faults.md), from the `X-Sandbank-Fault` response header
 * (`<rule id>; <effect>`): "injected: 503 maintenance". Undefined for a request answered as usual.
 */
export function injectedLabel(entry: RequestLogEntry): string | undefined {
  const header = entry.responseHeaders['x-sandbank-fault'];
  if (header === undefined) return undefined;
  const effect = header
    .slice(header.indexOf(';') + 1)
    .trim()
    .replace(/ until .*$/, '');
  return `injected: ${effect}`;
}

function matches(entry: RequestLogEntry, needle: string): boolean {
  if (needle === '') return true;
  return `${entry.method} ${entry.path} ${entry.status} ${entry.operation ?? ''} ${firstCode(entry) ?? ''} ${injectedLabel(entry) ?? ''}`
    .toLowerCase()
    .includes(needle);
}

function Headers({ headers, label }: { headers: Record<string, string>; label: string }) {
  const list = Object.entries(headers);
  if (list.length === 0) return <p className="muted">(no headers)</p>;
  return (
    <dl className="headers" aria-label={label}>
      {list.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd className="mono">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RequestDetail({ entry }: { entry: RequestLogEntry }) {
  const [copied, setCopied] = useState<'idle' | 'done' | 'failed'>('idle');
  const curl = useMemo(() => toCurl(entry), [entry]);
  // On a narrow window the detail sits below the list: bring it into view when a request is chosen.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (entry) box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [entry]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(curl);
      setCopied('done');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="request-detail" ref={box}>
      <header className="card-head">
        <StatusBadge status={entry.status} />
        <strong className="mono">{entry.method}</strong>
        <span className="mono ellipsis">{entry.path}</span>
      </header>
      {injectedLabel(entry) ? (
        <p className="fault-mark">
          {injectedLabel(entry)}{' '}
          <span className="mono small">({entry.responseHeaders['x-sandbank-fault']})</span>
        </p>
      ) : null}
      <p className="muted small">
        {formatTime(entry.at)} (bank clock) · {entry.durationMs.toFixed(1)} ms · operation{' '}
        <code>{entry.operation ?? 'none'}</code>
      </p>
      <div className="row">
        <button type="button" onClick={copy}>
          Copy as curl
        </button>
        <span role="status" className="muted small">
          {copied === 'done'
            ? 'Copied.'
            : copied === 'failed'
              ? 'The clipboard is not available; select the text below.'
              : ''}
        </span>
      </div>
      <details>
        <summary>curl</summary>
        <pre className="json">{curl}</pre>
      </details>
      <TppMessages messages={readTppMessages(entry.responseBody)} />
      {/* The worker's auto-signing marks what it signed (docs/interactive-docs.md). */}
      {entry.requestHeaders['x-sandbank-signed-by'] ? (
        <p role="note">{entry.requestHeaders['x-sandbank-signed-by']}</p>
      ) : null}
      <StateChanges entry={entry} />
      <SignatureSteps signature={entry.signature} />
      <h4>Request headers</h4>
      <Headers headers={entry.requestHeaders} label="Request headers" />
      <h4>Request body</h4>
      <JsonView value={entry.requestBody} label="Request body" />
      <h4>Response headers</h4>
      <Headers headers={entry.responseHeaders} label="Response headers" />
      <h4>Response body</h4>
      <JsonView value={entry.responseBody} label="Response body" />
    </div>
  );
}

/** Every request the bank answered, like a browser's network panel. */
export function RequestLog({
  entries,
  onClear,
}: {
  entries: readonly RequestLogEntry[];
  onClear: () => void;
}) {
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<RequestLogEntry | null>(null);
  const needle = useDeferredValue(filter.trim().toLowerCase());
  const rows = useMemo(() => entries.filter((e) => matches(e, needle)), [entries, needle]);
  const current = selected && entries.includes(selected) ? selected : null;
  const undone = useMemo(() => undoneCommits(entries), [entries]);
  return (
    <section className="request-log" aria-label="Request log">
      <SearchBox
        label="Filter"
        query={filter}
        onQuery={setFilter}
        placeholder="method, path, status, error code, injected"
        statusClassName="count"
        status={`${rows.length} of ${entries.length}`}
      >
        <button
          type="button"
          onClick={() => {
            setSelected(null);
            onClear();
          }}
        >
          Clear
        </button>
      </SearchBox>
      <div className="split">
        <div>
          <div className="table-head log-row" aria-hidden="true">
            <span>Status</span>
            <span>Method</span>
            <span>Path</span>
            <span className="amount">Time</span>
          </div>
          <VirtualList
            items={rows}
            rowHeight={ROW_HEIGHT}
            label="Requests"
            followEnd
            getKey={(_, index) => String(index)}
            empty="No requests yet. Everything the bank answers shows up here."
            rowClassName={(entry) =>
              restoreOf(entry) !== null
                ? 'log-restore'
                : entry.commit != null && undone.has(entry.commit)
                  ? 'log-undone'
                  : ''
            }
            renderRow={(entry) => (
              <button
                type="button"
                className="log-row"
                aria-label={`${entry.method} ${entry.path}: ${entry.status}, ${entry.durationMs.toFixed(1)} ms${
                  restoreOf(entry)
                    ? `, ${restoreOf(entry)?.label}`
                    : entry.commit != null && undone.has(entry.commit)
                      ? ', undone by a restore'
                      : ''
                }`}
                aria-current={entry === current ? 'true' : undefined}
                onClick={() => setSelected(entry)}
              >
                <StatusBadge status={entry.status} />
                <span className="mono">{entry.method}</span>
                <span className="mono ellipsis">
                  {entry.path}
                  {firstCode(entry) ? <span className="muted"> {firstCode(entry)}</span> : null}
                  {injectedLabel(entry) ? <span className="fault-mark"> {injectedLabel(entry)}</span> : null}
                  {restoreOf(entry) ? (
                    <span className="restore-mark"> ↺ {restoreOf(entry)?.label}</span>
                  ) : null}
                </span>
                <span className="mono muted amount">{entry.durationMs.toFixed(1)} ms</span>
              </button>
            )}
          />
        </div>
        <div className="detail-pane">
          {current ? (
            <RequestDetail entry={current} />
          ) : (
            <p className="muted">Select a request to see its headers and bodies.</p>
          )}
        </div>
      </div>
    </section>
  );
}
