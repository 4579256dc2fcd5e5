import type { RequestLogEntry, SandboxEvent } from '@sandbank/engine';
import type { StorageReport } from '@sandbank/engine/storage';

// What `{baseUrl}/_sandbank/events` sends: the same events the service worker broadcasts to its tabs
// (`SandbankEvent` of @sandbank/service-worker), one JSON text message each:
//   { type: 'state-change', seq, patches }   a committed change, numbered by the bank's change log
//   { type: 'request', entry }               a request-log entry
//   { type: 'storage', report }              read the whole state again (see below)
// A change too large for one message (a whole state imported) is sent as a `storage` event instead,
// which tells a client to read `GET /_sandbank/state` again; a request entry's bodies are cut when
// they are too large, and its Authorization header is never sent.

export type HostedEvent =
  | { type: 'state-change'; seq: number; patches: unknown[] }
  | { type: 'request'; entry: RequestLogEntry }
  | { type: 'storage'; report: StorageReport };

/** The largest change sent as patches. */
export const MAX_CHANGE_BYTES = 1024 * 1024;
/** The largest request or response body a log entry carries. */
export const MAX_BODY_CHARS = 64 * 1024;

function cut(body: unknown): unknown {
  if (body === null) return null;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  if (text === undefined || text.length <= MAX_BODY_CHARS) return body;
  return `[${text.length} characters, too large for the events socket]`;
}

function entryForSocket(entry: RequestLogEntry): RequestLogEntry {
  const requestHeaders = { ...entry.requestHeaders };
  if ('authorization' in requestHeaders) requestHeaders.authorization = '[not sent]';
  return {
    ...entry,
    requestHeaders,
    requestBody: cut(entry.requestBody) as string | null,
    responseBody: cut(entry.responseBody),
  };
}

export function encodeEvent(event: SandboxEvent, seq: number, report: StorageReport): string {
  if (event.type === 'request') {
    return JSON.stringify({ type: 'request', entry: entryForSocket(event.entry) } satisfies HostedEvent);
  }
  const change = JSON.stringify({
    type: 'state-change',
    seq,
    patches: event.commit.patches,
  } satisfies HostedEvent);
  return change.length <= MAX_CHANGE_BYTES
    ? change
    : JSON.stringify({ type: 'storage', report } satisfies HostedEvent);
}
