import type { State } from '@sandbank/engine';
import { useId, useState } from 'react';
import { useApiCall, useConnection } from '../bank/hooks.js';
import { API_OPERATIONS, exampleFor, pathWith } from '../forms/operations.js';
import { JsonView } from './JsonView.js';
import { StatusBadge } from './StatusBadge.js';
import { readTppMessages, TppMessages } from './TppMessages.js';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** `Name: value` per line → a header map; blank and malformed lines are skipped. */
export function parseHeaderLines(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Any request, any headers, any body: the response as the bank gives it. Interactive API docs. */
export function TryIt({
  initialPath = '/v1/sandbox/initialize',
  initialMethod = 'POST',
  state = null,
  now,
}: {
  initialPath?: string;
  initialMethod?: string;
  /** For example requests that name existing customers and accounts. */
  state?: State | null;
  /** Bank time the examples are dated by (default: the page clock plus the bank's offset). */
  now?: number;
}) {
  const connection = useConnection();
  const { send, result, error, pending } = useApiCall(connection);
  const [method, setMethod] = useState(initialMethod);
  const [path, setPath] = useState(initialPath);
  const [headers, setHeaders] = useState('Accept: application/json');
  const [body, setBody] = useState('');
  const ids = { method: useId(), path: useId(), headers: useId(), body: useId(), ops: useId() };
  return (
    <section className="try-it" aria-label="Try it">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send({
            method,
            path,
            headers: parseHeaderLines(headers),
            ...(body.trim() === '' ? {} : { body }),
          });
        }}
      >
        <div className="row">
          <label htmlFor={ids.ops}>Known operation</label>
          <select
            id={ids.ops}
            value=""
            onChange={(e) => {
              const op = API_OPERATIONS[Number(e.target.value)];
              if (!op) return;
              // The example names what this bank holds; without one, parameters stay `{name}`.
              const example =
                state === null
                  ? null
                  : exampleFor(op, { state, now: now ?? Date.now() + state.clock.offsetMs });
              setMethod(op.method);
              setPath(pathWith(op.pattern, example?.params ?? {}));
              setBody(example === null ? '' : JSON.stringify(example.body, null, 2));
            }}
          >
            <option value="">choose…</option>
            {API_OPERATIONS.map((op, i) => (
              <option key={op.key} value={i}>
                {op.method} {op.pattern.replace(/:(\w+)/g, '{$1}')} ({op.summary ?? op.service})
              </option>
            ))}
          </select>
        </div>
        <div className="row request-line">
          <label htmlFor={ids.method} className="visually-hidden">
            Method
          </label>
          <select id={ids.method} value={method} onChange={(e) => setMethod(e.target.value)}>
            {METHODS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
          <label htmlFor={ids.path} className="visually-hidden">
            Path
          </label>
          <input id={ids.path} className="mono grow" value={path} onChange={(e) => setPath(e.target.value)} />
          <button type="submit" disabled={pending}>
            Send
          </button>
        </div>
        <div className="two-columns">
          <div className="field">
            <label htmlFor={ids.headers}>
              Headers (one "Name: value" per line; X-Request-ID is added on /v1)
            </label>
            <textarea
              id={ids.headers}
              className="mono"
              rows={5}
              value={headers}
              onChange={(e) => setHeaders(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.body}>Body</label>
            <textarea
              id={ids.body}
              className="mono"
              rows={5}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          </div>
        </div>
      </form>
      <div className="response" aria-live="polite">
        {error ? <p className="field-error">{error}</p> : null}
        {result ? (
          <>
            <p>
              <StatusBadge status={result.status} /> <span className="muted">response</span>
            </p>
            <TppMessages messages={readTppMessages(result.body)} />
            <JsonView value={result.headers} label="Response headers" />
            <JsonView value={result.body} label="Response body" />
          </>
        ) : (
          <p className="muted">Send a request to see the bank's answer here.</p>
        )}
      </div>
    </section>
  );
}
